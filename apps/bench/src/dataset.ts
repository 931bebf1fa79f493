import { randomUUID } from 'node:crypto';
import type { AppendRequest, EventData, EventStore, JsonObject } from '@second-gear/event-store';
import { carBooked, conversationIdOf, schemaVersions, streams } from '@second-gear/features';
import { BODY_TYPES, generateListing, seededRandom } from './catalogue.ts';

/**
 * A generated marketplace, appended through the event store's own `appendMany` in large
 * batches (one statement per batch). The events are the ones the command service writes, with
 * the same streams and metadata, so projections and rebuilds treat them as real ones.
 *
 * The listings look like a real marketplace's (see catalogue.ts: makes and models in market
 * shares, prices by age and mileage, locations), from a fixed seed.
 *
 * Every block of 20 cars is exactly 100 events:
 * - a seller registers (UserRegistered, EmailClaimed) and lists 20 cars (CarListed,
 *   CategoryCarAdded, SellerCarAdded each), advertises 2 of them and 2 others are booked;
 * - 17 buyers register (2 events each).
 * Before the first block, an admin registers and creates the 12 categories, one per body type
 * (2 events each). So N cars come with 5 N events: 100,000 cars are 500,000 events, 1,000,000
 * cars 5,000,000.
 */

export const CATEGORIES = BODY_TYPES;
export const EVENTS_PER_CAR = 5;
const CARS_PER_BLOCK = 20;
const BUYERS_PER_BLOCK = 17;
/** How many buyers a generated marketplace of `cars` cars has registered. */
export const buyersOf = (cars: number) => Math.floor(cars / CARS_PER_BLOCK) * BUYERS_PER_BLOCK;

type Actor = { uid: string; email: string; role: 'Buyer' | 'Seller' | 'Admin' | 'System' };

const uid = (kind: string, n: number) => `${kind}${n.toString(36).padStart(8, '0')}bench`;
const emailOf = (kind: string, n: number) => `${kind}-${n}@bench.second-gear.test`;

const event = (
  type: string,
  data: JsonObject,
  actor: Actor,
  at: string,
  cause: string,
): EventData => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actor,
    occurredAt: at,
    correlationId: cause,
    causationId: cause,
    schemaVersion: schemaVersions[type as keyof typeof schemaVersions] ?? 1,
  },
});

const system: Actor = { uid: 'system', email: 'system@second-gear.local', role: 'System' };

export interface GeneratedCar {
  id: string;
  sellerUid: string;
}

export interface MarketplaceGenerator {
  /** Appends blocks until the store holds `cars` generated cars in all. */
  growTo(cars: number, onProgress?: (cars: number, events: number) => void): Promise<void>;
  cars(): number;
  events(): number;
  /** One listed car id of every generated block (for single-car reads). */
  sampleCarIds(): string[];
  /**
   * The noise-free price of each of the first `FAIR_PRICES_KEPT` cars and its asking price:
   * the truth a market value is measured against.
   */
  fairPrices(): ReadonlyMap<string, { fair: number; asked: number }>;
}

/** How many cars' fair prices the generator keeps (the accuracy is measured on these). */
export const FAIR_PRICES_KEPT = 100_000;

const registration = (kind: 'Buyer' | 'Seller', n: number, at: string): AppendRequest[] => {
  const userId = uid(kind.toLowerCase(), n);
  const email = emailOf(kind.toLowerCase(), n);
  const actor: Actor = { uid: userId, email, role: kind };
  const cause = randomUUID();
  return [
    {
      stream: `user-${userId}`,
      expected: 'no_stream',
      events: [
        event(
          'UserRegistered',
          { userId, name: `${kind} ${n}`, email, role: kind, photoURL: null },
          actor,
          at,
          cause,
        ),
      ],
    },
    {
      stream: `email-${email}`,
      expected: 'no_stream',
      events: [event('EmailClaimed', { email, userId }, actor, at, cause)],
    },
  ];
};

export interface GeneratorOptions {
  /** Blocks of 20 cars appended per `appendMany` call. */
  batchBlocks?: number;
  /**
   * The categories created, by name (by default one per body type, each car in its body's);
   * a car whose body names none of them goes into the first.
   */
  categories?: readonly string[];
}

