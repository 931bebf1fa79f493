import type { CarRow } from '@second-gear/read-model';
import { HttpProblem } from '@second-gear/service-http';
import { type Compilable, CompiledQuery, type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  type CarFilters,
  type CarSort,
  EXACT_TOTAL_LIMIT,
  searchKeys,
} from '../../contract/index.ts';
import { chordOf, type EarthPoint, earthPointOf, kmOfChord, placeOf } from '../../places/index.ts';
import type { ReadContext } from '../../platform/reads/context.ts';
import { type Account, ownedBy } from '../../platform/reads/viewer.ts';
import { DEFAULT_RADIUS_KM } from '../../platform/rules.ts';
import { type CarCursor, decodeCursor, encodeCursor } from './cursor.ts';
import { startOf, textQuery } from './words.ts';

/** Which cars a list starts from, before any filter. */
export interface CarScope {
  /** A seller's own cars (their dashboard), by account. */
  seller?: Account;
  /** The Recommended cars: advertised and still available. */
  advertised?: boolean;
}

export type BookedFilter = 'false' | 'true' | 'any';

/** The place a search is near: its point, and the straight line through the Earth its radius makes. */
export interface Origin {
  point: EarthPoint;
  chord: number;
}

/** A list of cars as a request asks for it. */
export interface CarSearch {
  scope: CarScope;
  filters: Omit<CarFilters, 'booked'>;
  booked: BookedFilter;
  sort: CarSort;
  cursor?: string;
  /** Where `near` is, when given. */
  origin?: Origin;
  /**
   * A plain list (every car, or a category's, with numbered pages): the cars a buyer can still
   * book come first, then the booked ones, each part newest first.
   */
  bookableFirst?: true;
}

/** A facet dimension, left out of its own counts so the panel shows the other choices. */
export type Dimension = 'category' | 'make' | 'model' | 'fuel' | 'transmission' | 'price';

/** True when a query asks for more than the plain list: a filter, a sort or a cursor. */
export const isSearch = (query: Record<string, unknown>): boolean =>
  searchKeys.some((key) => query[key] !== undefined);

/**
 * The search a list's query asks for. The plain lists keep every car, booked or not; a search
 * leaves booked cars out unless `booked` says otherwise, as buyers expect of a marketplace. A
 * seller's own list always shows their booked cars unless asked not to.
 */
export const carSearchOf = (
  query: Omit<CarFilters, 'category'> & { category?: string; sort?: CarSort; cursor?: string },
  scope: CarScope = {},
): CarSearch => {
  const { booked, sort, cursor, ...filters } = query;
  const searching = isSearch(query);
  const origin = originOf(filters.near, filters.radiusKm);
  const plain = !searching && scope.seller === undefined && !scope.advertised;
  return {
    scope,
    filters,
    booked: booked ?? (searching && scope.seller === undefined ? 'false' : 'any'),
    sort: sort ?? 'newest',
    ...(cursor === undefined ? {} : { cursor }),
    ...(origin === undefined ? {} : { origin }),
    ...(plain ? { bookableFirst: true } : {}),
  };
};

/** Where a search near a place measures from; an unknown place is refused, naming `near`. */
const originOf = (near: string | undefined, radiusKm = DEFAULT_RADIUS_KM): Origin | undefined => {
  if (near === undefined) return undefined;
  const place = placeOf(near);
  if (place === undefined) {
    const message =
      'Unknown place: write a town as "Boulder, CO" or "Lyon, France", or "latitude,longitude"';
    throw HttpProblem.badRequest(`Invalid request: querystring.near: ${message}`, [
      { field: 'querystring.near', message },
    ]);
  }
  return { point: earthPointOf(place.latitude, place.longitude), chord: chordOf(radiusKm) };
};

/** A search's point as the index compares it. */
const pointOf = (origin: Origin) =>
  sql`cube(array[${origin.point[0]}, ${origin.point[1]}, ${origin.point[2]}]::float8[])`;

/** The straight line through the Earth from a search's place to a car, which orders by distance. */
const chordTo = (origin: Origin) => sql<number>`earth_point <-> ${pointOf(origin)}`;

/** A found car's `chord` column: to the search's place, or null without one. */
const chordColumn = (origin: Origin | undefined) =>
  origin === undefined ? sql<number | undefined>`null`.as('chord') : chordTo(origin).as('chord');

/**
 * The cars within the radius: those in the cube around the point that holds the radius's
 * sphere (which the GiST index finds), then those that are within it.
 */
const withinReach = (origin: Origin): RawBuilder<SqlBool> =>
  sql`earth_point <@ cube_enlarge(${pointOf(origin)}, ${origin.chord}, 3) and ${chordTo(origin)} <= ${origin.chord}`;

/** The kilometres from a search's place to a car, to one decimal, from the chord it was sorted by. */
export const distanceKmOf = (chord: number): number => Math.round(kmOfChord(chord) * 10) / 10;

const lower = (value: string) => value.trim().toLowerCase();

/** Where a car without a deal rating sorts: after every rated one (migration 0024's index). */
const NO_DEAL = 1e9;

/** Where a car without a mileage sorts: after every mileage. */
const NO_MILEAGE = 2_147_483_647;

