import { randomUUID } from 'node:crypto';
import type { EventData, EventStore } from '@second-gear/event-store';
import type { Actor, DomainEvent, EventType } from '@second-gear/features';
import { noCarDetails, schemaVersions, streams } from '@second-gear/features';
import { type ReadModelDb, toPosition } from '@second-gear/read-model';
import { sql } from 'kysely';

/**
 * Test fixtures: a small marketplace history written as the command service would write it,
 * for projection and query tests (appended through the real event store).
 */

export interface Person {
  uid: string;
  email: string;
  name: string;
}

let clock = Date.parse('2026-03-01T09:00:00.000Z');

export const eventData = <T extends EventType>(
  type: T,
  data: Extract<DomainEvent, { type: T }>['data'],
  actor: Actor,
  correlationId: string = randomUUID(),
): EventData => {
  clock += 1000;
  return {
    id: randomUUID(),
    type,
    data: data as Record<string, unknown>,
    metadata: {
      actor,
      occurredAt: new Date(clock).toISOString(),
      correlationId,
      causationId: correlationId,
      schemaVersion: schemaVersions[type],
    },
  };
};

export interface ScenarioIds {
  admin: Person;
  seller: Person;
  buyer: Person;
  /** A second seller whose account is deleted, withdrawing their car. */
  leaving: Person;
  categories: { suv: string; sedan: string; empty: string };
  cars: {
    /** listed and advertised: the one Recommended car. */
    advertised: string;
    /** advertised, then booked by the buyer. */
    booked: string;
    /** listed, advertised, then deleted by its seller. */
    deleted: string;
    /** listed only. */
    plain: string;
    /** the leaving seller's car, withdrawn with the account. */
    withdrawn: string;
  };
  bookingId: string;
}

const actorOf = (person: Person, role: Actor['role']): Actor => ({
  uid: person.uid,
  email: person.email,
  role,
});

/**
 * Appends the scenario, one command's events per append (as the command service does), and
 * answers the ids and the position of the last event.
 */
