import { randomUUID } from 'node:crypto';
import { allProjections, carsProjection, noCarDetails, streams } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import {
  countParked,
  migrateReadModel,
  readCheckpoints,
  readModelStatus,
} from '@second-gear/read-model';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionsHealth } from '../src/health.ts';
import {
  listParked,
  NotParkedError,
  ParkedBehindError,
  retryParked,
  skipParked,
} from '../src/parked.ts';
import { rebuildReadModel } from '../src/rebuild.ts';
import { type RunningProjections, startProjections } from '../src/start-projections.ts';
import { backends, eventually, rebuildOptions, type Setup } from './backends.ts';
import { appendScenario, eventData } from './testing.ts';

const list = await backends('parked events', 'one');

const seller = { uid: 'seller-p', email: 'seller-p@example.com', role: 'Seller' as const };

const listing = (carId: string, name: string) =>
  eventData(
    'CarListed',
    {
      carId,
      name,
      sellerId: seller.uid,
      sellerName: 'Seller P',
      sellerEmail: seller.email,
      categoryId: 'c1',
      categoryName: 'SUV',
      image: `https://images.example.com/${carId}.jpg`,
      originalPrice: 20000,
      price: 15000,
      location: 'Dhaka',
      yearsOfUse: 3,
      ...noCarDetails,
    },
    seller,
  );

