import { type CarFacetsAnswer, EXACT_TOTAL_LIMIT } from '@second-gear/contracts';
import { PRICE_BAND_BOUNDS, PRICE_BAND_SQL } from '@second-gear/read-model';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ReadContext } from '../context.ts';
import {
  type CarSearch,
  carConditions,
  countableFromFacets,
  type Dimension,
  facetConditions,
  plannedRows,
  textQueryOf,
  totalOfCars,
} from './car-search.ts';

type Counts = Map<string | number, number>;

// The column of each dimension, as both the cars and the facet counts name it.
const columns: Record<Dimension, RawBuilder<string | number>> = {
  category: sql`category_name`,
  make: sql`make`,
  model: sql`model`,
  fuel: sql`fuel`,
  transmission: sql`transmission`,
  price: sql`price_band`,
};

const priceBand = sql.raw<number>(PRICE_BAND_SQL);

/** Counts of one dimension from the facet table, which keeps them for every combination. */
const countFromFacets = async (
  ctx: ReadContext,
  search: CarSearch,
  dimension: Dimension,
): Promise<{ counts: Counts; estimated: boolean }> => {
  const rows = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('car_facets')
    .select([columns[dimension].as('value'), sql<string>`sum(cars)`.as('count')])
    .where(({ and }) => and(facetConditions(search, dimension)))
    .groupBy(sql`1`)
    .execute();
  return { counts: new Map(rows.map((r) => [r.value, Number(r.count)])), estimated: false };
};

/**
 * Counts of one dimension from the cars themselves: exact over the first `EXACT_TOTAL_LIMIT`
 * matches, newest first; beyond them, scaled to PostgreSQL's estimate of all matches.
 */
const countFromCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  dimension: Dimension,
): Promise<{ counts: Counts; estimated: boolean }> => {
  const conditions: RawBuilder<SqlBool>[] = carConditions(search, tsquery, dimension);
  const value = dimension === 'price' ? priceBand : columns[dimension];
  const matches = ctx.db
    .withSchema(ctx.schema)
    .selectFrom('cars')
    .select(value.as('value'))
    .where(({ and }) => and(conditions));
  const rows = await ctx.db
    .selectFrom(matches.orderBy('listed_position', 'desc').limit(EXACT_TOTAL_LIMIT).as('sample'))
    .select(['value', sql<number>`count(*)::int`.as('count')])
    .groupBy('value')
    .execute();
  const counts: Counts = new Map(rows.map((r) => [r.value, r.count]));
  const sampled = rows.reduce((sum, r) => sum + r.count, 0);
  if (sampled < EXACT_TOTAL_LIMIT) return { counts, estimated: false };
  const scale = Math.max(1, (await plannedRows(ctx, matches)) / sampled);
  for (const [key, count] of counts) counts.set(key, Math.round(count * scale));
  return { counts, estimated: scale > 1 };
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
  const fromFacets = countableFromFacets(search);
  const count = (dimension: Dimension) =>
    fromFacets
      ? countFromFacets(ctx, search, dimension)
      : countFromCars(ctx, search, tsquery, dimension);
  const noModels = { counts: new Map() as Counts, estimated: false };
  const [total, category, make, model, fuel, transmission, price] = await Promise.all([
    totalOfCars(ctx, search, carConditions(search, tsquery)),
    count('category'),
    count('make'),
    // The facet counts do not hold models; a make's models are few, so they are counted.
    search.filters.make === undefined ? noModels : countFromCars(ctx, search, tsquery, 'model'),
    count('fuel'),
    count('transmission'),
    count('price'),
  ]);
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