export const appendScenario = async (
  store: EventStore,
  people: Partial<Pick<ScenarioIds, 'admin' | 'seller' | 'buyer'>> = {},
): Promise<ScenarioIds & { position: bigint }> => {
  const suffix = randomUUID().slice(0, 8);
  const person = (name: string): Person => ({
    uid: `${name}-${suffix}`,
    email: `${name}-${suffix}@example.com`,
    name: `${name[0]?.toUpperCase()}${name.slice(1)} ${suffix}`,
  });
  const admin = people.admin ?? person('admin');
  const seller = people.seller ?? person('seller');
  const buyer = people.buyer ?? person('buyer');
  const leaving = person('leaving');
  const system: Actor = { uid: 'system', email: 'system@second-gear.local', role: 'System' };
  const ids: ScenarioIds = {
    admin,
    seller,
    buyer,
    leaving,
    categories: { suv: randomUUID(), sedan: randomUUID(), empty: randomUUID() },
    cars: {
      advertised: randomUUID(),
      booked: randomUUID(),
      deleted: randomUUID(),
      plain: randomUUID(),
      withdrawn: randomUUID(),
    },
    bookingId: randomUUID(),
  };
  let position = 0n;
  const append = async (stream: string, ...events: EventData[]) => {
    position = (await store.append(stream, 'any', events)).position;
  };

  const register = async (p: Person, role: 'Buyer' | 'Seller') => {
    const actor = actorOf(p, role);
    await append(
      streams.email(p.email),
      eventData('EmailClaimed', { email: p.email, userId: p.uid }, actor),
    );
    await append(
      streams.user(p.uid),
      eventData(
        'UserRegistered',
        { userId: p.uid, name: p.name, email: p.email, role, photoURL: null },
        actor,
      ),
    );
  };
  await register(admin, 'Buyer');
  await append(
    streams.user(admin.uid),
    eventData('UserPromotedToAdmin', { userId: admin.uid }, system),
  );
  await register(seller, 'Seller');
  await register(buyer, 'Buyer');
  await register(leaving, 'Seller');

  const adminActor = actorOf(admin, 'Admin');
  const category = async (id: string, name: string) => {
    await append(
      streams.categoryName(name),
      eventData('CategoryNameClaimed', { name, categoryId: id }, adminActor),
    );
    await append(
      streams.category(id),
      eventData('CategoryCreated', { categoryId: id, name }, adminActor),
    );
  };
  await category(ids.categories.suv, `SUV ${suffix}`);
  await category(ids.categories.sedan, `Sedan ${suffix}`);
  await category(ids.categories.empty, `Empty ${suffix}`);
  await append(
    streams.category(ids.categories.empty),
    eventData(
      'CategoryDeleted',
      { categoryId: ids.categories.empty, name: `Empty ${suffix}` },
      adminActor,
    ),
  );

  const list = async (
    carId: string,
    owner: Person,
    name: string,
    categoryId: string,
    categoryName: string,
  ) => {
    const actor = actorOf(owner, 'Seller');
    await append(
      streams.car(carId),
      eventData(
        'CarListed',
        {
          carId,
          name,
          sellerId: owner.uid,
          sellerName: owner.name,
          sellerEmail: owner.email,
          categoryId,
          categoryName,
          image: `https://images.example.com/${carId}.jpg`,
          originalPrice: 20000,
          price: 15000,
          location: 'Dhaka',
          yearsOfUse: 3,
          ...noCarDetails,
        },
        actor,
      ),
    );
    await append(
      streams.sellerCars(owner.uid),
      eventData('SellerCarAdded', { userId: owner.uid, carId }, actor),
    );
    await append(
      streams.categoryCars(categoryId),
      eventData('CategoryCarAdded', { categoryId, carId }, actor),
    );
  };
  const sellerActor = actorOf(seller, 'Seller');
  await list(ids.cars.advertised, seller, 'Toyota Harrier', ids.categories.suv, `SUV ${suffix}`);
  await list(ids.cars.booked, seller, 'Honda Vezel', ids.categories.suv, `SUV ${suffix}`);
  await list(ids.cars.deleted, seller, 'Nissan X-Trail', ids.categories.suv, `SUV ${suffix}`);
  await list(ids.cars.plain, seller, 'Toyota Axio', ids.categories.sedan, `Sedan ${suffix}`);
  await list(ids.cars.withdrawn, leaving, 'Mazda Axela', ids.categories.sedan, `Sedan ${suffix}`);
  for (const carId of [ids.cars.advertised, ids.cars.booked, ids.cars.deleted]) {
    await append(streams.car(carId), eventData('CarAdvertised', { carId }, sellerActor));
  }

  await append(
    streams.car(ids.cars.booked),
    eventData(
      'CarBooked',
      {
        carId: ids.cars.booked,
        bookingId: ids.bookingId,
        carName: 'Honda Vezel',
        price: 15000,
        sellerId: seller.uid,
        sellerName: seller.name,
        sellerEmail: seller.email,
        buyerId: buyer.uid,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone: '+8801700000000',
        meetup: 'Gulshan 2',
        proposedTime: null,
      },
      actorOf(buyer, 'Buyer'),
    ),
  );
  await append(
    streams.car(ids.cars.deleted),
    eventData(
      'CarDeleted',
      {
        carId: ids.cars.deleted,
        sellerId: seller.uid,
        categoryId: ids.categories.suv,
        reason: 'deleted',
      },
      sellerActor,
    ),
  );

  const correlation = randomUUID();
  await append(
    streams.car(ids.cars.withdrawn),
    eventData(
      'CarDeleted',
      {
        carId: ids.cars.withdrawn,
        sellerId: leaving.uid,
        categoryId: ids.categories.sedan,
        reason: 'seller-deleted',
      },
      adminActor,
      correlation,
    ),
  );
  await append(
    streams.user(leaving.uid),
    eventData(
      'UserDeleted',
      { userId: leaving.uid, email: leaving.email },
      adminActor,
      correlation,
    ),
  );
  await append(
    streams.email(leaving.email),
    eventData(
      'EmailReleased',
      { email: leaving.email, userId: leaving.uid },
      adminActor,
      correlation,
    ),
  );
  return { ...ids, position };
};

