import type { RecordedEvent } from '@second-gear/event-store';
import {
  allProjections,
  carsProjection,
  membersProjection,
  streams,
  toProjectedEvent,
} from '@second-gear/features';
import type { Projection, ReadTables } from '@second-gear/features/platform/projection.ts';
import {
  carTriggersDisabled,
  migrateReadModel,
  readCheckpoints,
  readModelStatus,
  waitForPosition,
} from '@second-gear/read-model';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyBatch } from '../src/apply-batch.ts';
import { rebuildReadModel } from '../src/rebuild.ts';
import { type RunningProjections, startProjections } from '../src/start-projections.ts';
import { backends, eventually, rebuildOptions, type Setup, snapshot } from './backends.ts';
import {
  appendIntegrationLife,
  appendListingLife,
  appendMemberLife,
  appendScenario,
  eventData,
} from './testing.ts';

const list = await backends('projection-service');

const readEverything = async (setup: Setup): Promise<RecordedEvent[]> =>
  setup.store.readAll({ limit: 100_000 });

const caughtUp = async (running: RunningProjections, setup: Setup) => {
  const head = await setup.store.headPosition();
  await eventually(() => head === undefined || (running.position() ?? -1n) >= head);
};

/** `count` Skoda Octavias of one seller, listed at 10,000 to 10,000 + 100 (count - 1). */
const skodas = (count: number) => {
  const seller = { uid: 'seller-burst', email: 'burst@example.com', role: 'Seller' as const };
  return Array.from({ length: count }, (_, i) => {
    const carId = crypto.randomUUID();
    return {
      stream: streams.car(carId),
      expected: 'no_stream' as const,
      events: [
        eventData(
          'CarListed',
          {
            carId,
            name: 'Skoda Octavia',
            sellerId: seller.uid,
            sellerName: 'Bo Burst',
            sellerEmail: seller.email,
            categoryId: 'cat-estate',
            categoryName: 'Estate',
            image: 'https://images.example.com/octavia.jpg',
            originalPrice: 20_000,
            price: 10_000 + i * 100,
            location: 'Brno',
            yearsOfUse: 5,
            make: 'Skoda',
            model: 'Octavia',
            year: 2019,
            mileage: 80_000,
            fuel: 'diesel',
            transmission: 'manual',
            description: null,
          },
          seller,
        ),
      ],
    };
  });
};