/**
 * Where a search's matches are counted: among the cars a buyer can book (`available_cars`,
 * narrow, an index per filter) when the search asks for those alone, as a buyer's search does;
 * else in the cars table.
 */
export type CountedIn = 'cars' | 'available_cars';

export const countedIn = (search: CarSearch): CountedIn =>
  search.booked === 'false' && search.scope.seller === undefined && !search.scope.advertised
    ? 'available_cars'
    : 'cars';

/** Where a search's total is counted, and its conditions there. */
const countOf = (search: CarSearch, tsquery: string | undefined) => {
  const table = countedIn(search);
  return { table, conditions: carConditions(search, tsquery, undefined, table) };
};

/**
 * The conditions of a search on the cars table (live cars only, and unsold but on a seller's
 * own list), all of them ANDed; on `available_cars`, which holds only live, unsold, unbooked
 * cars, the filters alone.
 */
export const carConditions = (
  search: CarSearch,
  tsquery: string | undefined,
  except?: Dimension,
  table: CountedIn = 'cars',
): RawBuilder<SqlBool>[] => {
  const { scope, filters: f } = search;
  const where: RawBuilder<SqlBool>[] = [];
  if (table === 'cars') {
    where.push(sql`deleted_at is null`);
    // A sold car, or one off the market, stays on its seller's own list and leaves every other.
    if (scope.seller !== undefined) where.push(ownedBy('seller', scope.seller));
    else where.push(sql`sold_at is null and not off_market`);
  }
  where.push(...facetFilters(search, except, table));
  if (f.model !== undefined && except !== 'model') {
    where.push(sql`lower(model) = ${lower(f.model)}`);
  }
  if (except !== 'price') {
    if (f.minPrice !== undefined) where.push(sql`price >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) where.push(sql`price <= ${f.maxPrice}`);
  }
  // Written as the indexed sort keys are (a car without a year or a mileage sorts last), so
  // the ranges read those indexes; a car that does not say is never in a range.
  if (f.minYear !== undefined || f.maxYear !== undefined) {
    where.push(sql`coalesce(year, -1) >= ${f.minYear ?? 0}`);
  }
  if (f.maxYear !== undefined) where.push(sql`coalesce(year, -1) <= ${f.maxYear}`);
  if (f.maxMileage !== undefined) {
    where.push(sql`coalesce(mileage, ${sql.lit(NO_MILEAGE)}) <= ${f.maxMileage}`);
  }
  if (f.deal !== undefined) where.push(sql`deal in (${sql.join(f.deal)})`);
  if (f.location !== undefined) {
    where.push(sql`lower(location) like ${startOf(lower(f.location))}`);
  }
  if (tsquery !== undefined) {
    where.push(sql`search_vector @@ to_tsquery('simple', ${tsquery})`);
  }
  if (search.origin !== undefined) where.push(withinReach(search.origin));
  return where;
};

/** Filters the facet counts can answer alone, without reading the cars. */
export const countableFromFacets = (search: CarSearch): boolean => {
  const f = search.filters;
  return (
    f.q === undefined &&
    search.scope.seller === undefined &&
    f.model === undefined &&
    f.minPrice === undefined &&
    f.maxPrice === undefined &&
    f.minYear === undefined &&
    f.maxYear === undefined &&
    f.maxMileage === undefined &&
    f.location === undefined &&
    f.deal === undefined &&
    search.origin === undefined
  );
};

/** The same conditions on the facet counts (the caller checked `countableFromFacets`). */
export const facetConditions = (search: CarSearch, except?: Dimension): RawBuilder<SqlBool>[] => [
  sql`cars <> 0`,
  ...facetFilters(search, except, 'car_facets'),
];

/**
 * The conditions on the facets' dimensions, which the cars and the facet counts name alike
 * (`category_name`, `make`, `fuel`, `transmission`, `booked`, `advertised`).
 */
const facetFilters = (
  search: CarSearch,
  except?: Dimension,
  table: CountedIn | 'car_facets' = 'cars',
): RawBuilder<SqlBool>[] => {
  const { scope, filters: f } = search;
  const where: RawBuilder<SqlBool>[] = [];
  if (table !== 'available_cars') {
    if (scope.advertised) where.push(sql`advertised = 1 and booked = 0`);
    if (search.booked !== 'any') where.push(sql`booked = ${search.booked === 'true' ? 1 : 0}`);
  }
  if (f.category !== undefined && except !== 'category') {
    where.push(sql`lower(category_name) = ${lower(f.category)}`);
  }
  if (f.make !== undefined && except !== 'make') where.push(sql`lower(make) = ${lower(f.make)}`);
  if (f.fuel !== undefined && except !== 'fuel') where.push(sql`fuel = ${f.fuel}`);
  if (f.transmission !== undefined && except !== 'transmission') {
    where.push(sql`transmission = ${f.transmission}`);
  }
  return where;
};

interface SortOrder {
  /** The sort key before the listing position, or none when the position is the key. */
  key?: RawBuilder<number>;
  /** How the key's cursor value is typed in SQL. */
  cast?: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  keyOf?: (row: FoundCar) => number;
}

/**
 * A car a search found, with the chord to the place it is near when there is one, and, on a
 * page near a place read from the distance index, how many cars matched in all.
 */
export type FoundCar = CarRow & { chord?: number; matches?: number };

// Cars without a year sort after every year, and cars without a mileage after every mileage;
// the same expressions are indexed (migration 0003), so each order reads an index in order.
const sortOrders: Record<Exclude<CarSort, 'distance'>, SortOrder> = {
  newest: { direction: 'desc' },
  price_asc: {
    key: sql`price`,
    // As the column is typed: a cursor of another type would cast every price, and the index
    // could no longer seek to it.
    cast: sql`numeric`,
    direction: 'asc',
    keyOf: (row) => Number(row.price),
  },
  price_desc: {
    key: sql`price`,
    cast: sql`numeric`,
    direction: 'desc',
    keyOf: (row) => Number(row.price),
  },
  year_desc: {
    key: sql`coalesce(year, -1)`,
    cast: sql`integer`,
    direction: 'desc',
    keyOf: (row) => row.year ?? -1,
  },
  mileage_asc: {
    key: sql`coalesce(mileage, ${sql.lit(NO_MILEAGE)})`,
    cast: sql`integer`,
    direction: 'asc',
    keyOf: (row) => row.mileage ?? NO_MILEAGE,
  },
  deal: {
    key: sql`coalesce(deal_ratio, ${sql.lit(NO_DEAL)})`,
    cast: sql`double precision`,
    direction: 'asc',
    keyOf: (row) => row.deal_ratio ?? NO_DEAL,
  },
};

/** The order of a search: by distance from its place (nearest first), or one of `sortOrders`. */
const sortOrderOf = (search: CarSearch): SortOrder => {
  if (search.sort !== 'distance') return sortOrders[search.sort];
  // `checkRanges` refuses an order by distance without a place.
  const origin = search.origin as Origin;
  return {
    key: chordTo(origin),
    cast: sql`double precision`,
    direction: 'asc',
    keyOf: (row) => row.chord ?? 0,
  };
};

const after = (order: SortOrder, cursor: CarCursor): RawBuilder<SqlBool> => {
  const position = sql`cast(${cursor.position.toString()} as bigint)`;
  const operator = sql.raw(order.direction === 'asc' ? '>' : '<');
  if (order.key === undefined) return sql`listed_position ${operator} ${position}`;
  return sql`(${order.key}, listed_position) ${operator} (cast(${cursor.key} as ${order.cast}), ${position})`;
};

/** The condition that starts a page after its cursor, when it has one. */
const cursorOf = (search: CarSearch, order: SortOrder): RawBuilder<SqlBool>[] =>
  search.cursor === undefined ? [] : [after(order, decodeCursor(search.cursor, search.sort))];

export interface CarPage {
  rows: FoundCar[];
  /** The cursor of the page after this one, when there is one. */
  next?: string;
  /** How many cars matched in all, when the page's statement counted them as it read them. */
  total?: number;
  /** What a search's window read, when it read enough to estimate the search's total. */
  window?: SearchWindow;
}

export interface SearchWindow {
  /** How many cars its words and place matched in the window, */
  sampled: number;
  /** among how many of the window's first cars, */
  reach: number;
  /** of all the cars it walks (every bookable car: a window has no other filter). */
  others: number;
}

/** A search without its words and its place: what a window reads in order (`windowQuery`). */
export const withoutNarrowing = (search: CarSearch): CarSearch => {
  const { q: _words, ...filters } = search.filters;
  const { origin: _place, ...rest } = search;
  return { ...rest, filters };
};

/**
 * Whether a search's page is read from the available cars' distance index (`nearbyPage`): a
 * buyer's search near a place, newest or nearest first.
 */
const readsNearby = (search: CarSearch): search is CarSearch & { origin: Origin } =>
  search.origin !== undefined &&
  countedIn(search) === 'available_cars' &&
  (search.sort === 'newest' || search.sort === 'distance');

/** Whether a search's page counts its matches as it reads them (a first page `readsNearby`). */
const countsItsPage = (search: CarSearch): boolean =>
  readsNearby(search) && search.cursor === undefined;

/**
 * Whether a search is a buyer's near a place and nothing else (no words either): the points the
 * bookable cars stand at (`car_points`) hold its matches, and their counts its total.
 */
export const onlyNear = (
  search: CarSearch,
  tsquery: string | undefined,
): search is CarSearch & { origin: Origin } =>
  search.origin !== undefined && tsquery === undefined && onlyNarrowed(search, tsquery);

/** How many bookable cars stand within a search's reach: its points' cars (`onlyNear`). */
export const placeTotal = async (ctx: ReadContext, origin: Origin): Promise<number> => {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(cars), 0) as total from ${sql.table(`${ctx.schema}.car_points`)}
    where ${withinReach(origin)}`.execute(ctx.db);
  return Number(rows[0]?.total ?? 0);
};

/**
 * Whether a search's page walks the points the available cars stand at (`pointsPage`): a
 * buyer's search near a place and nothing else, nearest first.
 */
const walksPoints = (
  search: CarSearch,
  tsquery: string | undefined,
): search is CarSearch & { origin: Origin } =>
  search.sort === 'distance' && onlyNear(search, tsquery);

/**
 * Whether a page that counts its matches counts them only up to `EXACT_TOTAL_LIMIT` and one:
 * nearest first with another filter. Newest first counts every match as it sorts them
 * (`count(*) over ()`), but that keeps every match in memory beside the sort, which at 54,612
 * cars within 50 km of Denver spilled to disk and took twice the sort's time; a count that
 * stops early runs beside it. Walking the points counts every match from their counts.
 */
const countsToTheLimit = (search: CarSearch, tsquery: string | undefined): boolean =>
  search.sort === 'distance' && !walksPoints(search, tsquery);

/**
 * Whether a search's page carries its total from the facet counts, in the same statement: a
 * search filtered only by the facets' dimensions. Each statement costs the service a round trip
 * and its writes to the database's socket, as much as reading a page of cars.
 */
const carriesFacetTotal = (search: CarSearch): boolean =>
  !search.bookableFirst && countableFromFacets(search);

/** The query of one page (one row more than the page, to know whether another follows). */
export const pageQuery = (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  paging: { page: number; limit: number },
) => {
  const order = sortOrderOf(search);
  const cursor = cursorOf(search, order);
  const { origin } = search;
  const nearby = readsNearby(search);
  const byPoints = walksPoints(search, tsquery);
  let query = byPoints
    ? ctx.db
        .withSchema(ctx.schema)
        .selectFrom(pointsPage(ctx, search, paging))
        .innerJoin('cars', 'cars.id', 'page.id')
        .selectAll('cars')
        .select(['page.chord', 'page.matches'])
    : nearby
      ? ctx.db
          .withSchema(ctx.schema)
          .selectFrom(nearbyPage(ctx, search, cursor, tsquery, paging).as('page'))
          .innerJoin('cars', 'cars.id', 'page.id')
          .selectAll('cars')
          .select(['page.chord', 'page.matches'])
      : ctx.db
          .withSchema(ctx.schema)
          .selectFrom('cars')
          .selectAll()
          .select(chordColumn(origin))
          .select(
            carriesFacetTotal(search)
              ? sql<number>`(${facetTotalQuery(ctx, search)})::int`.as('matches')
              : sql<number | undefined>`null`.as('matches'),
          )
          .where(({ and }) => and([...carConditions(search, tsquery), ...cursor]));
  if (order.key !== undefined) query = query.orderBy(order.key, order.direction);
  query = query.orderBy('cars.listed_position', order.direction).limit(paging.limit + 1);
  if (search.cursor === undefined && !nearby)
    query = query.offset((paging.page - 1) * paging.limit);
  return query;
};

/**
 * The ids of a page of cars near a place that a buyer can book, newest or nearest first, with
 * their distances: read from the available cars' distance index alone, which carries each
 * car's position and id (migration 0026), so only the page's own cars are read in full. Either
 * order sorts every match (nearest first with no other filter walks the points instead,
 * `pointsPage`), so a first page counts them too, in the same statement.
 */
const nearbyPage = (
  ctx: ReadContext,
  search: CarSearch & { origin: Origin },
  cursor: RawBuilder<SqlBool>[],
  tsquery: string | undefined,
  paging: { page: number; limit: number },
) => {
  const order = sortOrderOf(search);
  const conditions = carConditions(search, tsquery, undefined, 'available_cars');
  let query = ctx.db
    .withSchema(ctx.schema)
    .selectFrom('available_cars')
    .select('id')
    .select(chordTo(search.origin).as('chord'))
    .select(
      !countsItsPage(search)
        ? sql<number | undefined>`null`.as('matches')
        : countsToTheLimit(search, tsquery)
          ? sql<number>`(${boundedCountQuery(ctx, 'available_cars', conditions)})`.as('matches')
          : sql<number>`(count(*) over ())::int`.as('matches'),
    )
    .where(({ and }) => and([...conditions, ...cursor]));
  if (order.key !== undefined) query = query.orderBy(order.key, order.direction);
  query = query.orderBy('listed_position', order.direction).limit(paging.limit + 1);
  if (search.cursor === undefined) query = query.offset((paging.page - 1) * paging.limit);
  return query;
};

/**
 * The ids of a page of a search near a place with no other filter, nearest first, with their
 * distances and the search's total. The cars of a town share its point and tie in distance, so
 * nearest first is the points in order of distance (from `car_points`, a few hundred within
 * 50 km of a city), each point's cars in listing order (`available_cars_point_idx`): the points
 * are walked while the cars before them are fewer than the page needs, and each gives at most
 * that many. After a cursor, the points at the cursor's distance give their cars after its
 * position, and those farther away are walked as from the start. The total is the points' cars.
 */
const pointsPage = (
  ctx: ReadContext,
  search: CarSearch & { origin: Origin },
  paging: { page: number; limit: number },
) => {
  const cursor = search.cursor === undefined ? undefined : decodeCursor(search.cursor, search.sort);
  const offset = cursor === undefined ? (paging.page - 1) * paging.limit : 0;
  const wanted = offset + paging.limit + 1;
  // Without a cursor, from before the nearest point: a chord is never negative.
  const fromChord = cursor?.key ?? -1;
  const fromPosition = (cursor?.position ?? 0n).toString();
  const table = (name: string) => sql.table(`${ctx.schema}.${name}`);
  return sql<{ id: string; chord: number; matches: number }>`(
    with points as (
      select earth_point as point, ${chordTo(search.origin)} as chord, cars
      from ${table('car_points')}
      where ${withinReach(search.origin)}
    ), ahead as (
      select point, chord, coalesce(sum(cars) filter (where chord > ${fromChord}) over (
        order by chord, point rows between unbounded preceding and 1 preceding), 0) as before
      from points
      where chord >= ${fromChord}
    )
    select found.id, found.chord, (select coalesce(sum(cars), 0) from points)::int as matches
    from ahead cross join lateral (
      select a.id, a.listed_position, ahead.chord
      from ${table('available_cars')} a
      where a.earth_point = ahead.point
        and (ahead.chord > ${fromChord} or a.listed_position > cast(${fromPosition} as bigint))
      order by a.listed_position
      limit ${wanted}
    ) found
    where ahead.chord = ${fromChord} or ahead.before < ${wanted}
    order by found.chord, found.listed_position
    offset ${offset}
    limit ${paging.limit + 1}
  )`.as('page');
};

/**
 * How many cars a search by words or near a place reads at most in its order, among those its
 * other filters match, before it looks them up in the full-text or the distance index instead.
 * Words that match one car in a few hundred or more (a make, a model), or a place that holds as
 * many (a city), fill a page from the first of these, read in an index's order from the narrow
 * available cars, and stop there; the other index would find every match (some 40,000 for
 * "toyota camry", 55,000 within 50 km of Denver, at 1,000,000 cars) and sort them all to keep 26.
 */
export const SEARCH_WINDOW = 4_000;

/** The orders `available_cars` keeps an index for, which a search's window can walk. */
const walkable = new Set<CarSort>([
  'newest',
  'price_asc',
  'price_desc',
  'year_desc',
  'mileage_asc',
]);

/**
 * Whether a search's page is first looked for among the first `SEARCH_WINDOW` cars of its order:
 * a buyer's search by words or near a place and nothing else, in an order the available cars
 * keep an index for. Another filter would make the window sort every car it matches (every
 * Toyota, for `make`, whose index is in listing order only under a model) before taking 4,000.
 */
const readsWindow = (search: CarSearch, tsquery: string | undefined): boolean =>
  onlyNarrowed(search, tsquery) && walkable.has(search.sort);

/**
 * Whether a buyer's search has words or a place and no other filter: its matches are the
 * bookable cars `narrowing` keeps, and all the cars it narrows are counted in the facet counts.
 */
export const onlyNarrowed = (search: CarSearch, tsquery: string | undefined): boolean => {
  const { q: _words, near: _place, radiusKm: _radius, ...others } = search.filters;
  return (
    (tsquery !== undefined || search.origin !== undefined) &&
    Object.values(others).every((value) => value === undefined) &&
    countedIn(search) === 'available_cars'
  );
};

/** What a window's cars are narrowed by: the search's words, and its place. */
export const narrowing = (
  search: CarSearch,
  tsquery: string | undefined,
): RawBuilder<SqlBool>[] => [
  ...(tsquery === undefined
    ? []
    : [sql<SqlBool>`search_vector @@ to_tsquery('simple', ${tsquery})`]),
  ...(search.origin === undefined ? [] : [withinReach(search.origin)]),
];

/**
 * A page of a search from its window: the available cars its other filters match (after its
 * cursor), in its order, at most `SEARCH_WINDOW` of them, read until its words and its place
 * have matched the page; then the page of these, read in full from the cars. Each row says how
 * many cars matched (`sampled`), how far into the window the last of them was (`reach`), and
 * how many cars the window walks in all (`others`, from the facet counts, which answer a search
 * with no filter but its words and place).
 */
const windowQuery = (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  paging: { page: number; limit: number },
) => {
  const order = sortOrderOf(search);
  const key = order.key ?? sql<number>`listed_position`;
  const direction = sql.raw(order.direction);
  const offset = search.cursor === undefined ? (paging.page - 1) * paging.limit : 0;
  const others = withoutNarrowing(search);
  const db = ctx.db.withSchema(ctx.schema);
  const window = db
    .selectFrom('available_cars')
    .select(['id', 'listed_position', 'search_vector', 'earth_point', key.as('sort_key')])
    .select(
      sql<number>`row_number() over (order by ${key} ${direction}, listed_position ${direction})`.as(
        'rank',
      ),
    )
    .where(({ and }) =>
      and([
        ...carConditions(others, undefined, undefined, 'available_cars'),
        ...cursorOf(search, order),
      ]),
    )
    .orderBy(key, order.direction)
    .orderBy('listed_position', order.direction)
    .limit(SEARCH_WINDOW);
  // Ordered as the window is, so its rows stream through in that order and the read stops.
  const matched = db
    .selectFrom(window.as('w'))
    .select(['id', 'sort_key', 'listed_position', 'rank'])
    .select(chordColumn(search.origin))
    .where(({ and }) => and(narrowing(search, tsquery)))
    .orderBy('sort_key', order.direction)
    .orderBy('listed_position', order.direction)
    .limit(offset + paging.limit + 1);
  const page = db
    .selectFrom(matched.as('m'))
    .select(['id', 'sort_key', 'listed_position', 'chord'])
    .select(sql<number>`(count(*) over ())::int`.as('sampled'))
    .select(sql<number>`(max(rank) over ())::int`.as('reach'))
    .orderBy('sort_key', order.direction)
    .orderBy('listed_position', order.direction)
    .offset(offset)
    .limit(paging.limit + 1);
  return db
    .selectFrom(page.as('page'))
    .innerJoin('cars', 'cars.id', 'page.id')
    .selectAll('cars')
    .select(['page.chord', 'page.sampled', 'page.reach'])
    .select(sql<number>`(${facetTotalQuery(ctx, others)})::int`.as('others'))
    .orderBy('page.sort_key', order.direction)
    .orderBy('page.listed_position', order.direction);
};

/** One page of a search: after the cursor when there is one, else at the page's offset. */
export const pageOfCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  paging: { page: number; limit: number },
): Promise<CarPage> => {
  if (search.bookableFirst) {
    return pageOfPlainList(ctx, search, carConditions(search, tsquery), paging);
  }
  if (readsWindow(search, tsquery)) {
    const found = await windowQuery(ctx, search, tsquery, paging).execute();
    // A page the window could not fill is looked up through the other indexes instead.
    const first = found[0];
    if (found.length > paging.limit && first !== undefined) {
      return {
        ...pageFrom(search, found, paging, false),
        window: { sampled: first.sampled, reach: first.reach, others: first.others },
      };
    }
  }
  const found: FoundCar[] = await pageQuery(ctx, search, tsquery, paging).execute();
  // Null where the page did not count (pg answers a null column as null).
  return pageFrom(search, found, paging, found[0]?.matches != null);
};

/**
 * A page from the rows its statement found (one more than the page when another follows), with
 * the total those rows carry when `counted`.
 */
const pageFrom = (
  search: CarSearch,
  found: FoundCar[],
  paging: { limit: number },
  counted: boolean,
): CarPage => {
  const rows = found.slice(0, paging.limit);
  const last = rows.at(-1);
  const total = counted ? { total: found[0]?.matches ?? 0 } : {};
  if (found.length <= paging.limit || last === undefined) return { rows, ...total };
  return {
    rows,
    ...total,
    next: encodeCursor({
      sort: search.sort,
      key: sortOrderOf(search).keyOf?.(last) ?? null,
      position: BigInt(last.listed_position),
    }),
  };
};

/**
 * One numbered page of a plain list: the bookable cars, newest first, then the booked ones.
 * Read as two parts, each in the listing position's index order with `booked` checked on the
 * rows found (no index names `booked`, so booking a car stays a HOT update): the booked part
 * is read only by the page where the bookable cars end and the pages after it, which count the
 * bookable cars (from the facet counts) to know where in the booked part they start.
 */
const pageOfPlainList = async (
  ctx: ReadContext,
  search: CarSearch,
  conditions: RawBuilder<SqlBool>[],
  paging: { page: number; limit: number },
): Promise<CarPage> => {
  const part = (booked: 0 | 1, offset: number, limit: number) =>
    plainListPart(ctx, conditions, booked, offset, limit).execute();
  const offset = (paging.page - 1) * paging.limit;
  const bookable = await part(0, offset, paging.limit);
  if (bookable.length === paging.limit) return { rows: bookable };
  // The page after the last bookable car's starts in the booked part where the page's offset
  // passes the count of bookable cars.
  const intoBooked =
    bookable.length > 0
      ? 0
      : offset - (await totalOfCars(ctx, { ...search, booked: 'false' }, undefined)).total;
  const booked = await part(1, Math.max(0, intoBooked), paging.limit - bookable.length);
  return { rows: [...bookable, ...booked] };
};

/** One part of a plain list's page: its bookable (0) or booked (1) cars, newest first. */
const plainListPart = (
  ctx: ReadContext,
  conditions: RawBuilder<SqlBool>[],
  booked: 0 | 1,
  offset: number,
  limit: number,
) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom('cars')
    .selectAll()
    .select(sql<number | undefined>`null`.as('chord'))
    .where(({ and }) => and([...conditions, sql<SqlBool>`booked = ${booked}`]))
    .orderBy('listed_position', 'desc')
    .offset(offset)
    .limit(limit);

/** The rows a search matches, counted up to one more than `EXACT_TOTAL_LIMIT`. */
export const boundedCountQuery = (
  ctx: ReadContext,
  table: CountedIn,
  conditions: RawBuilder<SqlBool>[],
) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom(
      matchingQuery(ctx, table, conditions)
        .limit(EXACT_TOTAL_LIMIT + 1)
        .as('m'),
    )
    .select(sql<number>`count(*)::int`.as('total'));

const matchingQuery = (ctx: ReadContext, table: CountedIn, conditions: RawBuilder<SqlBool>[]) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom(table)
    .select(sql`1`.as('one'))
    .where(({ and }) => and(conditions));

export interface CarTotal {
  total: number;
  /**
   * True when there were more than `EXACT_TOTAL_LIMIT` matches and `total` is a sample's or the
   * planner's guess.
   */
  estimated: boolean;
}

/**
 * How many cars a search matches: from the facet counts when they can say, or from the points
 * a place's cars stand at, else counted, up to `EXACT_TOTAL_LIMIT`; beyond that, a sample's
 * estimate or PostgreSQL's own, marked as one.
 */
export const totalOfCars = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  window?: SearchWindow,
): Promise<CarTotal> => {
  if (countableFromFacets(search))
    return { total: await facetTotal(ctx, search), estimated: false };
  if (onlyNear(search, tsquery)) {
    return { total: await placeTotal(ctx, search.origin), estimated: false };
  }
  const sampled =
    window === undefined ? undefined : await totalFromWindow(ctx, search, tsquery, window);
  if (sampled?.trusted) return { total: sampled.total, estimated: true };
  const { table, conditions } = countOf(search, tsquery);
  // Among the bookable cars a filter's count reads one index alone, a few ms for 10,001
  // matches: it costs what asking the planner first would, so it goes first. Elsewhere, and
  // for words (whose matches are rechecked on the rows), counting 10,001 matches can cost
  // hundreds of ms, and when PostgreSQL expects far more matches than are ever counted, its
  // estimate (a fraction of a millisecond to plan) is the answer. A sample of the cars that
  // did not say so already knows better than the planner.
  const countFirst = (table === 'available_cars' && tsquery === undefined) || sampled !== undefined;
  const planned = countFirst ? undefined : await plannedTotal(ctx, search, tsquery);
  if (planned !== undefined && planned >= SURELY_ABOVE_EXACT) {
    return { total: planned, estimated: true };
  }
  const counted = await boundedCountQuery(ctx, table, conditions).executeTakeFirstOrThrow();
  if (counted.total <= EXACT_TOTAL_LIMIT) return { total: counted.total, estimated: false };
  return totalAboveLimit(ctx, search, tsquery, planned ?? sampled?.total);
};