const tables = [
  'users',
  'categories',
  'cars',
  'available_cars',
  'car_prices',
  'bookings',
  'audit_log',
  'favourites',
  'saved_searches',
  'notifications',
  'notification_reads',
  'api_keys',
  'webhook_endpoints',
] as const;
const keys: Record<(typeof tables)[number], string> = {
  users: 'id',
  categories: 'id',
  cars: 'id',
  available_cars: 'id',
  car_prices: 'position',
  bookings: 'id',
  audit_log: 'position',
  favourites: 'position',
  saved_searches: 'id',
  notifications: 'id',
  notification_reads: 'user_id',
  api_keys: 'id',
  webhook_endpoints: 'id',
};
const positionColumns = new Set(['version', 'position', 'listed_position']);

const normalise = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => {
      if (v instanceof Date) return [k, v.toISOString()];
      if (positionColumns.has(k) && v !== null) return [k, String(v)];
      return [k, v];
    }),
  );

/**
 * Every read table's rows in key order, with positions and times as strings, the facet counts,
 * the indexes and the checkpoints: two models made from the same events are equal row for row.
 */
export const readModelSnapshot = async (db: ReadModelDb, schema: string) => {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(`${schema}.${table}`)} order by ${sql.ref(keys[table])}`.execute(
      db,
    );
    result[table] = rows.map(normalise);
  }
  const checkpoints = await db
    .withSchema(schema)
    .selectFrom('projection_checkpoints')
    .select(['name', 'position', 'events_applied'])
    .orderBy('name')
    .execute();
  // The facet counts kept by the cars' triggers (a combination counted down to none may stay).
  const facets = await sql<Record<string, unknown>>`
    select * from ${sql.table(`${schema}.car_facets`)} where cars <> 0
    order by category_name, make, fuel, transmission, price_band, booked, advertised`.execute(db);
  result.car_facets = facets.rows.map((row) => ({ ...row, cars: Number(row.cars) }));
  const models = await sql<Record<string, unknown>>`
    select * from ${sql.table(`${schema}.car_model_facets`)} where cars <> 0
    order by make, model, category_name, fuel, transmission, price_band, booked, advertised`.execute(
    db,
  );
  result.car_model_facets = models.rows.map((row) => ({ ...row, cars: Number(row.cars) }));
  const points = await sql<{ point: string; cars: number }>`
    select earth_point::text as point, cars from ${sql.table(`${schema}.car_points`)}
    order by earth_point`.execute(db);
  result.car_points = points.rows;
  // The indexes, named and defined alike whatever the schema is called.
  const indexes = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = ${schema} order by 1`.execute(db);
  result.indexes = indexes.rows.map((index) => ({
    name: index.name,
    definition: index.definition.replaceAll(`${schema}.`, '<schema>.'),
  }));
  result.checkpoints = checkpoints.map((c) => ({
    name: c.name,
    position: c.position === null ? null : String(toPosition(c.position)),
    events_applied: Number(c.events_applied),
  }));
  return result;
};

export interface ListingLifeIds {
  /** The plain car's second booking: requested with a time, accepted, then cancelled by its buyer. */
  cancelledBookingId: string;
  /** The plain car's third booking: requested, then declined by the seller. */
  declinedBookingId: string;
  /** The advertised car's booking, which ended when the car was sold. */
  endedBookingId: string;
  proposedTime: string;
  /** The plain car's pictures after the edit: a new cover, then the listing's. */
  images: string[];
}

/**
 * After `appendScenario`: the plain car's price is lowered and its details edited, it is booked
 * with a proposed time, accepted and cancelled, booked again and declined; the advertised car is
 * booked and then sold, which ends that booking.
 */
