// A search by words or near a place over more cars than its window (`SEARCH_WINDOW`): common
// words and a city take their page from the window, rarer ones and a small place from the
// full-text and distance indexes, and both answer what a search through every match would,
// page for page and in every walkable order. The cars are written as rows (the projections are
// not what is tested here), in a read model on PGlite.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadSide, readSide } from '../../../test/read-side.ts';
import { EXACT_TOTAL_LIMIT } from '../contract.ts';
import { carFacets, carSearchOf, distanceKmOf, SEARCH_WINDOW, searchCars } from '../index.ts';

const CARS = SEARCH_WINDOW + 600;
/** How many of the newest cars say "fresh", as a dealer's morning of listings would. */
const FRESH = 3_000;
/** Enough cars for a word on every one of them to be surely over `EXACT_TOTAL_LIMIT`. */
const MANY = 2 * EXACT_TOTAL_LIMIT + SEARCH_WINDOW;

/** Where the cars are: the even ones in Denver, three in Lyon, the rest in Austin. */
const DENVER = [39.7392, -104.9903];
const AUSTIN = [30.2672, -97.7431];
const LYON = [45.764, 4.8357];

/**
 * Car n (1 is the oldest listed): every third says "common"; "sparse" is on six cars, two of
 * them older than the newest `SEARCH_WINDOW`; "rare" on two of the oldest only; every car has a
 * make of its own kind and a price that does not follow its age.
 */
const carRows = (schema: string, cars = CARS, id = sql`'car-' || n`) => sql`
  insert into ${sql.table(`${schema}.cars`)} (id, name, seller_id, seller_name, seller_email, category_id, category_name,
    image, original_price, price, location, years_of_use, make, model, year, mileage,
    description, latitude, longitude, listed_at, listed_position, version)
  select ${id}, 'Car ' || n, 'seller', 'Seller', 'seller@example.com', 'cat', 'Sedan',
    'https://img.example/' || n, 20000, 1000 + (n * 7919) % 50000, 'Denver, CO', 3,
    case when n % 2 = 0 then 'Toyota' else 'Honda' end, 'Model' || (n % 5), 2010 + n % 12,
    ((n::bigint * 104729) % 300000)::int,
    concat_ws(' ',
      case when n % 3 = 0 then 'common' end,
      case when n in (3, 250, ${CARS - 10}, ${CARS - 900}, ${CARS - 2500}, ${CARS - 3990})
        then 'sparse' end,
      case when n in (5, 7) then 'rare' end,
      case when n % 4 = 0 then 'quarter' end, 'every',
      case when n > ${cars - FRESH} then 'fresh' end),
    case when n in (9, 21, ${CARS - 5}) then ${sql.lit(LYON[0])} when n % 2 = 0 then ${sql.lit(DENVER[0])} else ${sql.lit(AUSTIN[0])} end,
    case when n in (9, 21, ${CARS - 5}) then ${sql.lit(LYON[1])} when n % 2 = 0 then ${sql.lit(DENVER[1])} else ${sql.lit(AUSTIN[1])} end,
    timestamp '2026-01-01' + n * interval '1 minute', n, n
  from generate_series(1, ${cars}) n`;

