import { type RawBuilder, sql } from 'kysely';
import type { ReadTables } from '../../platform/projection.ts';
import type { ReadContext } from '../../platform/reads/context.ts';
import {
  DEAL_CEILINGS,
  type DealRating,
  MARKET_SALES,
  MARKET_VALUE_TOLERANCE,
  MARKET_YEARS,
  MILEAGE_BAND_KM,
  MIN_COMPARABLES,
} from '../../platform/rules.ts';

/** A make and model, lowercase: the cars whose market values are kept together. */
export interface MarketGroup {
  make: string;
  model: string;
}

/** What comparable cars say a car is worth. */
export interface MarketValue {
  /** The median price of the comparables, in whole dollars. */
  value: number;
  /** The 25th and 75th percentiles: the fair range. */
  low: number;
  high: number;
  comparables: number;
}

const band = sql.lit(MILEAGE_BAND_KM);
const [near, wide] = MARKET_YEARS.map((years) => sql.lit(years));
const enough = sql.lit(MIN_COMPARABLES);
const tolerance = sql.lit(MARKET_VALUE_TOLERANCE);

/**
 * The market of some makes and models (`groups`, a condition on `cars`, which is the table as a
 * query names it: schema-qualified unless the query itself names `cars`): their cars for sale
 * (live, unsold, on the market) and their latest `MARKET_SALES` sales, each with its year,
 * mileage and band, the logarithm of its price, and whether it is for sale.
 */
const marketOf = (
  groups: RawBuilder<boolean>,
  cars: RawBuilder<unknown> = sql.table('cars'),
) => sql`
  market as (
    select mk, md, year, km, band, lp, for_sale from (
      select lower(make) as mk, lower(model) as md, year, mileage::float8 as km,
        mileage / ${band} as band, ln(price::float8) as lp, sold_at is null as for_sale,
        case when sold_at is null then 0 else row_number() over
          (partition by lower(make), lower(model), sold_at is null order by sold_at desc) end as sale
      from ${cars}
      where deleted_at is null and year is not null and make is not null and model is not null
        and price > 0 and (sold_at is not null or not off_market) and ${groups}
    ) c where sale <= ${sql.lit(MARKET_SALES)}
  )`;

/**
 * How a make and model's prices fall with age and mileage: the least-squares fit of the log of
 * the price on the year and the mileage (`b_year`, `b_km`, per year and per kilometre), from at
 * least `FIT_CARS` of its market with a mileage; none (zero) with fewer or no spread.
 */
const FIT_CARS = 20;
const fitOf = sql`
  sums as (
    select mk, md, count(*) as n, var_pop(year::float8) as s11, var_pop(km) as s22,
      covar_pop(year::float8, km) as s12, covar_pop(year::float8, lp) as s1y,
      covar_pop(km, lp) as s2y
    from market where km is not null group by mk, md
  ),
  fit as (
    select mk, md,
      case when n >= ${sql.lit(FIT_CARS)} and s11 * s22 - s12 * s12 > 0
        then (s1y * s22 - s2y * s12) / (s11 * s22 - s12 * s12) else 0 end as b_year,
      case when n >= ${sql.lit(FIT_CARS)} and s11 * s22 - s12 * s12 > 0
        then (s2y * s11 - s1y * s12) / (s11 * s22 - s12 * s12) else 0 end as b_km
    from sums
  ),
  adjusted as (
    select m.*, coalesce(f.b_year, 0) as b_year, coalesce(f.b_km, 0) as b_km,
      m.lp - coalesce(f.b_year, 0) * m.year - coalesce(f.b_km, 0) * m.km as q,
      m.lp - coalesce(f.b_year, 0) * m.year as qy
    from market m left join fit f using (mk, md)
  )`;

/** Percentiles 25, 50 and 75 of `column`, the fair range and the value. */
const quartiles = (column: string) =>
  sql`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${sql.ref(column)})`;

/**
 * The market value of each cell (make, model, year, mileage band) of `cells`, from the market's
 * cars within `MARKET_YEARS[0]` years and one band, else within that many years, else within
 * `MARKET_YEARS[1]` years, whichever first holds `MIN_COMPARABLES`. Each comparable's price is
 * first brought to the same age and mileage by the make and model's fit (`q`, or `qy` for a
 * car that does not say its mileage: its age alone), so its quartiles are those of prices of
 * one car; `valueAt` brings them back to a car's own. Each market car is spread over the cells
 * it is comparable with, so every widening is one grouping by equality. Every step is
 * materialized, computed once: a table that grew since its statistics were taken (a read model
 * catching up) makes the planner expect one row, and run an inlined step again for every car.
 */