describe.each(list)('poison events on $name', ({ open }) => {
  let setup: Setup;
  let running: RunningProjections | undefined;

  beforeEach(async () => {
    setup = await open();
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await setup.close();
  });

  const start = async (projections: readonly Projection[] = allProjections) => {
    running = await startProjections({
      store: setup.store,
      db: setup.db,
      schema: setup.schema,
      projections,
      batchSize: 7,
      retryDelayMs: 5,
    });
    return running;
  };
  const caughtUp = async (live: RunningProjections) => {
    const head = await setup.store.headPosition();
    await eventually(() => head === undefined || (live.position() ?? -1n) >= head);
  };
  const carIds = async () =>
    (
      await setup.db
        .withSchema(setup.schema)
        .selectFrom('cars')
        .select(['id', 'advertised'])
        .orderBy('id')
        .execute()
    ).map((c) => `${c.id}:${c.advertised}`);

  it('parks an event that does not parse, goes on with the rest, and status names it', async () => {
    const before = await appendScenario(setup.store);
    const bad = randomUUID();
    // A listing without most of its fields, as a writer with a bug would store it.
    const { position: poison } = await setup.store.append(streams.car(bad), 'any', [
      { ...listing(bad, 'Broken'), data: { carId: bad, name: 'Broken' } },
    ]);
    // A valid event whose metadata says nobody did it: an error, not the System actor.
    const { position: anonymous } = await setup.store.append(streams.user('anon'), 'any', [
      {
        ...eventData(
          'UserRegistered',
          {
            userId: 'anon',
            name: 'Anon',
            email: 'anon@example.com',
            role: 'Buyer',
            photoURL: null,
          },
          seller,
        ),
        metadata: { occurredAt: 'yesterday' },
      },
    ]);
    const after = await appendScenario(setup.store);

    await caughtUp(await start());

    const q = setup.db.withSchema(setup.schema);
    const cars = await q.selectFrom('cars').select('id').execute();
    const ids = new Set(cars.map((c) => c.id));
    expect(ids.has(before.cars.plain) && ids.has(after.cars.plain)).toBe(true);
    expect(ids.has(bad)).toBe(false);
    const users = await q.selectFrom('users').select('id').where('id', '=', 'anon').execute();
    expect(users).toEqual([]);
    const audit = await q
      .selectFrom('audit_log')
      .select('actor_uid')
      .where('subject_id', '=', 'anon')
      .execute();
    expect(audit).toEqual([]);

    const parked = await listParked(setup.db, { schema: setup.schema });
    expect(new Set(parked.map((p) => p.position))).toEqual(new Set([poison, anonymous]));
    // Every projection parks both: none can read them.
    expect(parked).toHaveLength(2 * allProjections.length);
    const listingParked = parked.find((p) => p.position === poison && p.projection === 'cars');
    expect(listingParked).toMatchObject({
      type: 'CarListed',
      streamId: streams.car(bad),
      resolution: null,
    });
    expect(listingParked?.error).toMatch(/sellerId|price/);
    const metadataParked = parked.find((p) => p.position === anonymous && p.projection === 'audit');
    expect(metadataParked?.error).toMatch(/metadata does not parse/);

    const status = await readModelStatus(setup.store, setup.db, setup.schema);
    expect(status.projections.map((p) => [p.name, p.parked, p.eventsBehind])).toEqual(
      status.projections.map((p) => [p.name, 2, 0]),
    );
  });

  /** A rule of the cars table that the given check breaks, as a migration gone wrong would add. */
  const addCarRule = async (check: string) => {
    await migrateReadModel(setup.db, setup.schema);
    await sql
      .raw(`alter table ${setup.schema}.cars add constraint mended_later check (${check})`)
      .execute(setup.db);
  };
  const dropCarRule = () =>
    sql.raw(`alter table ${setup.schema}.cars drop constraint mended_later`).execute(setup.db);
  const retry = (position: bigint) =>
    retryParked({
      store: setup.store,
      db: setup.db,
      schema: setup.schema,
      projection: 'cars',
      position,
      by: 'operator-1',
    });

  it('retries a parked event once its cause is mended, with its stream after it, and what came after it fills in', async () => {
    await addCarRule(`name <> 'Fragile'`);
    const carId = randomUUID();
    const other = randomUUID();
    await setup.store.append(streams.car(carId), 'any', [listing(carId, 'Fragile')]);
    await setup.store.append(streams.car(other), 'any', [listing(other, 'Sturdy')]);
    const { position: advertised } = await setup.store.append(streams.car(carId), 'any', [
      eventData('CarAdvertised', { carId }, seller),
    ]);
    const live = await start();
    await caughtUp(live);
    expect(await carIds()).toEqual([`${other}:0`]);
    // The table's rule (SQLSTATE 23514) is the event's doing: parked for cars alone, and the
    // car's later event waits behind it.
    const parked = await listParked(setup.db, { schema: setup.schema });
    expect(parked.map((p) => [p.projection, p.type])).toEqual([
      ['cars', 'CarListed'],
      ['cars', 'CarAdvertised'],
    ]);
    const [first, behind] = parked;
    expect(first?.error).toContain('mended_later');
    expect(behind?.error).toContain(`at position ${first?.position}, is parked`);
    if (!first) return;
    await expect(retry(advertised)).rejects.toBeInstanceOf(ParkedBehindError);

    // Still broken: it stays parked, with one attempt more.
    const again = await retry(first.position);
    expect(again.retried).toBe(false);
    const [still] = await listParked(setup.db, { schema: setup.schema });
    expect(still?.attempts).toBe(first.attempts + 1);

    await dropCarRule();
    expect(await retry(first.position)).toEqual({ retried: true, reapplied: 2 });
    // The car is there, and advertised: its later event was applied after it.
    expect(await carIds()).toEqual([`${carId}:1`, `${other}:0`].sort());
    expect(await listParked(setup.db, { schema: setup.schema })).toEqual([]);
    const resolved = await listParked(setup.db, { schema: setup.schema, all: true });
    expect(resolved.map((p) => [p.resolution, p.resolvedBy])).toEqual([
      ['retried', 'operator-1'],
      ['retried', 'operator-1'],
    ]);
    expect(resolved[0]?.resolvedAt).toBeInstanceOf(Date);
    await expect(retry(first.position)).rejects.toBeInstanceOf(NotParkedError);
  });

  it('keeps a later change of a car behind its parked price change, so the retry ends with the newest price', async () => {
    const carId = randomUUID();
    await setup.store.append(streams.car(carId), 'any', [listing(carId, 'Priced')]);
    await caughtUp(await start());
    await addCarRule('price < 90000');
    const { position: raised } = await setup.store.append(streams.car(carId), 'any', [
      eventData('CarPriceChanged', { carId, oldPrice: 15000, price: 95000 }, seller),
    ]);
    await setup.store.append(streams.car(carId), 'any', [
      eventData('CarDetailsChanged', { carId, mileage: 42000 }, seller),
    ]);
    await caughtUp(running as RunningProjections);
    const q = setup.db.withSchema(setup.schema);
    const car = () =>
      q.selectFrom('cars').select(['price', 'mileage']).where('id', '=', carId).executeTakeFirst();
    // Neither is applied: the details change waits behind the price change.
    expect(await car()).toEqual({ price: '15000', mileage: null });

    await dropCarRule();
    const carsCheckpoint = async () =>
      (await readCheckpoints(setup.db, setup.schema)).find((c) => c.name === 'cars');
    const before = await carsCheckpoint();
    expect(await retry(raised)).toEqual({ retried: true, reapplied: 1 });
    expect(await car()).toEqual({ price: '95000', mileage: 42000 });
    // The rows changed, not the position: the checkpoint's time says so to kept answers.
    const after = await carsCheckpoint();
    expect(after?.position).toBe(before?.position);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
    const prices = await q
      .selectFrom('car_prices')
      .select('price')
      .where('car_id', '=', carId)
      .orderBy('position')
      .execute();
    expect(prices.map((p) => p.price)).toEqual(['15000', '95000']);
  });

  it('answers a retry that changes no row as not done, and keeps the event parked', async () => {
    const carId = randomUUID();
    await addCarRule(`name <> 'Twice'`);
    const { position } = await setup.store.append(streams.car(carId), 'any', [
      listing(carId, 'Twice'),
    ]);
    await caughtUp(await start());
    await dropCarRule();
    expect(await retry(position)).toEqual({ retried: true, reapplied: 0 });
    // Marked parked again by hand: its row is there already, so applying it changes nothing.
    await setup.db
      .withSchema(setup.schema)
      .updateTable('parked_events')
      .set({ resolution: null, resolved_at: null, resolved_by: null })
      .where('position', '=', position)
      .where('projection', '=', 'cars')
      .execute();
    const again = await retry(position);
    expect(again.retried).toBe(false);
    expect(again.retried === false && again.error).toContain('changed no row');
    const parked = await listParked(setup.db, { schema: setup.schema });
    expect(parked.map((p) => [p.position, p.attempts])).toEqual([[position, 2]]);
  });

  it('holds a projection before an event that fails for a passing reason, parks nothing, and applies it once that passes', async () => {
    await appendScenario(setup.store);
    const { position: head } = await setup.store.append(streams.car(randomUUID()), 'any', [
      listing(randomUUID(), 'Locked'),
    ]);
    // A lock the projector cannot get in time (SQLSTATE 55P03), raised by the database for
    // every write to the cars table until the switch is removed.
    const s = setup.schema;
    await migrateReadModel(setup.db, s);
    for (const statement of [
      `create table ${s}.lock_switch (on_ boolean)`,
      `insert into ${s}.lock_switch values (true)`,
      `create function ${s}.refuse_lock() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from ${s}.lock_switch) then
           raise exception 'canceling statement due to lock timeout' using errcode = 'lock_not_available';
         end if;
         return new;
       end $$`,
      `create trigger refuse_lock before insert or update on ${s}.cars
         for each statement execute function ${s}.refuse_lock()`,
    ]) {
      await sql.raw(statement).execute(setup.db);
    }
    const live = await start();
    await eventually(() => (live.failures().cars?.failures ?? 0) >= 3);
    // Everything else is applied; cars waits before its first listing, and nothing is parked.
    await eventually(() => (live.positions().users ?? -1n) >= head);
    const events = await setup.store.readAll({ limit: 1000 });
    const firstListing = events.find((e) => e.type === 'CarListed')?.position ?? 0n;
    expect(live.positions().cars ?? -1n).toBeLessThan(firstListing);
    expect(live.failures().cars?.error).toContain('lock timeout');
    expect(await listParked(setup.db, { schema: setup.schema, all: true })).toEqual([]);
    const health = await subscriptionsHealth({
      db: setup.db,
      projections: live,
      reactors: { states: async () => [] },
    });
    expect(health).toMatchObject({
      status: 'degraded',
      retrying: { cars: { error: expect.stringContaining('lock timeout') } },
    });

    await sql.raw(`delete from ${s}.lock_switch`).execute(setup.db);
    await caughtUp(live);
    expect(live.failures()).toEqual({});
    expect((await carIds()).length).toBe(6);
    expect(await listParked(setup.db, { schema: setup.schema, all: true })).toEqual([]);
  });

  it('skips a parked event for good; a rebuild parks it again, still skipped', async () => {
    await appendScenario(setup.store);
    const bad = randomUUID();
    const { position } = await setup.store.append(streams.car(bad), 'any', [
      { ...listing(bad, 'Broken'), data: { carId: bad } },
    ]);
    await caughtUp(await start());
    expect(await countParked(setup.db, setup.schema)).toEqual(
      Object.fromEntries(allProjections.map((p) => [p.name, 1])),
    );
    for (const { name } of allProjections) {
      await skipParked({
        db: setup.db,
        schema: setup.schema,
        projection: name,
        position,
        by: 'operator-2',
      });
    }
    expect(await countParked(setup.db, setup.schema)).toEqual({});
    await expect(
      skipParked({
        db: setup.db,
        schema: setup.schema,
        projection: 'cars',
        position,
        by: 'operator-2',
      }),
    ).rejects.toBeInstanceOf(NotParkedError);

    const rebuilt = await rebuildReadModel({
      ...rebuildOptions(setup),
      batchSize: 10,
    });
    expect(rebuilt.parked).toBe(allProjections.length);
    expect(await countParked(setup.db, setup.schema)).toEqual({});
    const all = await listParked(setup.db, { schema: setup.schema, all: true });
    expect(all.map((p) => [p.resolution, p.resolvedBy])).toEqual(
      all.map(() => ['skipped', 'operator-2']),
    );
  });

  it('never parks because the database failed: the batch waits for it', async () => {
    await appendScenario(setup.store);
    let failing = 3;
    const unreachable: Projection = {
      name: 'cars',
      async apply(tables, event) {
        if (failing > 0) {
          failing--;
          throw Object.assign(new Error('Connection terminated unexpectedly'), {
            code: '08006',
          });
        }
        await carsProjection.apply(tables, event);
      },
    };
    await caughtUp(await start([unreachable]));
    expect(failing).toBe(0);
    expect(await listParked(setup.db, { schema: setup.schema, all: true })).toEqual([]);
    expect((await carIds()).length).toBe(5);
  });
});
