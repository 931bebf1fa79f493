// A buyer's search near a place, nearest first and with no other filter, walks the points the
// bookable cars stand at (`car_points`): page after page, by cursor and by number, it answers
// what sorting every car within reach by distance and listing position would, with the exact
// total, as cars are booked, withdrawn and moved. The cars are written as rows (the projections
// are not what is tested here), in a read model on PGlite.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadSide, readSide } from '../../../test/read-side.ts';
import { chordOf, earthPointOf } from '../../places/index.ts';
import { carSearchOf, searchCars } from '../index.ts';

const DENVER = [39.7392, -104.9903] as const;

/** Towns around Denver and how many cars stand at each; Colorado Springs is 95 km away. */
const TOWNS: [name: string, latitude: number, longitude: number, cars: number][] = [
  ['Denver', DENVER[0], DENVER[1], 40],
  ['Aurora', 39.7294, -104.8319, 7],
  ['Golden', 39.7555, -105.2211, 1],
  ['Boulder', 40.015, -105.2705, 30],
  ['Longmont', 40.1672, -105.1019, 12],
  ['Colorado Springs', 38.8339, -104.8214, 5],
];

/** The towns' cars, listed in turn (car n stands in the town its number falls to). */
const townCars = (schema: string) => {
  const slots = TOWNS.flatMap(([, latitude, longitude, cars]) =>
    Array.from({ length: cars }, () => [latitude, longitude] as const),
  );
  // Listing positions shuffled across the towns by a fixed step, so no town's cars are listed
  // together.
  const rows = slots.map(([latitude, longitude], index) => {
    const n = ((index * 37) % slots.length) + 1;
    return sql`(${`car-${n}`}, ${latitude}::float8, ${longitude}::float8, ${n}::int)`;
  });
  return sql`
    insert into ${sql.table(`${schema}.cars`)} (id, name, seller_id, seller_name, seller_email,
      category_id, category_name, image, original_price, price, location, years_of_use,
      latitude, longitude, listed_at, listed_position, version)
    select t.id, 'Car ' || t.n, 'seller', 'Seller', 'seller@example.com', 'cat', 'Sedan',
      'https://img.example/' || t.n, 20000, 9000, 'Somewhere, CO', 3, t.latitude, t.longitude,
      timestamp '2026-01-01' + t.n * interval '1 minute', t.n, t.n
    from (values ${sql.join(rows)}) as t(id, latitude, longitude, n)`;
};

describe('nearest first over the points the cars stand at', () => {
  let side: ReadSide;
  beforeAll(async () => {
    side = await readSide();
    await townCars(side.context.schema).execute(side.tables);
  }, 60_000);
  afterAll(() => side?.close());

  /** Every bookable car within `km` of Denver, nearest first, then by listing position. */
  const everyNear = async (km: number) => {
    const point = earthPointOf(DENVER[0], DENVER[1]);
    const chord = sql`earth_point <-> cube(array[${point[0]}, ${point[1]}, ${point[2]}]::float8[])`;
    const { rows } = await sql<{ id: string }>`
      select id from ${sql.table(`${side.context.schema}.available_cars`)}
      where ${chord} <= ${chordOf(km)}
      order by ${chord}, listed_position`.execute(side.tables);
    return rows.map((row) => row.id);
  };

  const near = (km: number, more: Partial<Parameters<typeof carSearchOf>[0]> = {}) =>
    carSearchOf({ near: DENVER.join(','), radiusKm: km, sort: 'distance', ...more });

  /** Every car the search answers, following its cursor, with the first page's total. */
  const walk = async (km: number) => {
    const found: string[] = [];
    let first: number | undefined;
    let cursor: string | undefined;
    do {
      const { page, total } = await searchCars(
        side.context,
        near(km, cursor === undefined ? {} : { cursor }),
        { page: 1, limit: 5 },
      );
      found.push(...page.rows.map((row) => row.id));
      // A cursor that does not move on would walk for ever.
      expect(found.length).toBeLessThanOrEqual(TOWNS.reduce((all, town) => all + town[3], 0));
      first ??= total.total;
      expect(total.estimated).toBe(false);
      cursor = page.next;
    } while (cursor !== undefined);
    return { found, first };
  };

  it.each([50, 200])('within %s km: every car once, in order, with the exact total', async (km) => {
    const expected = await everyNear(km);
    expect(expected.length).toBe(km === 50 ? 90 : 95);
    expect(await walk(km)).toEqual({ found: expected, first: expected.length });
  });

  it('takes a numbered page across two towns', async () => {
    const expected = await everyNear(50);
    // Denver's 40 cars, then Aurora's: page 8 of 5 holds Denver's last and Aurora's first.
    const { page, total } = await searchCars(side.context, near(50), { page: 8, limit: 6 });
    expect(page.rows.map((row) => row.id)).toEqual(expected.slice(42, 48));
    expect(total).toEqual({ total: 90, estimated: false });
  });

  it('follows cars booked, withdrawn and moved', async () => {
    const cars = sql.table(`${side.context.schema}.cars`);
    // Golden's only car is booked (its point is left with none), two of Denver's are deleted,
    // and one of Boulder's moves to Aurora.
    const [golden, boulder] = [TOWNS[2], TOWNS[3]];
    await sql`update ${cars} set booked = 1 where latitude = ${golden?.[1] ?? 0}`.execute(
      side.tables,
    );
    await sql`update ${cars} set deleted_at = now() where id in ('car-1', 'car-2')`.execute(
      side.tables,
    );
    await sql`update ${cars} set latitude = 39.7294, longitude = -104.8319
      where id = (select min(id) from ${cars} where latitude = ${boulder?.[1] ?? 0})`.execute(
      side.tables,
    );
    const expected = await everyNear(50);
    expect(expected.length).toBe(87);
    expect(await walk(50)).toEqual({ found: expected, first: 87 });
    // The points' counts are the available cars' own.
    const { rows } = await sql<{ differ: number }>`
      select count(*)::int as differ from (
        select earth_point, cars from ${sql.table(`${side.context.schema}.car_points`)}
        except
        select earth_point, count(*)::int from ${sql.table(`${side.context.schema}.available_cars`)}
        group by 1
      ) d`.execute(side.tables);
    expect(rows[0]?.differ).toBe(0);
  });

  it('with another filter sorts every match instead, to the same order', async () => {
    const expected = await everyNear(50);
    const { page } = await searchCars(side.context, near(50, { maxPrice: 10_000 }), {
      page: 1,
      limit: 60,
    });
    expect(page.rows.map((row) => row.id)).toEqual(expected.slice(0, 60));
  });
});