/** How many cars the facet counts say a search matches (the caller checked `countableFromFacets`). */
const facetTotalQuery = (ctx: ReadContext, search: CarSearch) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom('car_facets')
    .select(sql<string>`coalesce(sum(cars), 0)`.as('total'))
    .where(({ and }) => and(facetConditions(search)));

export const facetTotal = async (ctx: ReadContext, search: CarSearch): Promise<number> =>
  Number((await facetTotalQuery(ctx, search).executeTakeFirstOrThrow()).total);

/**
 * A search's total when a sample of the cars says it is surely above `EXACT_TOTAL_LIMIT`, else
 * undefined, and the matches are counted (10,001 matches of common words are 10,001 rows read
 * through the full-text index, tens of ms at 1,000,000 cars). The window's share of matches,
 * those of its page, only decides whether to look: its cars are the first of the search's order
 * (the newest, or the dearest), where a dealer's morning of listings or one make's prices can
 * crowd, and a page's worth of matches is a rough share. The total itself is the share of a
 * sample of cars taken across the whole table (`sampledTotal`).
 */
const totalFromWindow = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  window: SearchWindow,
): Promise<SampledTotal | undefined> => {
  if ((window.sampled / window.reach) * window.others < EXACT_TOTAL_LIMIT) return undefined;
  return sampledTotal(ctx, search, tsquery, window.others);
};

