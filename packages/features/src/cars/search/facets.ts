import { PRICE_BAND_BOUNDS, PRICE_BAND_SQL } from '@second-gear/read-model';
import { sql } from 'kysely';
import { type CarFacetsAnswer, EXACT_TOTAL_LIMIT } from '../../contract/index.ts';
import type { ReadContext } from '../../platform/reads/context.ts';
import {
  type CarSearch,
  type CarTotal,
  carConditions,
  countableFromFacets,
  countedIn,
  type Dimension,
  facetConditions,
  facetTotal,
  inSample,
  narrowing,
  onlyNarrowed,
  onlyNear,
  placeTotal,
  plannedRows,
  SAMPLED_FROM,
  textQueryOf,
  totalFromSample,
  totalOfCars,
  withoutNarrowing,
} from './car-search.ts';

type Counts = Map<string | number, number>;

// The column of each dimension in the facet counts; the cars name them alike, but for the
// price band, which is computed from their price.
const columns: Record<Dimension, string> = {
  category: 'category_name',
  make: 'make',
  model: 'model',
  fuel: 'fuel',
  transmission: 'transmission',
  price: 'price_band',
};
const rowValue = (dimension: Dimension) =>
  dimension === 'price' ? PRICE_BAND_SQL : columns[dimension];

/** A counted value as read back as text: a price band's lower bound is a number. */
const countedValue = (dimension: Dimension, value: string): string | number =>
  dimension === 'price' ? Number(value) : value;

/** The dimensions the facet table keeps, in the order its grouping sets name them. */
const keptDimensions = ['category', 'make', 'fuel', 'transmission', 'price'] as const;

/**
 * What grouping by `dimensions` reads, with `column` naming each one's column (the dimension's
 * own name by default): the two leading columns (which dimension a row counts, and its value as
 * text; both null on the row of the empty set, which counts everything), and the grouping sets,
 * one per dimension and an empty one.
 */
const groupedBy = (
  dimensions: readonly Dimension[],
  column: (d: Dimension) => string = (d) => d,
) => {
  const grouped = (d: Dimension) => sql`grouping(${sql.ref(column(d))}) = 0`;
  return {
    grouped,
    leading: sql`case ${sql.join(
      dimensions.map((d) => sql`when ${grouped(d)} then ${sql.lit(d)}`),
      sql` `,
    )} end as dimension,
      coalesce(${sql.join(
        dimensions.map((d) => sql`${sql.ref(column(d))}::text`),
        sql`, `,
      )}) as value`,
    sets: sql`grouping sets (${sql.join(
      dimensions.map((d) => sql`(${sql.ref(column(d))})`),
      sql`, `,
    )}, ())`,
  };
};

/**
 * Every kept dimension's counts and the total from the facet table, in one scan of it: one
 * grouping set per dimension, each summing the rows that match every filter but the
 * dimension's own, and an empty set for the total, which matches them all.
 */
const countAllFromFacets = async (
  ctx: ReadContext,
  search: CarSearch,
): Promise<{ total: number; counted: Map<Dimension, Counted> }> => {
  const matching = (except?: Dimension) => sql.join(facetConditions(search, except), sql` and `);
  const { grouped, leading, sets } = groupedBy(keptDimensions, (d) => columns[d]);
  const { rows } = await sql<{ dimension: Dimension | null; value: string | null; count: string }>`
    select
      ${leading},
      case ${sql.join(
        keptDimensions.map(
          (d) => sql`when ${grouped(d)} then sum(cars) filter (where ${matching(d)})`,
        ),
        sql` `,
      )} else sum(cars) filter (where ${matching()}) end as count
    from ${sql.table(`${ctx.schema}.car_facets`)}
    where cars <> 0
    group by ${sets}
  `.execute(ctx.db);
  const counted = new Map<Dimension, Counted>(
    keptDimensions.map((d) => [d, { counts: new Map(), estimated: false }]),
  );
  let total = 0;
  for (const row of rows) {
    const count = Number(row.count ?? 0);
    if (row.dimension === null) total = count;
    else if (row.value !== null) {
      counted.get(row.dimension)?.counts.set(countedValue(row.dimension, row.value), count);
    }
  }
  return { total, counted };
};

type Counted = { counts: Counts; estimated: boolean };