const valuesOf = sql`
  ${fitOf},
  spread as materialized (
    select a.mk, a.md, a.year + dy as year, a.band + db as band, a.q
    from adjusted a, generate_series(-${near}, ${near}) dy, generate_series(-1, 1) db
    where a.band is not null
  ),
  by_band as materialized (
    select mk, md, year, band, count(*)::int as n, ${quartiles('q')} as p
    from spread where (mk, md, year, band) in (select mk, md, year, band from cells)
    group by mk, md, year, band having count(*) >= ${enough}
  ),
  by_years as materialized (
    select a.mk, a.md, a.year + dy as year, 1 as level, a.q, a.qy
    from adjusted a, generate_series(-${near}, ${near}) dy
    union all
    select a.mk, a.md, a.year + dy, 2, a.q, a.qy
    from adjusted a, generate_series(-${wide}, ${wide}) dy
  ),
  by_year as materialized (
    select mk, md, year, level, count(q)::int as nq, ${quartiles('q')} as pq,
      count(*)::int as ny, ${quartiles('qy')} as py
    from by_years where (mk, md, year) in (select mk, md, year from cells)
    group by mk, md, year, level
  ),
  valued as materialized (
    select c.mk, c.md, c.year, c.band, coalesce(f.b_year, 0) as b_year,
      coalesce(f.b_km, 0) as b_km, w.n, w.p
    from cells c
    left join fit f using (mk, md)
    left join by_band b on (b.mk, b.md, b.year, b.band) = (c.mk, c.md, c.year, c.band)
    left join by_year y1 on (y1.mk, y1.md, y1.year, y1.level) = (c.mk, c.md, c.year, 1)
    left join by_year y2 on (y2.mk, y2.md, y2.year, y2.level) = (c.mk, c.md, c.year, 2)
    cross join lateral (
      select * from (values
        (1, b.n, b.p),
        (2, case when c.band is null then y1.ny else y1.nq end,
            case when c.band is null then y1.py else y1.pq end),
        (3, case when c.band is null then y2.ny else y2.nq end,
            case when c.band is null then y2.py else y2.pq end)
      ) l(level, n, p)
      where n >= ${enough} order by level limit 1
    ) w
  )`;

/**
 * A quartile of a cell (`v`, as `valued` answers it) brought to a car of its year and of
 * mileage `km` (null: the cell is one of cars without a mileage), in dollars.
 */
const valueAt = (quartile: 1 | 2 | 3, km: RawBuilder<unknown>) =>
  sql<number>`exp(v.p[${sql.lit(quartile)}] + v.b_year * v.year
    + case when v.band is null then 0 else v.b_km * ${km} end)`;

/** A rating from a price's share of the market value (none without a value), as SQL. */
const ratingOf = (ratio: RawBuilder<number>) =>
  sql<DealRating | null>`case when ${ratio} is null then null
    ${sql.join(
      Object.entries(DEAL_CEILINGS).map(
        ([rating, ceiling]) => sql`when ${ratio} <= ${sql.lit(ceiling)} then ${sql.lit(rating)}`,
      ),
      sql` `,
    )}
    else 'overpriced' end`;

/** The makes and models of `groups` as a condition on `cars`. */
const inGroups = (groups: readonly MarketGroup[]) =>
  sql<boolean>`(lower(make), lower(model)) in (${sql.join(
    groups.map((g) => sql`(${g.make}, ${g.model})`),
  )})`;

/** The makes and models of cars that `car_markets` does not name yet: never valued. */
export const unvaluedMarkets = async (tables: ReadTables): Promise<MarketGroup[]> =>
  tables
    .selectFrom('cars')
    .select([sql<string>`lower(make)`.as('make'), sql<string>`lower(model)`.as('model')])
    .distinct()
    .where('make', 'is not', null)
    .where('model', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('car_markets')
            .select('make_key')
            .whereRef('make_key', '=', sql`lower(cars.make)`)
            .whereRef('model_key', '=', sql`lower(cars.model)`),
        ),
      ),
    )
    .execute();

/**
 * Values again every car of `groups`: a car for sale with enough comparables gets its market
 * value, fair range, number of comparables, rating and price ratio; every other car of them
 * has none. Writes only the rows whose values change by `MARKET_VALUE_TOLERANCE` or more, or
 * whose rating changes, and names the groups in `car_markets`, no longer dirty.
 */