/** How many cars PostgreSQL expects a search to match. */
const plannedTotal = (ctx: ReadContext, search: CarSearch, tsquery: string | undefined) => {
  const { table, conditions } = countOf(search, tsquery);
  return plannedRows(ctx, matchingQuery(ctx, table, conditions));
};

/**
 * The total of a search counted past `EXACT_TOTAL_LIMIT`: `guess` when there is one, else a
 * sample's share for a search by words, or words and a place, and nothing else (nearest first,
 * a page after a cursor), else the planner's guess. PostgreSQL cannot guess how many cars a
 * place holds: it expected 299 within 50 km of Denver, where there were 54,612 of 1,000,000.
 */
const totalAboveLimit = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  guess?: number,
): Promise<CarTotal> => {
  let total = guess;
  if (total === undefined && onlyNarrowed(search, tsquery)) {
    const cars = await facetTotal(ctx, withoutNarrowing(search));
    total = (await sampledTotal(ctx, search, tsquery, cars)).total;
  }
  total ??= await plannedTotal(ctx, search, tsquery);
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, total), estimated: true };
};

/**
 * The least total a sample of the cars is trusted for (else the matches are counted): a
 * sample's share would have to be twice the true one, five times its usual error, to put a
 * total of `EXACT_TOTAL_LIMIT` there.
 */