export const marketplaceGenerator = (
  store: EventStore,
  { batchBlocks = 10, categories: names = CATEGORIES }: GeneratorOptions = {},
): MarketplaceGenerator => {
  let cars = 0;
  let events = 0;
  let blocks = 0;
  let started = false;
  const categories = names.map((name) => ({ id: randomUUID(), name }));
  const categoryOf = new Map(categories.map((c) => [c.name, c]));
  const random = seededRandom(20_261_123);
  const thisYear = new Date().getUTCFullYear();
  const samples: string[] = [];
  const fair = new Map<string, { fair: number; asked: number }>();

  const header = (): AppendRequest[] => {
    const at = new Date().toISOString();
    const adminId = uid('admin', 0);
    const admin: Actor = { uid: adminId, email: emailOf('admin', 0), role: 'Admin' };
    const requests: AppendRequest[] = [
      {
        stream: `user-${adminId}`,
        expected: 'no_stream',
        events: [
          event(
            'UserRegistered',
            { userId: adminId, name: 'Admin', email: admin.email, role: 'Buyer', photoURL: null },
            { ...admin, role: 'Buyer' },
            at,
            randomUUID(),
          ),
          event('UserPromotedToAdmin', { userId: adminId }, system, at, randomUUID()),
        ],
      },
      {
        stream: `email-${admin.email}`,
        expected: 'no_stream',
        events: [
          event('EmailClaimed', { email: admin.email, userId: adminId }, admin, at, randomUUID()),
        ],
      },
    ];
    for (const category of categories) {
      const cause = randomUUID();
      requests.push(
        {
          stream: `category-${category.id}`,
          expected: 'no_stream',
          events: [
            event(
              'CategoryCreated',
              { categoryId: category.id, name: category.name },
              admin,
              at,
              cause,
            ),
          ],
        },
        {
          stream: `category-name-${category.name.toLowerCase()}`,
          expected: 'no_stream',
          events: [
            event(
              'CategoryNameClaimed',
              { name: category.name, categoryId: category.id },
              admin,
              at,
              cause,
            ),
          ],
        },
      );
    }
    return requests;
  };

  const block = (b: number): AppendRequest[] => {
    const at = new Date().toISOString();
    const requests = registration('Seller', b, at);
    const sellerId = uid('seller', b);
    const seller: Actor = { uid: sellerId, email: emailOf('seller', b), role: 'Seller' };
    const sellerEvents: EventData[] = [];
    const categoryEvents = new Map<string, EventData[]>();
    for (let i = 0; i < CARS_PER_BLOCK; i++) {
      const carId = randomUUID();
      const listing = generateListing(random, thisYear);
      const category = categoryOf.get(listing.body) ?? categories[0]!;
      const cause = randomUUID();
      const { price } = listing;
      if (fair.size < FAIR_PRICES_KEPT) fair.set(carId, { fair: listing.fairPrice, asked: price });
      const carEvents: EventData[] = [
        event(
          'CarListed',
          {
            carId,
            name: listing.name,
            sellerId,
            sellerName: `Seller ${b}`,
            sellerEmail: seller.email,
            categoryId: category.id,
            categoryName: category.name,
            image: '/images/bench-car.webp',
            originalPrice: listing.originalPrice,
            price,
            location: listing.location,
            yearsOfUse: listing.yearsOfUse,
            make: listing.make,
            model: listing.model,
            year: listing.year,
            mileage: listing.mileage,
            fuel: listing.fuel,
            transmission: listing.transmission,
            description: listing.description,
          },
          seller,
          at,
          cause,
        ),
      ];
      if (i === 0) samples.push(carId);
      if (i === 3 || i === 11)
        carEvents.push(event('CarAdvertised', { carId }, seller, at, randomUUID()));
      if (i === 5 || i === 17) {
        const buyerN = b * BUYERS_PER_BLOCK + i;
        const buyer: Actor = {
          uid: uid('buyer', buyerN),
          email: emailOf('buyer', buyerN),
          role: 'Buyer',
        };
        const booked = carBooked({
          carId,
          bookingId: randomUUID(),
          carName: listing.name,
          price,
          sellerId,
          sellerName: `Seller ${b}`,
          sellerEmail: seller.email,
          buyerId: buyer.uid,
          buyerName: `Buyer ${buyerN}`,
          buyerEmail: buyer.email,
          buyerPhone: '+1 512 555 0100',
          meetup: 'At the seller',
          proposedTime: null,
        });
        carEvents.push(event(booked.type, booked.data, buyer, at, randomUUID()));
      }
      requests.push({ stream: `car-${carId}`, expected: 'no_stream', events: carEvents });
      const added = categoryEvents.get(category.id) ?? [];
      added.push(event('CategoryCarAdded', { categoryId: category.id, carId }, seller, at, cause));
      categoryEvents.set(category.id, added);
      sellerEvents.push(event('SellerCarAdded', { userId: sellerId, carId }, seller, at, cause));
    }
    requests.push({ stream: streams.sellerCars(sellerId), expected: 'any', events: sellerEvents });
    for (const [categoryId, added] of categoryEvents) {
      requests.push({ stream: streams.categoryCars(categoryId), expected: 'any', events: added });
    }
    for (let k = 0; k < BUYERS_PER_BLOCK; k++) {
      requests.push(...registration('Buyer', b * BUYERS_PER_BLOCK + k, at));
    }
    return requests;
  };

  const count = (requests: AppendRequest[]) => requests.reduce((n, r) => n + r.events.length, 0);

  return {
    async growTo(target, onProgress) {
      while (cars < target) {
        const requests: AppendRequest[] = started ? [] : header();
        started = true;
        for (let k = 0; k < batchBlocks && cars < target; k++) {
          requests.push(...block(blocks++));
          cars += CARS_PER_BLOCK;
        }
        await store.appendMany(requests);
        events += count(requests);
        onProgress?.(cars, events);
      }
    },
    cars: () => cars,
    events: () => events,
    sampleCarIds: () => samples,
    fairPrices: () => fair,
  };
};