describe('a search by words or near a place over more cars than its window', () => {
  let side: ReadSide;
  beforeAll(async () => {
    side = await readSide();
    await carRows(side.context.schema).execute(side.tables);
  }, 60_000);
  afterAll(() => side?.close());

  /** Every car the words match among the bookable ones, in the search's order, by brute force. */
  const everyMatch = async (words: string, order: 'newest' | 'price_asc') => {
    const rows = await side.tables
      .selectFrom('cars')
      .select(['id'])
      .where(sql<boolean>`description ~ ${`\\m${words}\\M`}`)
      .where('deleted_at', 'is', null)
      .orderBy(
        order === 'newest' ? sql`listed_position` : sql`price`,
        order === 'newest' ? 'desc' : 'asc',
      )
      .orderBy('listed_position', order === 'newest' ? 'desc' : 'asc')
      .execute();
    return rows.map((row) => row.id);
  };

  /** Every car a search answers, following its cursor from page to page. */
  const walk = async (words: string, sort: 'newest' | 'price_asc') => {
    const found: string[] = [];
    const totals: number[] = [];
    let cursor: string | undefined;
    do {
      const { page, total } = await searchCars(
        side.context,
        carSearchOf({ q: words, sort, ...(cursor === undefined ? {} : { cursor }) }),
        { page: 1, limit: 25 },
      );
      found.push(...page.rows.map((row) => row.id));
      totals.push(total.total);
      cursor = page.next;
    } while (cursor !== undefined);
    return { found, totals };
  };

  it.each([
    ['common', 'newest'],
    ['common', 'price_asc'],
    ['sparse', 'newest'],
    ['sparse', 'price_asc'],
    ['rare', 'newest'],
  ] as const)(
    '"%s", %s: every match, each once, in order, with the exact total',
    async (words, sort) => {
      const expected = await everyMatch(words, sort);
      expect(expected.length).toBeGreaterThan(0);
      const { found, totals } = await walk(words, sort);
      expect(found).toEqual(expected);
      expect(totals[0]).toBe(expected.length);
    },
  );

  it('takes a numbered page from the window as from the index', async () => {
    const expected = await everyMatch('common', 'newest');
    const { page } = await searchCars(side.context, carSearchOf({ q: 'common' }), {
      page: 3,
      limit: 25,
    });
    expect(page.rows.map((row) => row.id)).toEqual(expected.slice(50, 75));
  });

  /** Every car at `point` among the bookable ones, newest first, by brute force. */
  const everyAt = async (point: number[], words?: string) => {
    const rows = await side.tables
      .selectFrom('cars')
      .select('id')
      .where('latitude', '=', point[0] ?? 0)
      .$if(words !== undefined, (q) => q.where(sql<boolean>`description ~ ${`\\m${words}\\M`}`))
      .orderBy('listed_position', 'desc')
      .execute();
    return rows.map((row) => row.id);
  };

  /** Every car a search near a place answers, page after page, and its first total. */
  const walkNear = async (near: string, q?: string) => {
    const found: string[] = [];
    let first: number | undefined;
    let windowed: boolean | undefined;
    let cursor: string | undefined;
    do {
      const { page, total } = await searchCars(
        side.context,
        carSearchOf({
          near,
          ...(q === undefined ? {} : { q }),
          ...(cursor === undefined ? {} : { cursor }),
        }),
        { page: 1, limit: 25 },
      );
      for (const row of page.rows) {
        expect(row.chord, row.id).toBeTypeOf('number');
        found.push(row.id);
      }
      first ??= total.total;
      windowed ??= page.window !== undefined;
      cursor = page.next;
    } while (cursor !== undefined);
    return { found, first, windowed };
  };

  it.each([
    ['a city', 'Denver, CO', DENVER, true],
    ['a small place', 'Lyon, France', LYON, false],
  ] as const)(
    'near %s: every car within reach, newest first, with its distance and the exact total',
    async (_, near, point, fromWindow) => {
      const expected = await everyAt(point);
      expect(expected.length).toBeGreaterThan(0);
      const { found, first, windowed } = await walkNear(near);
      expect(found).toEqual(expected);
      expect(first).toBe(expected.length);
      // A city's first page comes from the window; a small place's from the distance index.
      expect(windowed).toBe(fromWindow);
      // The filter panel's total is the list's, from the points the cars stand at.
      expect((await carFacets(side.context, carSearchOf({ near }))).total).toBe(expected.length);
    },
  );

  it('narrows by words and a place together', async () => {
    const expected = await everyAt(DENVER, 'common');
    const { found, first } = await walkNear('Denver, CO', 'common');
    expect(found).toEqual(expected);
    expect(first).toBe(expected.length);
  });

  it('narrows by the other filters too', async () => {
    const expected = (await everyMatch('sparse', 'newest')).filter(
      (id) => Number(id.slice(4)) % 2 === 0,
    );
    const { page, total } = await searchCars(
      side.context,
      carSearchOf({ q: 'sparse', make: 'toyota' }),
      { page: 1, limit: 25 },
    );
    expect(page.rows.map((row) => row.id)).toEqual(expected);
    expect(total.total).toBe(expected.length);
  });
});