export const SAMPLED_FROM = 2 * EXACT_TOTAL_LIMIT;

/** About how many bookable cars a total's sample reads: a share of 2 % is 25 of them. */
const SAMPLE_CARS = 1_250;
/** The fewest matches a sample estimates a total from (usually within a fifth). */
const SAMPLE_MATCHES = 25;

/**
 * The available cars of a sample, about `times` `SAMPLE_CARS` of their `cars`: those whose id
 * falls in a range of the ids' first hexadecimal digits, so that a smaller sample is part of a
 * larger one. A car's id is a random UUID, so these are cars taken at random, one by one, over
 * the whole table, read through its primary key; and the same ones each time, so that an answer
 * does not flicker and a search's total and its facets agree. (Sampling pages instead is
 * cheaper, but cars written together share pages: a dealer's listings, or one model's cars as
 * their market values are written again, and a make's share came out a quarter off.)
 */
export const inSample = (cars: number, times = 1): RawBuilder<SqlBool> => {
  const share = Math.min(1, (times * SAMPLE_CARS) / Math.max(1, cars));
  if (share === 1) return sql<SqlBool>`true`;
  const below = Math.ceil(share * 16 ** 8)
    .toString(16)
    .padStart(8, '0');
  return sql<SqlBool>`id < ${below}`;
};