export const appendListingLife = async (
  store: EventStore,
  ids: ScenarioIds,
): Promise<ListingLifeIds & { position: bigint }> => {
  let position = 0n;
  const append = async (stream: string, ...events: EventData[]) => {
    position = (await store.append(stream, 'any', events)).position;
  };
  const life: ListingLifeIds = {
    cancelledBookingId: randomUUID(),
    declinedBookingId: randomUUID(),
    endedBookingId: randomUUID(),
    proposedTime: '2026-12-01T15:00:00.000Z',
    images: [
      `https://images.example.com/${ids.cars.plain}-side.jpg`,
      `https://images.example.com/${ids.cars.plain}.jpg`,
    ],
  };
  const { seller, buyer, cars } = ids;
  const sellerActor = actorOf(seller, 'Seller');
  const buyerActor = actorOf(buyer, 'Buyer');
  const plain = streams.car(cars.plain);

  await append(
    plain,
    eventData('CarPriceChanged', { carId: cars.plain, oldPrice: 15000, price: 13500 }, sellerActor),
  );
  await append(
    plain,
    eventData(
      'CarDetailsChanged',
      { carId: cars.plain, mileage: 64000, description: 'New tyres' },
      sellerActor,
    ),
  );
  await append(
    plain,
    eventData('CarPhotosChanged', { carId: cars.plain, images: life.images }, sellerActor),
  );
  const book = async (carId: string, carName: string, price: number, bookingId: string) => {
    await append(
      streams.car(carId),
      eventData(
        'CarBooked',
        {
          carId,
          bookingId,
          carName,
          price,
          sellerId: seller.uid,
          sellerName: seller.name,
          sellerEmail: seller.email,
          buyerId: buyer.uid,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          buyerPhone: '+8801700000001',
          meetup: 'Banani 11',
          proposedTime: life.proposedTime,
        },
        buyerActor,
      ),
    );
    await append(
      streams.booking(bookingId),
      eventData('BookingIdClaimed', { bookingId, carId }, buyerActor),
    );
  };
  const parties = (carId: string, bookingId: string) => ({
    carId,
    bookingId,
    sellerId: seller.uid,
    buyerId: buyer.uid,
  });

  await book(cars.plain, 'Toyota Axio', 13500, life.cancelledBookingId);
  await append(
    plain,
    eventData('BookingAccepted', parties(cars.plain, life.cancelledBookingId), sellerActor),
  );
  await append(
    plain,
    eventData(
      'BookingCancelled',
      { ...parties(cars.plain, life.cancelledBookingId), by: 'buyer' },
      buyerActor,
    ),
  );
  await book(cars.plain, 'Toyota Axio', 13500, life.declinedBookingId);
  await append(
    plain,
    eventData('BookingDeclined', parties(cars.plain, life.declinedBookingId), sellerActor),
  );

  await book(cars.advertised, 'Toyota Harrier', 15000, life.endedBookingId);
  await append(
    streams.car(cars.advertised),
    eventData(
      'CarSold',
      { carId: cars.advertised, sellerId: seller.uid, categoryId: ids.categories.suv },
      sellerActor,
    ),
    eventData(
      'BookingEnded',
      { ...parties(cars.advertised, life.endedBookingId), reason: 'car-sold' },
      sellerActor,
    ),
  );
  await append(
    streams.categoryCars(ids.categories.suv),
    eventData(
      'CategoryCarRemoved',
      { categoryId: ids.categories.suv, carId: cars.advertised },
      sellerActor,
    ),
  );
  await append(
    streams.sellerCars(seller.uid),
    eventData('SellerCarRemoved', { userId: seller.uid, carId: cars.advertised }, sellerActor),
  );
  return { ...life, position };
};

export interface MemberIds {
  searchId: string;
  /** A car listed after the search was saved, which it matches. */
  matchingCarId: string;
}

/**
 * Around `appendListingLife`: `before` has the buyer keep the plain and the advertised cars as
 * favourites and save a search for Corollas; `after` lists a Corolla (which the search matches),
 * marks the buyer's notifications read up to before it, and changes the buyer's profile.
 */