describe('the total of a word search over many cars', () => {
  let side: ReadSide;
  beforeAll(async () => {
    side = await readSide();
    // Ids as the cars' own are, random UUIDs, which a sample of the cars is taken by.
    await carRows(side.context.schema, MANY, sql`md5('car-' || n)::uuid::text`).execute(
      side.tables,
    );
  }, 60_000);
  afterAll(() => side?.close());

  const totalOf = async (words: string) =>
    (await searchCars(side.context, carSearchOf({ q: words }), { page: 1, limit: 25 })).total;

  it('is estimated from the window when its words surely match more than the exact limit', async () => {
    const total = await totalOf('every');
    expect(total.estimated).toBe(true);
    expect(total.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(Math.abs(total.total - MANY)).toBeLessThan(MANY * 0.1);
  });

  it('is counted for words that crowd the newest cars, whatever the window says', async () => {
    expect(await totalOf('fresh')).toEqual({ total: FRESH, estimated: false });
  });

  it('is counted when the window cannot be sure', async () => {
    expect(await totalOf('quarter')).toEqual({ total: MANY / 4, estimated: false });
  });

  it('nearest first: the page in order, the total exact from the points, or past the limit with another filter', async () => {
    const denver = await side.tables
      .selectFrom('cars')
      .select('id')
      .where('latitude', '=', DENVER[0] ?? 0)
      .orderBy('listed_position', 'asc')
      .execute();
    const expected = denver.slice(25, 50).map((row) => row.id);
    const near = { near: 'Denver, CO', sort: 'distance' } as const;
    const alone = await searchCars(side.context, carSearchOf(near), { page: 2, limit: 25 });
    // Every Denver car is as near as the next: the oldest listed first among them.
    expect(alone.page.rows.map((row) => row.id)).toEqual(expected);
    for (const row of alone.page.rows) expect(distanceKmOf(row.chord ?? Infinity)).toBeLessThan(1);
    expect(alone.total).toEqual({ total: denver.length, estimated: false });
    // With a filter every car passes, the page sorts the matches and counts them to the limit.
    const filtered = await searchCars(side.context, carSearchOf({ ...near, maxPrice: 60_000 }), {
      page: 2,
      limit: 25,
    });
    expect(filtered.page.rows.map((row) => row.id)).toEqual(expected);
    expect(filtered.total.estimated).toBe(true);
    expect(filtered.total.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });

  const facetsOf = (words: string) => carFacets(side.context, carSearchOf({ q: words }));
  const makeCount = (facets: { make: { value: string; count: number }[] }, make: string) =>
    facets.make.find((counted) => counted.value === make)?.count;

  it('has facets scaled from a sample when its words surely match more than the exact limit', async () => {
    const facets = await facetsOf('every');
    expect(facets.estimated).toBe(true);
    // The same sample as the search's own total, so the panel and the list agree.
    expect(facets.total).toBe((await totalOf('every')).total);
    expect(Math.abs(facets.total - MANY)).toBeLessThan(MANY * 0.1);
    for (const make of ['Toyota', 'Honda']) {
      expect(Math.abs((makeCount(facets, make) ?? 0) - MANY / 2)).toBeLessThan(MANY * 0.1);
    }
  });

  it('has counted facets for fewer matches, even among as many cars', async () => {
    const facets = await facetsOf('fresh');
    expect(facets).toMatchObject({ total: FRESH, estimated: false });
    expect([makeCount(facets, 'Toyota'), makeCount(facets, 'Honda')]).toEqual([
      FRESH / 2,
      FRESH / 2,
    ]);
  });
});