/**
 * The total that a sample's matches stand for among `cars`, `trusted` when there are enough of
 * them and it is surely far above `EXACT_TOTAL_LIMIT` (else the matches are counted).
 */
export interface SampledTotal {
  total: number;
  trusted: boolean;
}

export const totalFromSample = (
  sample: { matched: number; read: number },
  cars: number,
): SampledTotal => {
  const total = sample.read === 0 ? 0 : Math.round((sample.matched / sample.read) * cars);
  return { total, trusted: sample.matched >= SAMPLE_MATCHES && total >= SAMPLED_FROM };
};

/**
 * The total of a search by words or near a place and nothing else (`onlyNarrowed`), from a
 * sample of the available cars (`inSample`): its share of them, times all `cars`.
 */
const sampledTotal = async (
  ctx: ReadContext,
  search: CarSearch,
  tsquery: string | undefined,
  cars: number,
): Promise<SampledTotal> => {
  const { rows } = await sql<{ read: number; matched: number }>`
    select count(*)::int as read,
      (count(*) filter (where ${sql.join(narrowing(search, tsquery), sql` and `)}))::int as matched
    from ${sql.table(`${ctx.schema}.available_cars`)}
    where ${inSample(cars)}`.execute(ctx.db);
  return totalFromSample(rows[0] ?? { read: 0, matched: 0 }, cars);
};