export const revalueMarkets = async (
  tables: ReadTables,
  groups: readonly MarketGroup[],
): Promise<void> => {
  if (groups.length === 0) return;
  const chosen = inGroups(groups);
  const ratio = sql<number>`c.price::float8 / ${valueAt(2, sql`c.mileage`)}`;
  const targets = sql<MarketColumns & { id: string }>`(
    with ${marketOf(chosen)},
    cells as (select distinct mk, md, year, band from market where for_sale),
    ${valuesOf}
    select c.id,
      round(${valueAt(2, sql`c.mileage`)}::numeric) as market_value,
      round(${valueAt(1, sql`c.mileage`)}::numeric) as fair_low,
      round(${valueAt(3, sql`c.mileage`)}::numeric) as fair_high, v.n as comparables,
      ${ratio} as deal_ratio, ${ratingOf(ratio)} as deal
    from ${sql.table('cars')} c
    left join valued v on c.sold_at is null and not c.off_market
      and (v.mk, v.md, v.year) = (lower(c.make), lower(c.model), c.year)
      -- An equality (a hash join): cars without a mileage are in the cell whose band is -1.
      and coalesce(v.band, -1) = coalesce(c.mileage / ${band}, -1)
    where c.deleted_at is null and c.make is not null and c.model is not null and ${chosen}
  )`;
  const columns = ['market_value', 'fair_low', 'fair_high', 'comparables', 'deal'] as const;
  await tables
    .updateTable('cars as c')
    .from(targets.as('t'))
    .set({
      ...Object.fromEntries(columns.map((column) => [column, sql.ref(`t.${column}`)])),
      deal_ratio: sql.ref('t.deal_ratio'),
    })
    .whereRef('c.id', '=', 't.id')
    // Names the cars' make and model as well, so they are found by their index, not a scan.
    .where(chosen)
    // Every rewrite of a car is a new row version of it and of its indexes: at 100,000 cars,
    // rewriting every value a burst's new fit nudges took twice as long as valuing them.
    .where(sql<boolean>`((c.market_value is null) <> (t.market_value is null)
      or c.deal is distinct from t.deal
      or abs(t.market_value - c.market_value) >= ${tolerance} * c.market_value
      or abs(t.deal_ratio - c.deal_ratio) >= ${tolerance} * c.deal_ratio)`)
    .execute();
  await tables
    .insertInto('car_markets')
    .columns(['make_key', 'model_key'])
    .expression(
      tables
        .selectFrom('cars')
        .select([
          sql<string>`lower(make)`.as('make_key'),
          sql<string>`lower(model)`.as('model_key'),
        ])
        .distinct()
        .where(chosen),
    )
    .onConflict((conflict) =>
      conflict.columns(['make_key', 'model_key']).doUpdateSet({ dirty: false }),
    )
    .execute();
};

/** Marks makes and models to be valued again when the batch settles (`settleMarkets`). */
export const markMarkets = async (tables: ReadTables, groups: readonly MarketGroup[]) => {
  if (groups.length === 0) return;
  await tables
    .insertInto('car_markets')
    .values(groups.map((g) => ({ make_key: g.make, model_key: g.model, dirty: true })))
    .onConflict((conflict) =>
      conflict.columns(['make_key', 'model_key']).doUpdateSet({ dirty: true }),
    )
    .execute();
};

/**
 * Whether every make and model that batches moved has been valued again: none is left marked.
 * A write shows once its batch is applied, and its make and model's values a settling later.
 */
export const marketsSettled = async (tables: ReadTables): Promise<boolean> => {
  const marked = await tables
    .selectFrom('car_markets')
    .select('make_key')
    .where('dirty', '=', true)
    .limit(1)
    .execute();
  return marked.length === 0;
};

/** Values again the makes and models marked since the last time. */
export const settleMarkets = async (tables: ReadTables): Promise<void> => {
  const dirty = await tables
    .selectFrom('car_markets')
    .select(['make_key as make', 'model_key as model'])
    .where('dirty', '=', true)
    .execute();
  await revalueMarkets(tables, dirty);
};

interface MarketColumns {
  market_value: string | null;
  fair_low: string | null;
  fair_high: string | null;
  comparables: number | null;
  deal: DealRating | null;
  deal_ratio: number | null;
}

/** What a car of this make, model, year and mileage would be worth now, or undefined. */
export const marketValueOf = async (
  ctx: ReadContext,
  car: { make: string; model: string; year: number; mileage?: number | undefined },
): Promise<MarketValue | undefined> => {
  const [make, model] = [car.make.trim().toLowerCase(), car.model.trim().toLowerCase()];
  const mileage = car.mileage === undefined ? sql`null::int` : sql`${car.mileage}::int`;
  const found = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom(
      sql<{ n: number | null; p: number[] | null }>`(
        with ${marketOf(inGroups([{ make, model }]), sql.table(`${ctx.schema}.cars`))},
        cells as (select ${make}::text as mk, ${model}::text as md, ${car.year}::int as year,
          ${mileage} / ${band} as band),
        ${valuesOf}
        select v.n, array[${valueAt(1, mileage)}, ${valueAt(2, mileage)}, ${valueAt(3, mileage)}] as p
        from valued v where v.n is not null
      )`.as('v'),
    )
    .selectAll()
    .executeTakeFirst();
  if (found?.p == null || found.n === null) return undefined;
  const [low = 0, value = 0, high = 0] = found.p;
  return {
    value: Math.round(value),
    low: Math.round(low),
    high: Math.round(high),
    comparables: found.n,
  };
};
