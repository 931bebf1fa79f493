import { type RawBuilder, sql } from 'kysely';
import type { ReadTables } from '../../platform/projection.ts';
import type { ReadContext } from '../../platform/reads/context.ts';
import {
  DEAL_CEILINGS,
  type DealRating,
  MARKET_SALES,
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

/**
 * The market of some makes and models (`groups`, a condition on `cars`, which is the table as a
 * query names it: schema-qualified unless the query itself names `cars`): their cars for sale
 * (live, unsold, on the market) and their latest `MARKET_SALES` sales, each with its year and
 * mileage band, and whether it is for sale.
 */
const marketOf = (
  groups: RawBuilder<boolean>,
  cars: RawBuilder<unknown> = sql.table('cars'),
) => sql`
  market as (
    select mk, md, year, band, price, for_sale from (
      select lower(make) as mk, lower(model) as md, year, mileage / ${band} as band,
        price::float8 as price, sold_at is null as for_sale,
        case when sold_at is null then 0 else row_number() over
          (partition by lower(make), lower(model), sold_at is null order by sold_at desc) end as sale
      from ${cars}
      where deleted_at is null and year is not null and make is not null and model is not null
        and (sold_at is not null or not off_market) and ${groups}
    ) c where sale <= ${sql.lit(MARKET_SALES)}
  )`;

/**
 * The market value of each cell (make, model, year, mileage band) of `cells`: the prices of the
 * market's cars within `MARKET_YEARS[0]` years and one band, else within that many years, else
 * within `MARKET_YEARS[1]` years, whichever first holds `MIN_COMPARABLES`. Each market car is
 * spread over the cells it is comparable with, so every level is one grouping by equality.
 */
const valuesOf = sql`
  spread as (
    select m.mk, m.md, m.year + dy as year, m.band + db as band, m.price
    from market m, generate_series(-${near}, ${near}) dy, generate_series(-1, 1) db
    where m.band is not null
  ),
  by_band as (
    select mk, md, year, band, count(*)::int as n,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) as p
    from spread where (mk, md, year, band) in (select mk, md, year, band from cells)
    group by mk, md, year, band having count(*) >= ${enough}
  ),
  by_years as (
    select m.mk, m.md, m.year + dy as year, 1 as level, m.price
    from market m, generate_series(-${near}, ${near}) dy
    union all
    select m.mk, m.md, m.year + dy, 2, m.price
    from market m, generate_series(-${wide}, ${wide}) dy
  ),
  by_year as (
    select mk, md, year, level, count(*)::int as n,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) as p
    from by_years where (mk, md, year) in (select mk, md, year from cells)
    group by mk, md, year, level having count(*) >= ${enough}
  ),
  valued as (
    select c.mk, c.md, c.year, c.band,
      coalesce(b.n, y1.n, y2.n) as n, coalesce(b.p, y1.p, y2.p) as p
    from cells c
    left join by_band b on (b.mk, b.md, b.year, b.band) = (c.mk, c.md, c.year, c.band)
    left join by_year y1 on (y1.mk, y1.md, y1.year, y1.level) = (c.mk, c.md, c.year, 1)
    left join by_year y2 on (y2.mk, y2.md, y2.year, y2.level) = (c.mk, c.md, c.year, 2)
  )`;

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
 * has none. Writes only the rows whose values change, and names the groups in `car_markets`.
 */
export const revalueMarkets = async (
  tables: ReadTables,
  groups: readonly MarketGroup[],
): Promise<void> => {
  if (groups.length === 0) return;
  const chosen = inGroups(groups);
  const ratio = sql<number>`c.price::float8 / v.p[2]`;
  const targets = sql<MarketColumns & { id: string }>`(
    with ${marketOf(chosen)},
    cells as (select distinct mk, md, year, band from market where for_sale),
    ${valuesOf}
    select c.id,
      round(v.p[2]::numeric) as market_value, round(v.p[1]::numeric) as fair_low,
      round(v.p[3]::numeric) as fair_high, v.n as comparables,
      ${ratio} as deal_ratio, ${ratingOf(ratio)} as deal
    from ${sql.table('cars')} c
    left join valued v on c.sold_at is null and not c.off_market
      and (v.mk, v.md, v.year) = (lower(c.make), lower(c.model), c.year)
      and v.band is not distinct from c.mileage / ${band}
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
    .where(
      sql<boolean>`(${sql.join(columns.map((c) => sql.ref(`c.${c}`)))}) is distinct from (${sql.join(
        columns.map((c) => sql.ref(`t.${c}`)),
      )})`,
    )
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
    .onConflict((conflict) => conflict.doNothing())
    .execute();
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
        select n, p from valued
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