/**
 * An estimate this far above `EXACT_TOTAL_LIMIT` is trusted without counting: the planner's
 * guesses for these filters miss by less than ten times, and a guess too low only means a count.
 */
const SURELY_ABOVE_EXACT = EXACT_TOTAL_LIMIT * 10;

/** How many rows PostgreSQL expects a query to answer (planning only, nothing is read). */
export const plannedRows = async (ctx: ReadContext, query: Compilable): Promise<number> => {
  const { sql: text, parameters } = query.compile();
  const plan = await ctx.db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
  );
  const found = plan.rows[0]?.['QUERY PLAN'];
  const parsed = typeof found === 'string' ? JSON.parse(found) : found;
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' ? Math.round(rows) : 0;
};

/**
 * A page of a search and its total, as a request for it reads them: every statement the read
 * runs (the benchmark runs the same ones through pgbench as its reference).
 */
export const searchCars = async (
  ctx: ReadContext,
  search: CarSearch,
  paging: { page: number; limit: number },
): Promise<{ page: CarPage; total: CarTotal }> => {
  const tsquery = await textQueryOf(ctx, search);
  if (
    countsItsPage(search) ||
    walksPoints(search, tsquery) ||
    carriesFacetTotal(search) ||
    (readsWindow(search, tsquery) && search.cursor === undefined)
  ) {
    // The page counts its matches as it reads them all (near a place), or carries the facet
    // counts' total, or a search's window tells its share of the cars; a page past the
    // last carries nothing, and the total is then read on its own.
    const page = await pageOfCars(ctx, search, tsquery, paging);
    if (page.total === undefined) {
      return { page, total: await totalOfCars(ctx, search, tsquery, page.window) };
    }
    if (page.total <= EXACT_TOTAL_LIMIT || !countsToTheLimit(search, tsquery)) {
      return { page, total: { total: page.total, estimated: false } };
    }
    return { page, total: await totalAboveLimit(ctx, search, tsquery) };
  }
  const [page, total] = await Promise.all([
    pageOfCars(ctx, search, tsquery, paging),
    totalOfCars(ctx, search, tsquery),
  ]);
  return { page, total };
};