/** The models of the search's make, from `car_model_facets`, with every filter but a model. */
const countModelsFromFacets = async (
  ctx: ReadContext,
  search: CarSearch,
): Promise<Map<Dimension, Counted>> => {
  const rows = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('car_model_facets')
    .select(['model as value', sql<string>`sum(cars)`.as('count')])
    .where(({ and }) => and(facetConditions(search, 'model')))
    .groupBy('model')
    .execute();
  const counts: Counts = new Map(rows.map((r) => [r.value, Number(r.count)]));
  return new Map([['model', { counts, estimated: false }]]);
};

const hasOwnFilter = (search: CarSearch, dimension: Dimension): boolean => {
  const f = search.filters;
  if (dimension === 'price') return f.minPrice !== undefined || f.maxPrice !== undefined;
  return f[dimension] !== undefined;
};

/**
 * Counts of some dimensions from the cars themselves, over up to `EXACT_TOTAL_LIMIT` matches of
 * the search without `except`'s filter: exact when there are no more, else scaled to
 * PostgreSQL's estimate of all matches. The dimensions share one read of the matches, one
 * grouping set each, and an empty set counts the sample itself, which is the search's total
 * when `except` is not given. The sample is the matches the database reaches first, unsorted:
 * taking the newest would read and sort every match (110,000 for one common word at 1,000,000
 * cars) to keep 10,000.
 */
const countFromCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  dimensions: Dimension[],
  except?: Dimension,
): Promise<{ counted: Map<Dimension, Counted>; total: CarTotal }> => {
  const table = countedIn(search);
  const matches = ctx.db
    .withSchema(ctx.schema)
    .selectFrom(table)
    .select(dimensions.map((d) => sql.raw(rowValue(d)).as(d)))
    .where(({ and }) => and(carConditions(search, tsquery, except, table)));
  const { leading, sets } = groupedBy(dimensions);
  const rows = await sql<{ dimension: Dimension | null; value: string | null; count: number }>`
    select ${leading}, count(*)::int as count
    from (${matches.limit(EXACT_TOTAL_LIMIT + 1)}) sample
    group by ${sets}
  `.execute(ctx.db);
  const sampled = rows.rows.find((r) => r.dimension === null)?.count ?? 0;
  const planned = sampled > EXACT_TOTAL_LIMIT ? await plannedRows(ctx, matches) : undefined;
  const scale = planned === undefined ? 1 : Math.max(1, planned / sampled);
  const counted = new Map<Dimension, Counted>(
    dimensions.map((d) => [d, { counts: new Map(), estimated: planned !== undefined }]),
  );
  for (const row of rows.rows) {
    if (row.dimension === null || row.value === null) continue;
    counted
      .get(row.dimension)
      ?.counts.set(countedValue(row.dimension, row.value), Math.round(row.count * scale));
  }
  const total: CarTotal =
    planned === undefined
      ? { total: sampled, estimated: false }
      : { total: Math.max(sampled, planned), estimated: true };
  return { counted, total };
};

/**
 * Every dimension's counts from the cars, and the search's total: the dimensions without a
 * filter of their own share the search's matches, which also give the total; each one with its
 * own filter is counted without it.
 */
const countAllFromCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  dimensions: Dimension[],
): Promise<readonly [CarTotal, Map<Dimension, Counted>]> => {
  const shared = dimensions.filter((d) => !hasOwnFilter(search, d));
  const own = dimensions.filter((d) => hasOwnFilter(search, d));
  const [matching, ...parts] = await Promise.all([
    shared.length > 0 ? countFromCars(ctx, search, tsquery, shared) : undefined,
    ...own.map((d) => countFromCars(ctx, search, tsquery, [d], d)),
  ]);
  const counted = new Map(
    [matching, ...parts].flatMap((part) => (part === undefined ? [] : [...part.counted])),
  );
  return [matching?.total ?? (await totalOfCars(ctx, search, tsquery)), counted] as const;
};

/** How many times the cars of a total's sample the facets' sample holds. */
const FACET_SAMPLE = 2;

/**
 * The counts of a search by words or near a place and nothing else (`onlyNarrowed`), from a
 * sample of the bookable cars that holds the one its total is taken from (`inSample`), scaled
 * to that total (or to `exact`, a place's own); or undefined, and the matches are counted, when
 * that total is not surely far above `EXACT_TOTAL_LIMIT` (`totalFromSample`). Counting even
 * 10,001 matches of a common word reads some 80,000 cars at 1,000,000, and their grouping is no
 * better a guess of the rest than a sample's.
 */
