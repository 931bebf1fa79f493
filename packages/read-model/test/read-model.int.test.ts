import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createReadModelDb,
  isSchemaComplete,
  LIVE_SCHEMA,
  migrateReadModel,
  migrations,
  pendingMigrations,
  type ReadModelDb,
  readCheckpoints,
  toPosition,
  waitForPosition,
} from '../src/index.ts';
import { readModelBackends } from './backends.ts';
import { carRow } from './testing.ts';

const backends = await readModelBackends('read-model', 'sg_rm');

describe.each(backends)('read model on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  it('applies every migration once, and again changes nothing', async () => {
    expect(await migrateReadModel(db, LIVE_SCHEMA)).toEqual(migrations.map((m) => m.name));
    expect(await migrateReadModel(db, LIVE_SCHEMA)).toEqual([]);
  });

  it('round-trips bigint positions, json and timestamps', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await db
      .withSchema(LIVE_SCHEMA)
      .insertInto('audit_log')
      .values({
        position: 9007199254740993n,
        event_id: 'e1',
        event_type: 'CarListed',
        action: 'listed',
        actor_uid: 'u1',
        actor_email: 'a@example.com',
        actor_role: 'Seller',
        subject_type: 'car',
        subject_id: 'c1',
        subject_label: 'Civic',
        occurred_at: at,
        correlation_id: 'k',
        causation_id: 'k',
        details: sql<string>`cast(${JSON.stringify({ price: 10 })}::text as jsonb)`,
      })
      .execute();
    const row = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('audit_log')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(toPosition(row.position)).toBe(9007199254740993n);
    expect(row.details).toEqual({ price: 10 });
    expect(new Date(row.occurred_at).toISOString()).toBe(at.toISOString());
  });

  it('rolls back a failed transaction and keeps other work out of it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .withSchema(LIVE_SCHEMA)
          .insertInto('projection_checkpoints')
          .values({ name: 'x', position: 5n, events_applied: 1, updated_at: new Date() })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readCheckpoints(db)).toEqual([]);
  });

  it('waits for a position, bounded', async () => {
    const missed = await waitForPosition(db, 10n, 30);
    expect(missed).toEqual({ reached: false, position: undefined });
    // The checkpoint is written once the waiter has looked and found nothing: it must look again.
    let looks = 0;
    const watched = db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        looks += 1;
        return result;
      },
    });
    const reaching = waitForPosition(watched, 10n, 2000);
    await vi.waitFor(() => expect(looks).toBeGreaterThan(0));
    await db
      .withSchema(LIVE_SCHEMA)
      .insertInto('projection_checkpoints')
      .values({ name: 'cars', position: 12n, events_applied: 3, updated_at: new Date() })
      .execute();
    const reached = await reaching;
    expect(reached).toEqual({ reached: true, position: 12n });
    expect(looks).toBeGreaterThan(1);
  });
});