/** The words of `q` as a full-text query (with spelling alternatives), once per request. */
export const textQueryOf = (ctx: ReadContext, search: CarSearch) =>
  textQuery(ctx.db, ctx.schema, search.filters.q);

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of what a list's query asks the database: its page and, unless
 * the facet counts or the page itself answer it, its count. For measuring indexes (the benchmark
 * prints these).
 */
export const explainCarSearch = async (
  ctx: ReadContext,
  search: CarSearch,
  paging: { page: number; limit: number },
): Promise<{ page: string; count: string | undefined }> => {
  const tsquery = await textQueryOf(ctx, search);
  const explain = async (query: Compilable) => {
    const { sql: text, parameters } = query.compile();
    const plan = await ctx.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${text}`, [...parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  // A plain list's page reads its bookable part first, and most pages read nothing else; a
  // search by words or near a place its window first, and common words or a city nothing else.
  const page = await explain(
    search.bookableFirst
      ? plainListPart(
          ctx,
          carConditions(search, tsquery),
          0,
          (paging.page - 1) * paging.limit,
          paging.limit,
        )
      : readsWindow(search, tsquery)
        ? windowQuery(ctx, search, tsquery, paging)
        : pageQuery(ctx, search, tsquery, paging),
  );
  if (countableFromFacets(search) || countsItsPage(search) || walksPoints(search, tsquery)) {
    return { page, count: undefined };
  }
  const counted = countOf(search, tsquery);
  return { page, count: await explain(boundedCountQuery(ctx, counted.table, counted.conditions)) };
};