/** How many buyers write to the first seller in `appendConversations`, and how long two of them go on. */
export const CONVERSATIONS = { buyers: 1_000, long: 10_000, short: 10 };

/**
 * The first seller's inbox, appended to a generated marketplace (`buyers` of its buyers must
 * exist: 17 register with every 20 cars): each of them writes to them about their first car;
 * the first buyer's conversation then goes on for `long` messages, the second's for `short`,
 * both parties taking turns; nobody reads. Answers the seller and the two
 * conversations' ids, for the reads to ask for.
 */
export const appendConversations = async (
  store: EventStore,
  carId: string,
  buyers: number = CONVERSATIONS.buyers,
) => {
  const at = new Date().toISOString();
  const sellerId = uid('seller', 0);
  const seller: Actor = { uid: sellerId, email: emailOf('seller', 0), role: 'Seller' };
  const buyerOf = (n: number): Actor => ({
    uid: uid('buyer', n),
    email: emailOf('buyer', n),
    role: 'Buyer',
  });
  const conversation = (n: number, messages: number): AppendRequest => {
    const buyer = buyerOf(n);
    const conversationId = conversationIdOf(carId, buyer.uid);
    const cause = randomUUID();
    const events = [
      event(
        'ConversationStarted',
        {
          conversationId,
          carId,
          carName: 'Bench car',
          sellerId,
          sellerName: 'Seller 0',
          buyerId: buyer.uid,
          buyerName: `Buyer ${n}`,
        },
        buyer,
        at,
        cause,
      ),
    ];
    for (let seq = 1; seq <= messages; seq++) {
      const from = seq % 2 === 1 ? buyer : seller;
      const to = from === buyer ? seller : buyer;
      events.push(
        event(
          'MessageSent',
          {
            conversationId,
            messageId: randomUUID(),
            carId,
            senderId: from.uid,
            recipientId: to.uid,
            seq,
            text: `Message ${seq}: is the car still for sale, and could I see it this week?`,
            // Nobody reads: each party's unread messages are the other's since their own last.
            recipientUnread: 1,
          },
          from,
          at,
          seq === 1 ? cause : randomUUID(),
        ),
      );
    }
    return { stream: streams.conversation(conversationId), expected: 'no_stream', events };
  };
  const requests = [conversation(0, CONVERSATIONS.long), conversation(1, CONVERSATIONS.short)];
  for (let n = 2; n < buyers; n++) requests.push(conversation(n, 1));
  for (let i = 0; i < requests.length; i += 100) await store.appendMany(requests.slice(i, i + 100));
  return {
    seller,
    long: conversationIdOf(carId, buyerOf(0).uid),
    short: conversationIdOf(carId, buyerOf(1).uid),
    conversations: requests.length,
    events: requests.reduce((n, r) => n + r.events.length, 0),
  };
};