export const appendMemberLife = (store: EventStore, ids: ScenarioIds) => {
  const member: MemberIds = { searchId: randomUUID(), matchingCarId: randomUUID() };
  const { buyer, seller, cars } = ids;
  const buyerActor = actorOf(buyer, 'Buyer');
  const sellerActor = actorOf(seller, 'Seller');
  const memberStream = streams.member(buyer.uid);
  return {
    ...member,
    before: async () => {
      await store.append(memberStream, 'any', [
        eventData('CarFavourited', { userId: buyer.uid, carId: cars.plain }, buyerActor),
        eventData('CarFavourited', { userId: buyer.uid, carId: cars.advertised }, buyerActor),
        eventData(
          'SearchSaved',
          { userId: buyer.uid, searchId: member.searchId, name: 'Corollas', query: 'q=corolla' },
          buyerActor,
        ),
      ]);
    },
    after: async () => {
      const { position: before } = await store.append(memberStream, 'any', [
        eventData('CarUnfavourited', { userId: buyer.uid, carId: cars.advertised }, buyerActor),
      ]);
      await store.append(streams.car(member.matchingCarId), 'no_stream', [
        eventData(
          'CarListed',
          {
            carId: member.matchingCarId,
            name: 'Toyota Corolla',
            sellerId: seller.uid,
            sellerName: seller.name,
            sellerEmail: seller.email,
            categoryId: ids.categories.sedan,
            categoryName: 'Sedan',
            image: `https://images.example.com/${member.matchingCarId}.jpg`,
            originalPrice: 18000,
            price: 12000,
            location: 'Dhaka',
            yearsOfUse: 5,
            ...noCarDetails,
          },
          sellerActor,
        ),
      ]);
      await store.append(memberStream, 'any', [
        eventData('NotificationsRead', { userId: buyer.uid, upTo: before.toString() }, buyerActor),
      ]);
      const { position } = await store.append(streams.user(buyer.uid), 'any', [
        eventData(
          'UserProfileChanged',
          { userId: buyer.uid, name: `${buyer.name} B.`, phone: '+8801711111111' },
          buyerActor,
        ),
      ]);
      return position;
    },
  };
};

export interface IntegrationIds {
  /** Issued with both scopes; it registers the webhook, pauses it, and is then revoked. */
  keyId: string;
  /** Registered by the key, paused, failing, delivering again, then deleted by the admin. */
  endpointId: string;
  /** Registered by the admin, and left as it is. */
  liveEndpointId: string;
}

/** An admin's API key and two webhook endpoints, with their lives, as the commands write them. */
export const appendIntegrationLife = async (
  store: EventStore,
  ids: Pick<ScenarioIds, 'admin'>,
): Promise<IntegrationIds & { position: bigint }> => {
  const integration: IntegrationIds = {
    keyId: randomUUID().replaceAll('-', '').slice(0, 16),
    endpointId: randomUUID(),
    liveEndpointId: randomUUID(),
  };
  const admin = actorOf(ids.admin, 'Admin');
  const key: Actor = { uid: `apikey-${integration.keyId}`, email: 'Price watcher', role: 'ApiKey' };
  const system: Actor = { uid: 'system', email: 'system@second-gear.local', role: 'System' };
  const { keyId, endpointId, liveEndpointId } = integration;
  const webhook = (id: string) => streams.webhook(id);
  await store.append(streams.apiKey(keyId), 'no_stream', [
    eventData(
      'ApiKeyIssued',
      {
        keyId,
        name: 'Price watcher',
        scopes: ['feed:read', 'webhooks:manage'],
        prefix: `sgk_${keyId}_abcd`,
        secretHash: 'f'.repeat(64),
      },
      admin,
    ),
  ]);
  const registration = (id: string, url: string) => ({
    endpointId: id,
    url,
    types: ['CarListed' as const, 'CarSold' as const],
    description: 'Listings',
    secretNonce: 'n'.repeat(32),
  });
  await store.append(webhook(endpointId), 'no_stream', [
    eventData(
      'WebhookEndpointRegistered',
      registration(endpointId, 'https://hooks.example.com/a'),
      key,
    ),
  ]);
  await store.append(webhook(liveEndpointId), 'no_stream', [
    eventData(
      'WebhookEndpointRegistered',
      registration(liveEndpointId, 'https://hooks.example.com/b'),
      admin,
    ),
  ]);
  await store.append(webhook(endpointId), 'any', [
    eventData('WebhookEndpointPaused', { endpointId }, key),
  ]);
  await store.append(webhook(endpointId), 'any', [
    eventData(
      'WebhookEndpointFailing',
      {
        endpointId,
        messageId: 'msg_1',
        eventPosition: '1',
        attempts: 8,
        lastError: 'HTTP 500',
      },
      system,
    ),
  ]);
  await store.append(webhook(endpointId), 'any', [
    eventData('WebhookEndpointRecovered', { endpointId }, system),
  ]);
  await store.append(webhook(endpointId), 'any', [
    eventData('WebhookEndpointDeleted', { endpointId }, admin),
  ]);
  const { position } = await store.append(streams.apiKey(keyId), 'any', [
    eventData('ApiKeyRevoked', { keyId }, admin),
  ]);
  return { ...integration, position };
};
