import { randomUUID } from 'node:crypto';
import { allProjections, carsProjection, noCarDetails, streams } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import { countParked, readModelStatus } from '@second-gear/read-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listParked, NotParkedError, retryParked, skipParked } from '../src/parked.ts';
import { rebuildReadModel } from '../src/rebuild.ts';
import { type RunningProjections, startProjections } from '../src/start-projections.ts';
import { backends, eventually, rebuildOptions, type Setup } from './backends.ts';
import { appendScenario, eventData } from './testing.ts';

const list = await backends('parked events');

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

  it('retries a parked event once its cause is mended, and what came after it fills in', async () => {
    const carId = randomUUID();
    const other = randomUUID();
    await setup.store.append(streams.car(carId), 'any', [listing(carId, 'Fragile')]);
    await setup.store.append(streams.car(other), 'any', [listing(other, 'Sturdy')]);
    await setup.store.append(streams.car(carId), 'any', [
      eventData('CarAdvertised', { carId }, seller),
    ]);
    let mended = false;
    const fragile: Projection = {
      name: 'cars',
      async apply(tables, event) {
        if (!mended && event.type === 'CarListed' && event.data.carId === carId) {
          // A projector's bug on this one event's data.
          throw new TypeError('Cannot read properties of undefined');
        }
        await carsProjection.apply(tables, event);
      },
    };
    const live = await start([fragile]);
    await caughtUp(live);
    expect(await carIds()).toEqual([`${other}:0`]);
    const [parked] = await listParked(setup.db, { schema: setup.schema });
    expect(parked).toMatchObject({ projection: 'cars', type: 'CarListed', resolution: null });
    expect(parked?.error).toContain('TypeError');
    if (!parked) return;

    // Still broken: it stays parked, with one attempt more.
    const again = await retryParked({
      store: setup.store,
      db: setup.db,
      schema: setup.schema,
      projection: 'cars',
      position: parked.position,
      by: 'operator-1',
      projections: [fragile],
    });
    expect(again.retried).toBe(false);
    const [still] = await listParked(setup.db, { schema: setup.schema });
    expect(still?.attempts).toBe(parked.attempts + 1);

    mended = true;
    const retried = await retryParked({
      store: setup.store,
      db: setup.db,
      schema: setup.schema,
      projection: 'cars',
      position: parked.position,
      by: 'operator-1',
      projections: [fragile],
    });
    expect(retried).toEqual({ retried: true, reapplied: 2 });
    // The car is there, and advertised: its later event was applied again after it.
    expect(await carIds()).toEqual([`${carId}:1`, `${other}:0`].sort());
    expect(await listParked(setup.db, { schema: setup.schema })).toEqual([]);
    const [resolved] = await listParked(setup.db, { schema: setup.schema, all: true });
    expect(resolved).toMatchObject({ resolution: 'retried', resolvedBy: 'operator-1' });
    expect(resolved?.resolvedAt).toBeInstanceOf(Date);
    await expect(
      retryParked({
        store: setup.store,
        db: setup.db,
        schema: setup.schema,
        projection: 'cars',
        position: parked.position,
        by: 'operator-1',
      }),
    ).rejects.toBeInstanceOf(NotParkedError);
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
