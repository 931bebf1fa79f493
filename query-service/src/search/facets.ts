import { type CarFacetsAnswer, EXACT_TOTAL_LIMIT } from '@second-gear/contracts';
import { PRICE_BAND_BOUNDS, PRICE_BAND_SQL } from '@second-gear/read-model';
import { CompiledQuery, sql } from 'kysely';
import type { ReadContext } from '../context.ts';
import {
  type CarSearch,
  carConditions,
  countableFromFacets,
  countedIn,
  type Dimension,
  facetConditions,
  plannedRows,
  textQueryOf,
  totalOfCars,
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

/** Counts of one dimension from the facet table, which keeps them for every combination. */
const countFromFacets = async (
  ctx: ReadContext,
  search: CarSearch,
  dimension: Dimension,
): Promise<Counted> => {
  const rows = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('car_facets')
    .select([
      sql.raw<string | number>(columns[dimension]).as('value'),
      sql<string>`sum(cars)`.as('count'),
    ])
    .where(({ and }) => and(facetConditions(search, dimension)))
    .groupBy(sql`1`)
    .execute();
  return { counts: new Map(rows.map((r) => [r.value, Number(r.count)])), estimated: false };
};

type Counted = { counts: Counts; estimated: boolean };

const hasOwnFilter = (search: CarSearch, dimension: Dimension): boolean => {
  const f = search.filters;
  if (dimension === 'price') return f.minPrice !== undefined || f.maxPrice !== undefined;
  return f[dimension] !== undefined;
};

/**
 * Counts of some dimensions from the cars themselves, over the first `EXACT_TOTAL_LIMIT` matches
 * (newest first) of the search without `except`'s filter: exact when there are no more, else
 * scaled to PostgreSQL's estimate of all matches. The dimensions share one read of the matches.
 */
const countFromCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  dimensions: Dimension[],
  except?: Dimension,
): Promise<Map<Dimension, Counted>> => {
  const table = countedIn(search);
  const matches = ctx.db
    .withSchema(ctx.schema)
    .selectFrom(table)
    .select(dimensions.map((d) => sql.raw(rowValue(d)).as(d)))
    .where(({ and }) => and(carConditions(search, tsquery, except, table)));
  const sample = matches.orderBy('listed_position', 'desc').limit(EXACT_TOTAL_LIMIT).compile();
  const text = `with sample as (${sample.sql}) ${dimensions
    .map(
      (d) =>
        `select '${d}' as dimension, "${d}"::text as value, count(*)::int as count from sample group by 2`,
    )
    .join(' union all ')}`;
  const rows = await ctx.db.executeQuery<{
    dimension: Dimension;
    value: string | null;
    count: number;
  }>(CompiledQuery.raw(text, [...sample.parameters]));
  const sampled = rows.rows
    .filter((r) => r.dimension === dimensions[0])
    .reduce((sum, r) => sum + r.count, 0);
  const scale =
    sampled < EXACT_TOTAL_LIMIT ? 1 : Math.max(1, (await plannedRows(ctx, matches)) / sampled);
  const counted = new Map<Dimension, Counted>(
    dimensions.map((d) => [d, { counts: new Map(), estimated: scale > 1 }]),
  );
  for (const row of rows.rows) {
    if (row.value === null) continue;
    const value = row.dimension === 'price' ? Number(row.value) : row.value;
    counted.get(row.dimension)?.counts.set(value, Math.round(row.count * scale));
  }
  return counted;
};

/**
 * Every dimension's counts from the cars: the dimensions without a filter of their own share
 * the search's matches; each one with its own filter is counted without it.
 */
const countAllFromCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  dimensions: Dimension[],
): Promise<Map<Dimension, Counted>> => {
  const shared = dimensions.filter((d) => !hasOwnFilter(search, d));
  const own = dimensions.filter((d) => hasOwnFilter(search, d));
  const parts = await Promise.all([
    shared.length > 0 ? countFromCars(ctx, search, tsquery, shared) : new Map(),
    ...own.map((d) => countFromCars(ctx, search, tsquery, [d], d)),
  ]);
  return new Map(parts.flatMap((part) => [...part]));
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
  const dimensions: Dimension[] = ['category', 'make', 'fuel', 'transmission', 'price'];
  // The facet counts do not hold models; a make's models are few, so they are counted.
  if (search.filters.make !== undefined) dimensions.push('model');
  const fromFacets = countableFromFacets(search);
  const [total, counted] = await Promise.all([
    totalOfCars(ctx, search, tsquery),
    fromFacets
      ? Promise.all(
          dimensions.map(async (d) =>
            d === 'model'
              ? ([d, (await countFromCars(ctx, search, tsquery, [d], d)).get(d)!] as const)
              : ([d, await countFromFacets(ctx, search, d)] as const),
          ),
        ).then((pairs) => new Map<Dimension, Counted>(pairs))
      : countAllFromCars(ctx, search, tsquery, dimensions),
  ]);
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
    total: total.total,
    estimated: [total, category, make, model, fuel, transmission, price].some((c) => c.estimated),
    category: ranked(category.counts),
    make: ranked(make.counts),
    model: ranked(model.counts),
    fuel: ranked(fuel.counts),
    transmission: ranked(transmission.counts),
    price: bands,
  };
};