const countAllFromSample = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  exact: number | undefined,
): Promise<readonly [CarTotal, Map<Dimension, Counted>] | undefined> => {
  // A place's exact total says at once whether a sample would be trusted.
  if (!onlyNarrowed(search, tsquery) || (exact !== undefined && exact < SAMPLED_FROM)) {
    return undefined;
  }
  const cars = await facetTotal(ctx, withoutNarrowing(search));
  const { leading, sets } = groupedBy(keptDimensions);
  // Every car of the sample grouped, its matches counted by a filter: as a condition of the
  // scan, the words would be looked up in the full-text index, every match of a common word.
  // The total is the search's own, from the smaller sample inside this one.
  const { rows } = await sql<{
    dimension: Dimension | null;
    value: string | null;
    count: number;
    matched: number;
    read: number;
  }>`
    select
      ${leading},
      (count(*) filter (where matched))::int as count,
      (count(*) filter (where matched and total))::int as matched,
      (count(*) filter (where total))::int as read
    from (
      select ${sql.join(
        keptDimensions.map((d) => sql`${sql.raw(rowValue(d))} as ${sql.ref(d)}`),
        sql`, `,
      )}, ${sql.join(narrowing(search, tsquery), sql` and `)} as matched,
        ${inSample(cars)} as total
      from ${sql.table(`${ctx.schema}.available_cars`)}
      where ${inSample(cars, FACET_SAMPLE)}
    ) sample
    group by ${sets}
  `.execute(ctx.db);
  const all = rows.find((row) => row.dimension === null);
  const sampled = all && totalFromSample(all, cars);
  if (all === undefined || !sampled?.trusted || all.count === 0) return undefined;
  // Each dimension's counts add up to the total.
  const total: CarTotal =
    exact === undefined
      ? { total: sampled.total, estimated: true }
      : { total: exact, estimated: false };
  const scale = total.total / all.count;
  const counted = new Map<Dimension, Counted>(
    keptDimensions.map((d) => [d, { counts: new Map(), estimated: true }]),
  );
  for (const row of rows) {
    if (row.dimension === null || row.value === null) continue;
    counted
      .get(row.dimension)
      ?.counts.set(countedValue(row.dimension, row.value), Math.round(row.count * scale));
  }
  return [total, counted] as const;
};

const ranked = (counts: Counts) =>
  [...counts]
    .filter(([value, count]) => value !== '' && value !== null && count > 0)
    .map(([value, count]) => ({ value: String(value), count }))
    .toSorted((a, b) => b.count - a.count || a.value.localeCompare(b.value));

/**
 * The filter panel's counts for a search. Each dimension is counted with every filter but its
 * own, so the panel shows what choosing another make (or fuel, or band) would find.
 */
export const carFacets = async (ctx: ReadContext, search: CarSearch): Promise<CarFacetsAnswer> => {
  const tsquery = await textQueryOf(ctx, search);
  // Near a place and nothing else, the total is exact, from the points its cars stand at.
  const exact = onlyNear(search, tsquery) ? await placeTotal(ctx, search.origin) : undefined;
  const dimensions: Dimension[] = [...keptDimensions];
  if (search.filters.make !== undefined) dimensions.push('model');
  const [total, counted] = countableFromFacets(search)
    ? await Promise.all([
        countAllFromFacets(ctx, search),
        // A make's models, from their own counts.
        search.filters.make === undefined ? undefined : countModelsFromFacets(ctx, search),
      ]).then(
        ([facets, models]) =>
          [
            { total: facets.total, estimated: false },
            new Map([...facets.counted, ...(models ?? [])]),
          ] as const,
      )
    : ((await countAllFromSample(ctx, search, tsquery, exact)) ??
      (await countAllFromCars(ctx, search, tsquery, dimensions)));
  const none: Counted = { counts: new Map(), estimated: false };
  const of = (d: Dimension) => counted.get(d) ?? none;
  const [category, make, model, fuel, transmission, price] = (
    ['category', 'make', 'model', 'fuel', 'transmission', 'price'] as const
  ).map(of) as [Counted, Counted, Counted, Counted, Counted, Counted];
  const bands = PRICE_BAND_BOUNDS.map((min, i) => ({
    min,
    max: PRICE_BAND_BOUNDS[i + 1] ?? null,
    count: price.counts.get(min) ?? price.counts.get(String(min)) ?? 0,
  })).filter((band) => band.count > 0);
  return {
    total: exact ?? total.total,
    estimated: [total, category, make, model, fuel, transmission, price].some((c) => c.estimated),
    category: ranked(category.counts),
    make: ranked(make.counts),
    model: ranked(model.counts),
    fuel: ranked(fuel.counts),
    transmission: ranked(transmission.counts),
    price: bands,
  };
};