describe.each(backends)('car facets and search words on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;
  const schema = 'rm_facets';

  beforeAll(async () => {
    ({ db, close } = await open());
    await migrateReadModel(db, schema);
  });
  afterAll(async () => {
    await close();
  });

  const facets = async () =>
    (
      await db
        .withSchema(schema)
        .selectFrom('car_facets')
        .select(['make', 'fuel', 'price_band', 'booked', 'advertised', 'cars'])
        .where('cars', '<>', 0)
        .orderBy('make')
        .orderBy('price_band')
        .orderBy('booked')
        .execute()
    ).map((row) => ({ ...row, cars: Number(row.cars) }));

  const models = async () =>
    (
      await db
        .withSchema(schema)
        .selectFrom('car_model_facets')
        .select(['make', 'model', 'price_band', 'booked', 'cars'])
        .where('cars', '<>', 0)
        .orderBy('model')
        .execute()
    ).map((row) => ({ ...row, cars: Number(row.cars) }));

  it('counts the live cars per facet as cars are listed, booked, repriced and deleted', async () => {
    const cars = db.withSchema(schema);
    await cars
      .insertInto('cars')
      .values([
        carRow('a', 1, { make: 'Toyota', model: 'Corolla', fuel: 'petrol' }),
        carRow('b', 2, { make: 'Toyota', model: 'Corolla Cross', fuel: 'hybrid', price: 4_999 }),
        carRow('c', 3),
      ])
      .execute();
    expect(await facets()).toEqual([
      { make: '', fuel: '', price_band: 10_000, booked: 0, advertised: 0, cars: 1 },
      { make: 'Toyota', fuel: 'hybrid', price_band: 0, booked: 0, advertised: 0, cars: 1 },
      { make: 'Toyota', fuel: 'petrol', price_band: 10_000, booked: 0, advertised: 0, cars: 1 },
    ]);
    // Models are counted for the cars that name their make and model.
    expect(await models()).toEqual([
      { make: 'Toyota', model: 'Corolla', price_band: 10_000, booked: 0, cars: 1 },
      { make: 'Toyota', model: 'Corolla Cross', price_band: 0, booked: 0, cars: 1 },
    ]);

    await cars.updateTable('cars').set({ booked: 1 }).where('id', '=', 'a').execute();
    await cars.updateTable('cars').set({ price: 55_000 }).where('id', '=', 'b').execute();
    await cars
      .updateTable('cars')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', 'c')
      .execute();
    // A change that moves no car between facets leaves the counts alone.
    await cars.updateTable('cars').set({ version: 99n }).execute();
    expect(await facets()).toEqual([
      { make: 'Toyota', fuel: 'petrol', price_band: 10_000, booked: 1, advertised: 0, cars: 1 },
      { make: 'Toyota', fuel: 'hybrid', price_band: 50_000, booked: 0, advertised: 0, cars: 1 },
    ]);
    expect(await models()).toEqual([
      { make: 'Toyota', model: 'Corolla', price_band: 10_000, booked: 1, cars: 1 },
      { make: 'Toyota', model: 'Corolla Cross', price_band: 50_000, booked: 0, cars: 1 },
    ]);

    await cars.deleteFrom('cars').execute();
    expect(await facets()).toEqual([]);
    expect(await models()).toEqual([]);
  });

  it('keeps the bookable cars, the counts and the words through one update of many cars', async () => {
    const cars = db.withSchema(schema);
    const ids = Array.from({ length: 100 }, (_, i) => `many-${i}`);
    await cars
      .insertInto('cars')
      .values(ids.map((id, i) => carRow(id, 1000 + i, { make: 'Skoda', model: 'Octavia' })))
      .execute();
    // One-row updates first, as a session's batches start, then one of all hundred (more
    // than the triggers plan once): a market revalued, a price band crossed.
    await cars.updateTable('cars').set({ deal: 'fair' }).where('id', '=', 'many-0').execute();
    await cars.updateTable('cars').set({ deal: 'good' }).where('id', '=', 'many-1').execute();
    await cars
      .updateTable('cars')
      .set({ deal: 'great', price: 21_000, name: 'Skoda Octavia Scout' })
      .where('id', 'in', ids)
      .execute();
    const available = await cars
      .selectFrom('available_cars')
      .select(['deal', 'price'])
      .where('id', 'in', ids)
      .execute();
    expect(available).toHaveLength(100);
    expect(available.every((car) => car.deal === 'great' && Number(car.price) === 21_000)).toBe(
      true,
    );
    expect((await models()).filter((row) => row.model === 'Octavia')).toEqual([
      { make: 'Skoda', model: 'Octavia', price_band: 20_000, booked: 0, cars: 100 },
    ]);
    const scout = await cars
      .selectFrom('search_words')
      .select('word')
      .where('word', '=', 'scout')
      .execute();
    expect(scout).toHaveLength(1);
    await cars.deleteFrom('cars').where('id', 'in', ids).execute();
    expect((await models()).filter((row) => row.model === 'Octavia')).toEqual([]);
  });

  it('books and frees an advertised car without touching an index (a HOT update)', async () => {
    const cars = db.withSchema(schema);
    await cars
      .insertInto('cars')
      .values(carRow('hot', 10, { make: 'Honda', advertised: 1 }))
      .execute();
    // The counts this session has not yet reported, read around the two updates: how many rows
    // they updated, and how many of those stayed on their page.
    const counts = await db.transaction().execute(async (trx) => {
      const read = async () => {
        const { rows } = await sql<{ updated: number; hot: number }>`
          select pg_stat_get_xact_tuples_updated(${`${schema}.cars`}::regclass)::int as updated,
            pg_stat_get_xact_tuples_hot_updated(${`${schema}.cars`}::regclass)::int as hot`.execute(
          trx,
        );
        return rows[0] as { updated: number; hot: number };
      };
      const before = await read();
      const inside = trx.withSchema(schema);
      await inside.updateTable('cars').set({ booked: 1 }).where('id', '=', 'hot').execute();
      await inside.updateTable('cars').set({ booked: 0 }).where('id', '=', 'hot').execute();
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ updated: 2, hot: 2 });
    await cars.deleteFrom('cars').execute();
  });

  it('keeps every word of the cars for matching a misspelt one', async () => {
    await db
      .withSchema(schema)
      .insertInto('cars')
      .values(
        carRow('d', 4, { make: 'Honda', model: 'Vezel', description: 'One owner, full service' }),
      )
      .execute();
    const words = await db
      .withSchema(schema)
      .selectFrom('search_words')
      .select('word')
      .where(sql<boolean>`word % 'vezl'`)
      .execute();
    expect(words.map((w) => w.word)).toEqual(['vezel']);
    const all = await db.withSchema(schema).selectFrom('search_words').select('word').execute();
    expect(all.map((w) => w.word)).toEqual(
      expect.arrayContaining(['honda', 'vezel', 'dhaka', 'owner', 'full', 'service', 'toyota']),
    );
  });

  it("keeps an edit's new words, and leaves the writer's search path as it was", async () => {
    const cars = db.withSchema(schema);
    await cars
      .insertInto('cars')
      .values(carRow('e', 5, { make: 'Mazda' }))
      .execute();
    const path = await db.transaction().execute(async (trx) => {
      const before = await sql<{ path: string }>`select current_setting('search_path') as path`
        .execute(trx)
        .then((r) => r.rows[0]?.path);
      await trx
        .withSchema(schema)
        .updateTable('cars')
        .set({ description: 'Sunroof' })
        .where('id', '=', 'e')
        .execute();
      const after = await sql<{ path: string }>`select current_setting('search_path') as path`
        .execute(trx)
        .then((r) => r.rows[0]?.path);
      return { before, after };
    });
    expect(path.after).toBe(path.before);
    const words = await cars
      .selectFrom('search_words')
      .select('word')
      .where('word', 'in', ['mazda', 'sunroof'])
      .orderBy('word')
      .execute();
    expect(words.map((w) => w.word)).toEqual(['mazda', 'sunroof']);
    await cars.deleteFrom('cars').where('id', '=', 'e').execute();
  });

  it('keeps the derived tables of a schema renamed, as a rebuild renames its own', async () => {
    const built = 'rm_renamed_next';
    await migrateReadModel(db, built);
    const inside = db.withSchema(built);
    // Written under its first name, so that a connection has planned the triggers there.
    await inside
      .insertInto('cars')
      .values(carRow('r1', 1, { make: 'Kia' }))
      .execute();
    await sql.raw(`alter schema ${built} rename to rm_renamed`).execute(db);
    const renamed = db.withSchema('rm_renamed');
    await renamed
      .insertInto('cars')
      .values(carRow('r2', 2, { make: 'Kia' }))
      .execute();
    await renamed.updateTable('cars').set({ booked: 1 }).where('id', '=', 'r1').execute();
    const available = await renamed.selectFrom('available_cars').select('id').execute();
    expect(available.map((row) => row.id)).toEqual(['r2']);
    const counted = await renamed
      .selectFrom('car_facets')
      .select(['booked', 'cars'])
      .orderBy('booked')
      .execute();
    expect(counted.map((row) => [row.booked, Number(row.cars)])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});

/** Every table's columns and every index of a schema, with the schema's name taken out. */
const structure = async (db: ReadModelDb, schema: string) => {
  const columns = await sql<Record<string, unknown>>`
    select table_name, ordinal_position, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = ${schema}
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where schemaname = ${schema} order by indexname`.execute(db);
  const constraints = await sql<Record<string, unknown>>`
    select conname, contype from pg_constraint
    where connamespace = ${schema}::regnamespace order by conname`.execute(db);
  return {
    columns: columns.rows,
    indexes: indexes.rows.map((r) => r.indexdef.replaceAll(`${schema}.`, '')),
    constraints: constraints.rows,
  };
};

describe.each(backends)('upgrading a read model on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  const FIRST = '0001-read-tables';
  const CARS = '0002-cars-vocabulary';
  const DETAILS = '0003-car-details-and-search';
  const LOCATION = '0004-search-by-location-and-model';
  const OWNED = '0005-own-by-account';
  const PARKED = '0006-parked-events';
  const CHECKPOINT_STORE = '0007-checkpoint-store';
  const LISTING_LIFE = '0008-listing-and-booking-life';
  const MEMBERS = '0009-members';
  const PHOTOS = '0010-car-photos';
  const INTEGRATIONS = '0011-integrations';
  const HOT_BOOKINGS = '0012-hot-booking-updates';
  const AVAILABLE = '0013-available-cars';
  const MODEL_FACETS = '0014-model-facets';
  const PLANNED_TRIGGERS = '0015-planned-car-triggers';
  const MONEY = '0016-exact-money';
  const PERSONAL = '0017-personal-details';
  const WEBHOOK_OWNERS = '0018-webhook-owners';
  const CONVERSATIONS = '0019-conversations';
  const MODERATION = '0020-moderation';
  const REVIEWS = '0021-reviews';
  const PLACES = '0022-car-places';
  const WORDS = '0023-words-split-as-typed';
  const MARKETS = '0024-market-values';
  const LARGE_UPDATES = '0025-large-updates-planned';
  const NEARBY_PAGES = '0026-nearby-pages';
  const CAR_POINTS = '0027-car-points';

  it('stops after the migration it is told to, and refuses one it does not know', async () => {
    const partial = 'rm_partial';
    expect(await pendingMigrations(db, partial)).toBeUndefined();
    expect(await migrateReadModel(db, partial, { through: FIRST })).toEqual([FIRST]);
    const later = migrations.slice(1).map((m) => m.name);
    expect(await pendingMigrations(db, partial)).toEqual(later);
    expect(await isSchemaComplete(db, partial)).toBe(later.length === 0);
    expect(await migrateReadModel(db, partial)).toEqual(later);
    expect(await pendingMigrations(db, partial)).toEqual([]);
    expect(await isSchemaComplete(db, partial)).toBe(true);

    await expect(migrateReadModel(db, 'rm_unknown', { through: '9999-nothing' })).rejects.toThrow(
      'No read model migration is named 9999-nothing',
    );
    expect(await pendingMigrations(db, 'rm_unknown')).toBeUndefined();
  });

  it('renames products to cars in place, keeping the rows, and ends where a fresh schema does', async () => {
    const old = 'rm_upgrade';
    expect(await migrateReadModel(db, old, { through: FIRST })).toEqual([FIRST]);
    expect(await pendingMigrations(db, old)).toEqual([
      CARS,
      DETAILS,
      LOCATION,
      OWNED,
      PARKED,
      CHECKPOINT_STORE,
      LISTING_LIFE,
      MEMBERS,
      PHOTOS,
      INTEGRATIONS,
      HOT_BOOKINGS,
      AVAILABLE,
      MODEL_FACETS,
      PLANNED_TRIGGERS,
      MONEY,
      PERSONAL,
      WEBHOOK_OWNERS,
      CONVERSATIONS,
      MODERATION,
      REVIEWS,
      PLACES,
      WORDS,
      MARKETS,
      LARGE_UPDATES,
      NEARBY_PAGES,
      CAR_POINTS,
    ]);
    expect(await isSchemaComplete(db, old)).toBe(false);
    await sql
      .raw(
        `insert into ${old}.products (id, name, seller_id, seller_name, email, category_id,
          category, image, original_price, price, location, use, booked, advertise, listed_at,
          listed_position, version)
        values ('c1', 'Honda Vezel', 's1', 'Sam Seller', 'sam@example.com', 'k1', 'SUV',
          'https://images.example.com/c1.jpg', 20000, 15000, 'Dhaka', 3, 0, 1,
          '2026-01-02T03:04:05Z', 7, 9)`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${old}.bookings (id, product_id, product_name, price, seller_id, seller,
          seller_email, buyer_id, buyer, buyer_email, buyer_phone, meetup, booked_at, position)
        values ('b1', 'c1', 'Honda Vezel', 15000, 's1', 'Sam Seller', 'sam@example.com', 'u1',
          'Bea Buyer', 'bea@example.com', '+8801700000000', 'Gulshan 2', '2026-01-02T04:00:00Z', 11)`,
      )
      .execute(db);

    expect(await migrateReadModel(db, old, { through: CARS })).toEqual([CARS]);
    expect(await pendingMigrations(db, old)).toEqual([
      DETAILS,
      LOCATION,
      OWNED,
      PARKED,
      CHECKPOINT_STORE,
      LISTING_LIFE,
      MEMBERS,
      PHOTOS,
      INTEGRATIONS,
      HOT_BOOKINGS,
      AVAILABLE,
      MODEL_FACETS,
      PLANNED_TRIGGERS,
      MONEY,
      PERSONAL,
      WEBHOOK_OWNERS,
      CONVERSATIONS,
      MODERATION,
      REVIEWS,
      PLACES,
      WORDS,
      MARKETS,
      LARGE_UPDATES,
      NEARBY_PAGES,
      CAR_POINTS,
    ]);

    const car = await db.withSchema(old).selectFrom('cars').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(car)).toEqual([
      'id',
      'name',
      'seller_id',
      'seller_name',
      'seller_email',
      'category_id',
      'category_name',
      'image',
      'original_price',
      'price',
      'location',
      'years_of_use',
      'booked',
      'advertised',
      'listed_at',
      'deleted_at',
      'listed_position',
      'version',
    ]);
    expect({
      ...car,
      listed_position: toPosition(car.listed_position),
      version: toPosition(car.version),
    }).toEqual({
      id: 'c1',
      name: 'Honda Vezel',
      seller_id: 's1',
      seller_name: 'Sam Seller',
      seller_email: 'sam@example.com',
      category_id: 'k1',
      category_name: 'SUV',
      image: 'https://images.example.com/c1.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      years_of_use: 3,
      booked: 0,
      advertised: 1,
      listed_at: new Date('2026-01-02T03:04:05Z'),
      deleted_at: null,
      listed_position: 7n,
      version: 9n,
    });
    const recommended = await db
      .withSchema(old)
      .selectFrom('cars')
      .select('id')
      .where('advertised', '=', 1)
      .where('booked', '=', 0)
      .where('deleted_at', 'is', null)
      .execute();
    expect(recommended).toEqual([{ id: 'c1' }]);

    const booking = await db
      .withSchema(old)
      .selectFrom('bookings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      id: 'b1',
      car_id: 'c1',
      car_name: 'Honda Vezel',
      seller_name: 'Sam Seller',
      seller_email: 'sam@example.com',
      buyer_name: 'Bea Buyer',
      buyer_email: 'bea@example.com',
    });

    // A rebuild migrates a fresh schema from the first migration on: the same tables result.
    const fresh = 'rm_fresh';
    expect(await migrateReadModel(db, fresh, { through: CARS })).toEqual([FIRST, CARS]);
    const upgraded = await structure(db, old);
    expect(upgraded).toEqual(await structure(db, fresh));
    expect(upgraded.indexes.filter((i) => / ON (cars|bookings) /.test(i))).toEqual([
      'CREATE INDEX bookings_buyer_idx ON bookings USING btree (lower(buyer_email), "position")',
      'CREATE INDEX bookings_car_idx ON bookings USING btree (car_id)',
      'CREATE UNIQUE INDEX bookings_pkey ON bookings USING btree (id)',
      'CREATE INDEX bookings_seller_idx ON bookings USING btree (lower(seller_email), "position")',
      'CREATE INDEX cars_advertised_idx ON cars USING btree (listed_position) WHERE ((advertised = 1) AND (booked = 0) AND (deleted_at IS NULL))',
      'CREATE INDEX cars_category_idx ON cars USING btree (lower(category_name), listed_position) WHERE (deleted_at IS NULL)',
      'CREATE INDEX cars_listed_idx ON cars USING btree (listed_position) WHERE (deleted_at IS NULL)',
      'CREATE UNIQUE INDEX cars_pkey ON cars USING btree (id)',
      'CREATE INDEX cars_seller_idx ON cars USING btree (lower(seller_email), listed_position) WHERE (deleted_at IS NULL)',
    ]);
    expect(upgraded.indexes.join('\n')).not.toMatch(/product/);
    expect(upgraded.constraints.map((c) => c.conname)).not.toContain('products_pkey');

    // The cars already there are searched as any other: the unbooked one is counted as bookable.
    await migrateReadModel(db, old);
    const available = await db
      .withSchema(old)
      .selectFrom('available_cars')
      .select(['id', 'price', 'location'])
      .execute();
    expect(available).toEqual([{ id: 'c1', price: '15000', location: 'Dhaka' }]);
  });

  it('keeps money exactly, and converts the prices kept as doubles without a change of value', async () => {
    const old = 'rm_money';
    await migrateReadModel(db, old, { through: PLANNED_TRIGGERS });
    const row = (id: string, price: number, position: number) =>
      sql.raw(
        `insert into ${old}.cars (id, name, seller_id, seller_name, seller_email, category_id,
          category_name, image, original_price, price, location, years_of_use, listed_at,
          listed_position, version)
        values ('${id}', 'Civic', 's1', 'Sam', 'sam@example.com', 'k1', 'SUV', '/i.webp',
          ${price + 1000}, ${price}, 'Dhaka', 3, now(), ${position}, ${position})`,
      );
    await row('c1', 19_999.99, 1).execute(db);
    await row('c2', 10_000_000, 2).execute(db);
    await sql
      .raw(
        `insert into ${old}.car_prices (car_id, position, price, changed_at)
        values ('c1', 1, 19999.99, now())`,
      )
      .execute(db);

    expect(await migrateReadModel(db, old)).toEqual([
      MONEY,
      PERSONAL,
      WEBHOOK_OWNERS,
      CONVERSATIONS,
      MODERATION,
      REVIEWS,
      PLACES,
      WORDS,
      MARKETS,
      LARGE_UPDATES,
      NEARBY_PAGES,
      CAR_POINTS,
    ]);
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = ${old} and (column_name like '%price' and column_name <> 'price_band')
      order by table_name, column_name`.execute(db);
    expect(rows.map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`)).toEqual([
      'available_cars.price numeric',
      'bookings.price numeric',
      'car_prices.price numeric',
      'cars.original_price numeric',
      'cars.previous_price numeric',
      'cars.price numeric',
    ]);
    const cars = await db
      .withSchema(old)
      .selectFrom('cars')
      .select(['id', 'original_price', 'price'])
      .orderBy('id')
      .execute();
    expect(cars).toEqual([
      { id: 'c1', original_price: '20999.99', price: '19999.99' },
      { id: 'c2', original_price: '10001000', price: '10000000' },
    ]);
    const prices = await db.withSchema(old).selectFrom('car_prices').select('price').execute();
    expect(prices).toEqual([{ price: '19999.99' }]);

    // A sum of cents is exact, where doubles would give 0.30000000000000004.
    await db
      .withSchema(old)
      .updateTable('cars')
      .set({ price: 0.1 })
      .where('id', '=', 'c1')
      .execute();
    await db
      .withSchema(old)
      .updateTable('cars')
      .set({ price: 0.2 })
      .where('id', '=', 'c2')
      .execute();
    const total = await db
      .withSchema(old)
      .selectFrom('cars')
      .select(sql<string>`sum(price)::text`.as('total'))
      .executeTakeFirstOrThrow();
    expect(total.total).toBe('0.3');
  });
});

describe('the PGlite dialect', () => {
  it('keeps other work on the shared instance out of an open transaction', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create();
    const db = createReadModelDb({ pglite });
    try {
      await pglite.exec('create table t (n int)');
      const order: string[] = [];
      let outside: Promise<unknown> | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
          // Another user of the same instance (the event store, say) writes meanwhile ...
          outside = pglite.query('insert into t values (2)').then(() => order.push('outside'));
          // Timed: a window for the outside write to get in, which the order below says it did not.
          await new Promise((r) => setTimeout(r, 50));
          await sql`insert into t values (3)`.execute(trx);
          order.push('transaction');
          throw new Error('roll back');
        })
        .catch(() => {});
      await outside;
      // ... and waits for the transaction: its own row survives the rollback, alone.
      expect(order).toEqual(['transaction', 'outside']);
      expect((await pglite.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});