describe.each(list)('projections on $name', ({ open }) => {
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

  const start = async (projections: readonly Projection[] = allProjections, batchSize = 7) => {
    running = await startProjections({
      store: setup.store,
      db: setup.db,
      schema: setup.schema,
      projections,
      batchSize,
      retryDelayMs: 10,
    });
    return running;
  };

  it('turns the events into rows: users, categories, cars, bookings and the audit log', async () => {
    const ids = await appendScenario(setup.store);
    await caughtUp(await start(), setup);
    const q = setup.db.withSchema(setup.schema);

    const users = await q.selectFrom('users').selectAll().orderBy('email').execute();
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(ids.admin.uid)).toMatchObject({ role: 'Admin', deleted_at: null });
    expect(byId.get(ids.seller.uid)).toMatchObject({ role: 'Seller', email: ids.seller.email });
    expect(byId.get(ids.buyer.uid)).toMatchObject({ role: 'Buyer', name: ids.buyer.name });
    expect(byId.get(ids.leaving.uid)?.deleted_at).toBeInstanceOf(Date);

    const categories = await q
      .selectFrom('categories')
      .selectAll()
      .where('deleted_at', 'is', null)
      .execute();
    expect(categories.map((c) => c.id).sort()).toEqual(
      [ids.categories.suv, ids.categories.sedan].sort(),
    );

    const cars = new Map((await q.selectFrom('cars').selectAll().execute()).map((c) => [c.id, c]));
    expect(cars.get(ids.cars.advertised)).toMatchObject({
      name: 'Toyota Harrier',
      seller_name: ids.seller.name,
      seller_email: ids.seller.email,
      original_price: '20000',
      price: '15000',
      years_of_use: 3,
      booked: 0,
      advertised: 1,
      deleted_at: null,
    });
    expect(cars.get(ids.cars.booked)).toMatchObject({ booked: 1, advertised: 1 });
    expect(cars.get(ids.cars.deleted)?.deleted_at).toBeInstanceOf(Date);
    expect(cars.get(ids.cars.withdrawn)?.deleted_at).toBeInstanceOf(Date);

    // The Recommended list: advertised, not booked, not deleted.
    const recommended = await q
      .selectFrom('cars')
      .select('id')
      .where('advertised', '=', 1)
      .where('booked', '=', 0)
      .where('deleted_at', 'is', null)
      .execute();
    expect(recommended.map((r) => r.id)).toEqual([ids.cars.advertised]);

    const bookings = await q.selectFrom('bookings').selectAll().execute();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      id: ids.bookingId,
      car_id: ids.cars.booked,
      car_name: 'Honda Vezel',
      buyer_name: ids.buyer.name,
      buyer_email: ids.buyer.email,
      seller_email: ids.seller.email,
      buyer_phone: '+8801700000000',
      meetup: 'Gulshan 2',
    });

    const audit = await q.selectFrom('audit_log').selectAll().orderBy('position').execute();
    const promoted = audit.find((a) => a.event_type === 'UserPromotedToAdmin');
    expect(promoted).toMatchObject({
      action: 'promoted to admin',
      subject_type: 'user',
      subject_id: ids.admin.uid,
      subject_label: `${ids.admin.name} <${ids.admin.email}>`,
      actor_role: 'System',
    });
    const booked = audit.find((a) => a.event_type === 'CarBooked');
    expect(booked).toMatchObject({
      action: 'booked',
      actor_uid: ids.buyer.uid,
      actor_email: ids.buyer.email,
      subject_id: ids.cars.booked,
      subject_label: 'Honda Vezel',
    });
    expect(JSON.stringify(booked?.details)).not.toContain('+880');
    const advertised = audit.find(
      (a) => a.event_type === 'CarAdvertised' && a.subject_id === ids.cars.booked,
    );
    expect(advertised?.subject_label).toBe('Honda Vezel');
    const withdrawn = audit.filter((a) => a.correlation_id === booked?.correlation_id);
    expect(withdrawn).toHaveLength(1);
    // Bookkeeping events (reservations, car counts) are not audit entries.
    expect(
      audit.some((a) => a.event_type === 'EmailClaimed' || a.event_type === 'SellerCarAdded'),
    ).toBe(false);

    const checkpoints = await readCheckpoints(setup.db, setup.schema);
    expect(checkpoints.map((c) => c.position)).toEqual(checkpoints.map(() => ids.position));
  });

  it('follows live events after catching up, and a read can wait for their position', async () => {
    await appendScenario(setup.store);
    const live = await start();
    await caughtUp(live, setup);
    const more = await appendScenario(setup.store);
    const waited = await waitForPosition(setup.db, more.position, 10_000, { schema: setup.schema });
    expect(waited.reached).toBe(true);
    const car = await setup.db
      .withSchema(setup.schema)
      .selectFrom('cars')
      .selectAll()
      .where('id', '=', more.cars.booked)
      .executeTakeFirst();
    expect(car?.booked).toBe(1);
  });

  it('reads the log once for every projection, and one that is ahead skips what it has', async () => {
    await appendScenario(setup.store);
    const events = await readEverything(setup);
    // The cars projection has applied the first half already; the others nothing.
    const half = events.slice(0, Math.floor(events.length / 2));
    await migrateReadModel(setup.db, setup.schema);
    const cars = allProjections.filter((p) => p.name === 'cars');
    await applyBatch(setup.db, { schema: setup.schema, projections: cars, events: half });
    let reads = 0;
    const store = new Proxy(setup.store, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property !== 'readAll') return value.bind(target);
        return (...args: unknown[]) => {
          reads++;
          return value.apply(target, args);
        };
      },
    });
    running = await startProjections({
      store,
      db: setup.db,
      schema: setup.schema,
      batchSize: 7,
      retryDelayMs: 10,
    });
    await caughtUp(running, setup);
    // One read per batch of 7 for all projections together, and the one that finds none left.
    expect(reads).toBeLessThanOrEqual(Math.ceil(events.length / 7) + 1);
    const checkpoints = await readCheckpoints(setup.db, setup.schema);
    expect(new Set(checkpoints.map((c) => c.position))).toEqual(new Set([events.at(-1)?.position]));
    expect(checkpoints.map((c) => [c.name, c.eventsApplied])).toEqual(
      checkpoints.map((c) => [c.name, events.length]),
    );
    const clean = setup.nextSchema;
    await migrateReadModel(setup.db, clean);
    await applyBatch(setup.db, { schema: clean, projections: allProjections, events });
    expect(await snapshot(setup.db, setup.schema)).toEqual(await snapshot(setup.db, clean));
  });

  it('changes nothing when every event is applied twice', async () => {
    await appendScenario(setup.store);
    const events = await readEverything(setup);
    await migrateReadModel(setup.db, setup.schema);
    await applyBatch(setup.db, { schema: setup.schema, projections: allProjections, events });
    const once = await snapshot(setup.db, setup.schema);

    // Each handler again, event by event (doubled inside one batch past the checkpoint guard) ...
    await migrateReadModel(setup.db, setup.nextSchema);
    const doubled = events.flatMap((e) => [e, e]);
    await applyBatch(setup.db, {
      schema: setup.nextSchema,
      projections: allProjections,
      events: doubled,
    });
    const twice = await snapshot(setup.db, setup.nextSchema);
    expect({ ...twice, checkpoints: [] }).toEqual({ ...once, checkpoints: [] });

    // ... and the whole history delivered again to the first schema: skipped by the checkpoint.
    const again = await applyBatch(setup.db, {
      schema: setup.schema,
      projections: allProjections,
      events,
    });
    expect(again).toMatchObject({ kind: 'applied', applied: 0 });
    expect(await snapshot(setup.db, setup.schema)).toEqual(once);
  });

  it('rolls back a batch that fails midway and applies each event exactly once in the end', async () => {
    await appendScenario(setup.store);
    const events = await readEverything(setup);
    let failures = 0;
    const flaky: Projection[] = allProjections.map((p) =>
      p.name !== 'cars'
        ? p
        : {
            name: p.name,
            async apply(tables, event) {
              await p.apply(tables, event);
              // Fails after writing its row, inside the batch's transaction, the first time.
              if (event.type === 'CarBooked' && failures++ === 0)
                throw new Error('crash mid-batch');
            },
          },
    );
    await caughtUp(await start(flaky), setup);
    expect(failures).toBe(2);
    const crashed = await snapshot(setup.db, setup.schema);
    await running?.stop();
    running = undefined;

    const clean = setup.nextSchema;
    await migrateReadModel(setup.db, clean);
    await applyBatch(setup.db, { schema: clean, projections: allProjections, events });
    expect(crashed).toEqual(await snapshot(setup.db, clean));
    // The counter is written with the rows: a batch applied twice would show here.
    const counts = (await readCheckpoints(setup.db, setup.schema)).map((c) => c.eventsApplied);
    expect(counts).toEqual(counts.map(() => events.length));
  });

  it("follows a listing's life: edits, price history, bookings answered and ended, a sale", async () => {
    const ids = await appendScenario(setup.store);
    const life = await appendListingLife(setup.store, ids);
    await caughtUp(await start(), setup);
    const q = setup.db.withSchema(setup.schema);

    const cars = new Map((await q.selectFrom('cars').selectAll().execute()).map((c) => [c.id, c]));
    expect(cars.get(ids.cars.plain)).toMatchObject({
      price: '13500',
      previous_price: '15000',
      mileage: 64000,
      description: 'New tyres',
      booked: 0,
      sold_at: null,
      image: life.images[0],
      images: life.images,
    });
    expect(cars.get(ids.cars.plain)?.price_changed_at).toBeInstanceOf(Date);
    expect(cars.get(ids.cars.advertised)).toMatchObject({ booked: 0, previous_price: null });
    expect(cars.get(ids.cars.advertised)?.sold_at).toBeInstanceOf(Date);

    const prices = await q
      .selectFrom('car_prices')
      .select(['price'])
      .where('car_id', '=', ids.cars.plain)
      .orderBy('position')
      .execute();
    expect(prices.map((p) => p.price)).toEqual(['15000', '13500']);

    const bookings = new Map(
      (await q.selectFrom('bookings').selectAll().execute()).map((b) => [b.id, b]),
    );
    expect(bookings.get(life.cancelledBookingId)).toMatchObject({ status: 'cancelled' });
    expect(bookings.get(life.cancelledBookingId)?.proposed_time?.toISOString()).toBe(
      life.proposedTime,
    );
    expect(bookings.get(life.declinedBookingId)).toMatchObject({ status: 'declined' });
    expect(bookings.get(life.endedBookingId)).toMatchObject({ status: 'ended' });
    expect(bookings.get(ids.bookingId)).toMatchObject({ status: 'requested', proposed_time: null });

    // A sold car leaves the facet counts, as it leaves search; the booked one stays counted.
    const counted = await q
      .selectFrom('car_facets')
      .select((eb) => eb.fn.sum<string>('cars').as('cars'))
      .where('category_name', 'like', 'SUV %')
      .executeTakeFirstOrThrow();
    expect(Number(counted.cars)).toBe(1);

    // The cars a buyer can book, as a search counts them: the live, unsold, unbooked ones,
    // with their searched columns as they are now (the plain car's edits and new price).
    const searched = [
      'id',
      'listed_position',
      'category_name',
      'make',
      'model',
      'year',
      'mileage',
      'price',
      'fuel',
      'transmission',
      'location',
      'search_vector',
    ] as const;
    const available = await q.selectFrom('available_cars').select(searched).orderBy('id').execute();
    const bookable = await q
      .selectFrom('cars')
      .select(searched)
      .where('deleted_at', 'is', null)
      .where('sold_at', 'is', null)
      .where('booked', '=', 0)
      .orderBy('id')
      .execute();
    expect(available).toEqual(bookable);
    const availableIds = available.map((car) => car.id);
    expect(availableIds).toContain(ids.cars.plain);
    expect(availableIds).not.toContain(ids.cars.advertised);
    expect(availableIds).not.toContain(ids.cars.booked);
    expect(availableIds).not.toContain(ids.cars.deleted);
    expect(available.find((car) => car.id === ids.cars.plain)?.price).toBe(
      cars.get(ids.cars.plain)?.price,
    );

    const audit = await q
      .selectFrom('audit_log')
      .select(['event_type', 'action', 'actor_uid'])
      .where('position', '>', ids.position.toString())
      .orderBy('position')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'changed the price',
      'edited',
      'changed the pictures',
      'booked',
      'accepted the booking',
      'cancelled the booking',
      'booked',
      'declined the booking',
      'booked',
      'marked sold',
      'ended the booking',
    ]);
  });

  it('tells the people concerned: booking parties, favourites, saved searches; reads and profiles', async () => {
    const ids = await appendScenario(setup.store);
    const members = appendMemberLife(setup.store, ids);
    await members.before();
    const life = await appendListingLife(setup.store, ids);
    await members.after();
    await caughtUp(await start(), setup);
    const q = setup.db.withSchema(setup.schema);

    const told = await q
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'car_id', 'details'])
      .where('position', '>', ids.position.toString())
      .orderBy('position')
      .orderBy('user_id')
      .execute();
    const { buyer, seller, cars } = ids;
    expect(told.map((n) => [n.user_id, n.kind, n.car_id])).toEqual([
      [buyer.uid, 'price-dropped', cars.plain],
      [seller.uid, 'booking-requested', cars.plain],
      [buyer.uid, 'booking-accepted', cars.plain],
      [seller.uid, 'booking-cancelled', cars.plain],
      [seller.uid, 'booking-requested', cars.plain],
      [buyer.uid, 'booking-declined', cars.plain],
      [seller.uid, 'booking-requested', cars.advertised],
      [buyer.uid, 'favourite-sold', cars.advertised],
      [buyer.uid, 'booking-ended', cars.advertised],
      [buyer.uid, 'search-matched', members.matchingCarId],
    ]);
    expect(told[0]?.details).toEqual({ oldPrice: 15000, price: 13500 });
    expect(told[1]?.details).toMatchObject({
      bookingId: life.cancelledBookingId,
      proposedTime: life.proposedTime,
    });
    expect(told.at(-1)?.details).toMatchObject({ searchId: members.searchId, search: 'Corollas' });

    const favourites = await q
      .selectFrom('favourites')
      .select('car_id')
      .where('user_id', '=', buyer.uid)
      .execute();
    expect(favourites.map((f) => f.car_id)).toEqual([cars.plain]);
    const reads = await q.selectFrom('notification_reads').selectAll().execute();
    expect(reads).toHaveLength(1);
    const user = await q
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.uid)
      .executeTakeFirst();
    expect(user).toMatchObject({ name: `${buyer.name} B.`, phone: '+8801711111111' });
  });

  it('finds who favours the cars of a batch in one statement, as the favourites stood at each event', async () => {
    const ids = await appendScenario(setup.store);
    const { buyer, cars } = ids;
    const person = { uid: buyer.uid, email: buyer.email, role: 'Buyer' as const };
    const seller = { uid: ids.seller.uid, email: ids.seller.email, role: 'Seller' as const };
    const at = async (stream: string, data: Parameters<typeof eventData>) =>
      setup.store.append(stream, 'any', [eventData(...data)]);
    const favourite = { carId: cars.plain, userId: buyer.uid };
    await at(streams.user(buyer.uid), ['CarFavourited', favourite, person]);
    await at(streams.car(cars.plain), [
      'CarPriceChanged',
      { carId: cars.plain, oldPrice: 15000, price: 14000 },
      seller,
    ]);
    await at(streams.user(buyer.uid), ['CarUnfavourited', favourite, person]);
    await at(streams.car(cars.plain), [
      'CarPriceChanged',
      { carId: cars.plain, oldPrice: 14000, price: 13000 },
      seller,
    ]);
    await at(streams.car(cars.advertised), [
      'CarPriceChanged',
      { carId: cars.advertised, oldPrice: 20000, price: 19000 },
      seller,
    ]);
    await migrateReadModel(setup.db, setup.schema);
    const events = await readEverything(setup);
    let lookups = 0;
    const counted = (tables: ReadTables): ReadTables =>
      new Proxy(tables, {
        get(target, key) {
          const value = Reflect.get(target, key, target);
          if (typeof value !== 'function') return value;
          if (key !== 'selectFrom') return value.bind(target);
          return (from: string) => {
            if (from === 'favourites') lookups++;
            return value.call(target, from);
          };
        },
      });
    await setup.db.transaction().execute(async (trx) => {
      const tables = trx.withSchema(setup.schema);
      const parsed = events.flatMap((e) => {
        const event = toProjectedEvent(e);
        return event ? [event] : [];
      });
      await membersProjection.applyAll?.(counted(tables), parsed);
    });
    expect(lookups).toBe(1);
    const told = await setup.db
      .withSchema(setup.schema)
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'details'])
      .where('kind', '=', 'price-dropped')
      .execute();
    // Told of the first drop, while the car was a favourite; not of the second.
    expect(told).toEqual([
      { user_id: buyer.uid, kind: 'price-dropped', details: { oldPrice: 15000, price: 14000 } },
    ]);
  });

  it("keeps integrators' keys and webhooks, audits them without secrets, and tells admins of a failing one", async () => {
    const ids = await appendScenario(setup.store);
    const life = await appendIntegrationLife(setup.store, ids);
    await caughtUp(await start(), setup);
    const q = setup.db.withSchema(setup.schema);

    const key = await q.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(key).toMatchObject({
      id: life.keyId,
      name: 'Price watcher',
      scopes: ['feed:read', 'webhooks:manage'],
      prefix: `sgk_${life.keyId}_abcd`,
      created_by: ids.admin.email,
    });
    expect(key.revoked_at).toBeInstanceOf(Date);
    // Its commands count as uses: it registered and paused the first endpoint.
    expect(key.last_command_at).toBeInstanceOf(Date);

    const endpoints = new Map(
      (await q.selectFrom('webhook_endpoints').selectAll().execute()).map((e) => [e.id, e]),
    );
    expect(endpoints.get(life.endpointId)).toMatchObject({
      url: 'https://hooks.example.com/a',
      types: ['CarListed', 'CarSold'],
      paused: true,
      failing: false,
      created_by: 'Price watcher',
    });
    expect(endpoints.get(life.endpointId)?.deleted_at).toBeInstanceOf(Date);
    expect(endpoints.get(life.liveEndpointId)).toMatchObject({
      paused: false,
      failing: false,
      deleted_at: null,
      created_by: ids.admin.email,
    });

    const audit = await q
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'actor_role', 'details'])
      .where('position', '>', ids.position.toString())
      .orderBy('position')
      .execute();
    expect(audit.map((a) => [a.action, a.subject_type, a.actor_role])).toEqual([
      ['issued the API key', 'api-key', 'Admin'],
      ['registered the webhook', 'webhook', 'ApiKey'],
      ['registered the webhook', 'webhook', 'Admin'],
      ['paused the webhook', 'webhook', 'ApiKey'],
      ['webhook failing', 'webhook', 'System'],
      ['webhook delivering again', 'webhook', 'System'],
      ['deleted the webhook', 'webhook', 'Admin'],
      ['revoked the API key', 'api-key', 'Admin'],
    ]);
    const everything = JSON.stringify(audit);
    expect(everything).not.toContain('f'.repeat(64));
    expect(everything).not.toContain('n'.repeat(32));

    const told = await q
      .selectFrom('notifications')
      .selectAll()
      .where('position', '>', ids.position.toString())
      .execute();
    expect(told.map((n) => [n.user_id, n.kind, n.car_id])).toEqual([
      ['@admins', 'webhook-failing', null],
    ]);
    expect(told[0]?.details).toMatchObject({ endpointId: life.endpointId, lastError: 'HTTP 500' });
  });

  it('rebuilds into fresh tables that equal the live ones row for row, while live projections run', async () => {
    const scenario = await appendScenario(setup.store);
    const members = appendMemberLife(setup.store, scenario);
    await members.before();
    await appendListingLife(setup.store, scenario);
    await members.after();
    await appendIntegrationLife(setup.store, scenario);
    const live = await start();
    await caughtUp(live, setup);
    const before = await snapshot(setup.db, setup.schema);

    const progress: number[] = [];
    const result = await rebuildReadModel({
      ...rebuildOptions(setup),
      batchSize: 10,
      onProgress: (p) => progress.push(p.applied),
    });
    expect(result.applied).toBe((await readEverything(setup)).length);
    expect(result.retried).toBe(0);
    expect(progress.length).toBeGreaterThan(1);
    expect(await snapshot(setup.db, setup.schema)).toEqual(before);

    // The live projector carries on in the swapped-in tables.
    const more = await appendScenario(setup.store);
    await eventually(async () => {
      const cps = await readCheckpoints(setup.db, setup.schema);
      return cps.every((c) => c.position === more.position);
    });
    const car = await setup.db
      .withSchema(setup.schema)
      .selectFrom('cars')
      .select('id')
      .where('id', '=', more.cars.plain)
      .executeTakeFirst();
    expect(car?.id).toBe(more.cars.plain);
    const status = await readModelStatus(setup.store, setup.db, setup.schema);
    expect(status.projections.every((p) => p.eventsBehind === 0)).toBe(true);
  });

  it("folds a batch's changes of one car into what applying them one by one gives", async () => {
    const scenario = await appendScenario(setup.store);
    const members = appendMemberLife(setup.store, scenario);
    await members.before();
    await appendListingLife(setup.store, scenario);
    await members.after();
    const options = rebuildOptions(setup);
    await rebuildReadModel({ ...options, batchSize: 1 });
    const oneByOne = await snapshot(setup.db, setup.schema);
    const all = await rebuildReadModel({ ...options, batchSize: 10_000 });
    expect(all.applied).toBe((await readEverything(setup)).length);
    // Folded and loaded by COPY, not applied again event by event after a failure.
    expect(all.retried).toBe(0);
    expect(await snapshot(setup.db, setup.schema)).toEqual(oneByOne);
  });

  it('applies the newer changes of a car whose row has some of a batch already, as event by event', async () => {
    const { cars } = await appendScenario(setup.store);
    const carId = cars.plain;
    const seller = { uid: 'seller-1', email: 'seller@example.com', role: 'Seller' as const };
    const stream = streams.car(carId);
    const price = (oldPrice: number, to: number) =>
      eventData('CarPriceChanged', { carId, oldPrice, price: to }, seller);
    await setup.store.append(stream, 'any', [price(15000, 14000)]);
    await setup.store.append(stream, 'any', [price(14000, 13000)]);
    const events = await readEverything(setup);
    const [first, second] = events.slice(-2);
    await migrateReadModel(setup.db, setup.schema);
    const batch = { schema: setup.schema, projections: [carsProjection] };
    await applyBatch(setup.db, { ...batch, events: events.slice(0, -1) });
    // The checkpoint set back before the first change, as an operator may: the next batch
    // holds a change the row has and one it has not.
    await setup.db
      .withSchema(setup.schema)
      .updateTable('projection_checkpoints')
      .set({ position: String((first?.position ?? 0n) - 1n) })
      .where('name', '=', 'cars')
      .execute();
    await applyBatch(setup.db, { ...batch, events: [first, second] as RecordedEvent[] });
    const car = await setup.db
      .withSchema(setup.schema)
      .selectFrom('cars')
      .select(['price', 'previous_price', 'version'])
      .where('id', '=', carId)
      .executeTakeFirstOrThrow();
    expect({ ...car, version: String(car.version) }).toEqual({
      price: '13000',
      previous_price: '14000',
      version: String(second?.position),
    });
  });

  it('leaves the live tables untouched when a rebuild crashes, and the next run finishes it', async () => {
    await appendScenario(setup.store);
    const live = await start();
    await caughtUp(live, setup);
    await running?.stop();
    running = undefined;
    const before = await snapshot(setup.db, setup.schema);

    let seen = 0;
    const crashing: Projection[] = allProjections.map((p) =>
      p.name !== 'audit'
        ? p
        : {
            name: p.name,
            async apply(tables, event) {
              // From the 25th event on, the database is gone (as when the process is killed).
              if (++seen >= 25) {
                throw Object.assign(new Error('killed mid-rebuild'), { code: '57P01' });
              }
              await p.apply(tables, event);
            },
          },
    );
    const options = {
      ...rebuildOptions(setup),
      batchSize: 5,
    };
    await expect(rebuildReadModel({ ...options, projections: crashing })).rejects.toThrow(
      'killed mid-rebuild',
    );
    expect(await snapshot(setup.db, setup.schema)).toEqual(before);
    // The half-built tables load without their secondary indexes, and say which they lack.
    const deferred = await sql<{ name: string }>`
      select name from ${sql.table(`${setup.nextSchema}.deferred_indexes`)}`.execute(setup.db);
    expect(deferred.rows.map((row) => row.name)).toContain('cars_search_idx');
    expect(deferred.rows.map((row) => row.name)).not.toContain('favourites_car_idx');
    // Its cars load without their triggers; what those keep is made once the cars are in.
    expect(await carTriggersDisabled(setup.db, setup.nextSchema)).toBe(true);

    const resumed = await rebuildReadModel(options);
    expect(resumed.resumed).toBe(true);
    expect(resumed.applied).toBeGreaterThan(0);
    expect(await snapshot(setup.db, setup.schema)).toEqual(before);
    expect(await carTriggersDisabled(setup.db, setup.schema)).toBe(false);
  });

  it('applies a batch whose bulk load meets a row already there as the live projector does', async () => {
    const scenario = await appendScenario(setup.store);
    // A second listing of a car already listed (a store no command of ours writes, but one a
    // projection must still take): the live projector passes over its row, COPY refuses it.
    const listing = (await readEverything(setup)).find(
      (event) => event.type === 'CarListed' && event.streamId === `car-${scenario.cars.plain}`,
    );
    if (!listing) throw new Error('the scenario lists no plain car');
    await setup.store.append('car-listed-twice', 'no_stream', [
      {
        id: crypto.randomUUID(),
        type: listing.type,
        data: listing.data,
        metadata: listing.metadata,
      },
    ]);
    await appendScenario(setup.store);
    const live = await start();
    await caughtUp(live, setup);
    const before = await snapshot(setup.db, setup.schema);

    // Small batches: the second listing comes in a batch after the first's.
    const result = await rebuildReadModel({ ...rebuildOptions(setup), batchSize: 5 });
    expect(result.parked).toBe(0);
    expect(result.retried).toBe(1);
    expect(result.applied).toBe((await readEverything(setup)).length);
    expect(await snapshot(setup.db, setup.schema)).toEqual(before);
  });

  it('upgrades a model an older version created when it starts; status shows what it awaits', async () => {
    const ids = await appendScenario(setup.store);
    await migrateReadModel(setup.db, setup.schema, { through: '0001-read-tables' });
    await setup.db
      .withSchema(setup.schema)
      .insertInto('projection_checkpoints')
      .values({ name: 'cars', position: null, events_applied: 0, updated_at: new Date() })
      .execute();
    const waiting = await readModelStatus(setup.store, setup.db, setup.schema);
    expect(waiting.pendingMigrations).toEqual([
      '0002-cars-vocabulary',
      '0003-car-details-and-search',
      '0004-search-by-location-and-model',
      '0005-own-by-account',
      '0006-parked-events',
      '0007-checkpoint-store',
      '0008-listing-and-booking-life',
      '0009-members',
      '0010-car-photos',
      '0011-integrations',
      '0012-hot-booking-updates',
      '0013-available-cars',
      '0014-model-facets',
      '0015-planned-car-triggers',
      '0016-exact-money',
      '0017-personal-details',
      '0018-webhook-owners',
      '0019-conversations',
      '0020-moderation',
      '0021-reviews',
      '0022-car-places',
      '0023-words-split-as-typed',
      '0024-market-values',
      '0025-large-updates-planned',
      '0026-nearby-pages',
      '0027-car-points',
    ]);
    expect(waiting.projections.map((p) => [p.name, p.position])).toEqual([['cars', undefined]]);

    await caughtUp(await start(), setup);
    const status = await readModelStatus(setup.store, setup.db, setup.schema);
    expect(status.pendingMigrations).toEqual([]);
    expect(status.projections.every((p) => p.position === ids.position)).toBe(true);
    const car = await setup.db
      .withSchema(setup.schema)
      .selectFrom('cars')
      .select(['id', 'seller_email', 'advertised'])
      .where('id', '=', ids.cars.advertised)
      .executeTakeFirst();
    expect(car).toEqual({ id: ids.cars.advertised, seller_email: ids.seller.email, advertised: 1 });
  });

  it('locates, when it starts, the cars kept before cars had places, and their available copies', async () => {
    const ids = await appendScenario(setup.store);
    await caughtUp(await start(), setup);
    const q = setup.db.withSchema(setup.schema);
    const placed = async () =>
      await q
        .selectFrom('cars')
        .leftJoin('available_cars as a', 'a.id', 'cars.id')
        .select(['cars.id', 'cars.latitude', 'cars.longitude', 'a.earth_point'])
        .where('cars.id', '=', ids.cars.advertised)
        .executeTakeFirstOrThrow();
    const located = await placed();
    // Dhaka, where the scenario lists its cars.
    expect(located.latitude).toBeCloseTo(23.71, 1);
    expect(located.longitude).toBeCloseTo(90.41, 1);
    expect(located.earth_point).not.toBeNull();
    await running?.stop();
    running = undefined;

    // As a read model from before places kept its cars.
    await q.updateTable('cars').set({ latitude: null, longitude: null }).execute();
    expect(await placed()).toMatchObject({ latitude: null, earth_point: null });

    await caughtUp(await start(), setup);
    expect(await placed()).toEqual(located);
  });

  it('values the makes and models a burst moves once it has caught up, however its batches fall', async () => {
    const listings = skodas(9);
    // Full batches of two while the burst is caught up: the last, a single event, settles, or
    // the pass does on its own once the log is quiet.
    const live = await start(allProjections, 2);
    await setup.store.appendMany(listings);
    await caughtUp(live, setup);
    const q = setup.db.withSchema(setup.schema);
    const dirty = () => q.selectFrom('car_markets').select('dirty').where('dirty', '=', true);
    await eventually(async () => (await dirty().execute()).length === 0);
    const cars = await q
      .selectFrom('cars')
      .select(['market_value', 'comparables'])
      .where('make', '=', 'Skoda')
      .execute();
    expect(cars.map((car) => [Number(car.market_value), car.comparables])).toEqual(
      Array.from({ length: 9 }, () => [10_400, 9]),
    );
    const markets = await q.selectFrom('car_markets').selectAll().execute();
    expect(markets).toEqual([{ make_key: 'skoda', model_key: 'octavia', dirty: false }]);
  });

  it('settles a dear settling at most once for as long as it took while a burst comes in, and once more after it', async () => {
    const DEAR_MS = 150;
    const cars = allProjections.find((p) => p.name === 'cars');
    if (!cars) throw new Error('no cars projection');
    let applied = 0;
    const settlings: { start: number; end: number; seen: number }[] = [];
    const dear: Projection = {
      name: 'cars',
      async apply(tables, event) {
        await cars.apply(tables, event);
        applied++;
      },
      async settle() {
        const start = performance.now();
        const seen = applied;
        await new Promise((resolve) => setTimeout(resolve, DEAR_MS));
        settlings.push({ start, end: performance.now(), seen });
      },
    };
    const live = await start([dear]);
    await caughtUp(live, setup);
    // A burst: thirty events one after another, each its own append, as thirty writers would.
    const admin = { uid: 'admin-burst', email: 'admin@example.com', role: 'Admin' as const };
    for (let i = 0; i < 30; i++) {
      await setup.store.append(`category-c-${i}`, 'no_stream', [
        eventData('CategoryCreated', { categoryId: `c-${i}`, name: `Kind ${i}` }, admin),
      ]);
    }
    await caughtUp(live, setup);
    // Everything applied is settled in the end, though no batch follows the last.
    await eventually(() => settlings.at(-1)?.seen === applied, 10_000);
    for (const [i, settling] of settlings.entries()) {
      const before = settlings[i - 1];
      if (!before) continue;
      // A clock's millisecond either side.
      expect(settling.start - before.end).toBeGreaterThanOrEqual(before.end - before.start - 2);
    }
  });

  it('settles what an earlier run left unsettled when it starts again, without a new event', async () => {
    await setup.store.appendMany(skodas(5));
    const events = await readEverything(setup);
    await migrateReadModel(setup.db, setup.schema);
    await applyBatch(setup.db, { schema: setup.schema, projections: allProjections, events });
    const q = setup.db.withSchema(setup.schema);
    const dirty = () => q.selectFrom('car_markets').select('dirty').where('dirty', '=', true);
    expect((await dirty().execute()).length).toBeGreaterThan(0);
    await start();
    await eventually(async () => (await dirty().execute()).length === 0);
  });

  it('stops at once, even right after it started', async () => {
    await appendScenario(setup.store);
    for (const pause of [0, 5, 50]) {
      const live = await start();
      await new Promise((r) => setTimeout(r, pause));
      const stopped = live.stop().then(() => 'stopped');
      const late = new Promise((r) => setTimeout(() => r('still running'), 5000));
      expect(await Promise.race([stopped, late])).toBe('stopped');
      running = undefined;
    }
  });

  it('parks an event of a type it does not know for every projection, never passing over it, and goes on', async () => {
    const { position: unknown } = await setup.store.append('future-1', 'any', [
      { id: crypto.randomUUID(), type: 'CarRepainted', data: { carId: 'x' }, metadata: {} },
    ]);
    const { position } = await setup.store.append('user-x', 'any', [
      eventData(
        'UserRegistered',
        { userId: 'x', name: 'X', email: 'x@example.com', role: 'Buyer', photoURL: null },
        { uid: 'x', email: 'x@example.com', role: 'Buyer' },
      ),
    ]);
    const live = await start();
    await eventually(() => live.position() === position);
    const users = await setup.db
      .withSchema(setup.schema)
      .selectFrom('users')
      .select('id')
      .execute();
    expect(users).toEqual([{ id: 'x' }]);
    const parked = await setup.db
      .withSchema(setup.schema)
      .selectFrom('parked_events')
      .select(['projection', 'position', 'type', 'error'])
      .orderBy('projection')
      .execute();
    expect(parked.map((p) => p.projection)).toEqual(allProjections.map((p) => p.name).sort());
    for (const p of parked) {
      expect(BigInt(p.position)).toBe(unknown);
      expect(p.type).toBe('CarRepainted');
      expect(p.error).toContain('a type this version does not know');
    }
  });

  it("passes over the command service's stored answers, which are no feature's events", async () => {
    await setup.store.append('idempotency-x-key', 'any', [
      {
        id: crypto.randomUUID(),
        type: 'CommandAnswered',
        data: { fingerprint: 'f', status: 201, body: {} },
        metadata: {},
      },
    ]);
    const head = await setup.store.headPosition();
    const live = await start();
    await eventually(() => live.position() === head);
    const parked = await setup.db
      .withSchema(setup.schema)
      .selectFrom('parked_events')
      .select('projection')
      .execute();
    expect(parked).toEqual([]);
  });
});
