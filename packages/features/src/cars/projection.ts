import type { CarUpdate } from '@second-gear/read-model';
import { sql } from 'kysely';
import { placeOf, readGazetteer } from '../places/index.ts';
import { deletedUsers } from '../platform/erasure.ts';
import { ERASED_CONTACT, ERASED_NAME } from '../platform/personal-data.ts';
import {
  appendRows,
  firstOf,
  insertRows,
  isBulkLoad,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
  recordsOf,
} from '../platform/projection.ts';
import {
  type MarketGroup,
  markMarkets,
  revalueMarkets,
  settleMarkets,
  unvaluedMarkets,
} from './market/market-value.ts';

/** A location's coordinates, or nulls while the place is unknown. */
const coordinatesOf = (location: string) => {
  const place = placeOf(location);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
};

const listing = (event: ProjectedEvent) => {
  if (event.type !== 'CarListed') return undefined;
  const car = event.data;
  return {
    key: car.carId,
    row: {
      id: car.carId,
      name: car.name,
      seller_id: car.sellerId,
      seller_name: car.sellerName,
      seller_email: car.sellerEmail,
      category_id: car.categoryId,
      category_name: car.categoryName,
      image: car.image,
      original_price: car.originalPrice,
      price: car.price,
      location: car.location,
      ...coordinatesOf(car.location),
      years_of_use: car.yearsOfUse,
      make: car.make,
      model: car.model,
      year: car.year,
      mileage: car.mileage,
      fuel: car.fuel,
      transmission: car.transmission,
      description: car.description,
      listed_at: event.metadata.occurredAt,
      listed_position: event.position,
      version: event.position,
    },
  };
};

export type CarChange = Omit<CarUpdate, 'id' | 'version' | 'images'> & { images?: string[] };

/** The columns an edit changes, named as the read table names them. */
const editedColumns = (
  data: Extract<ProjectedEvent, { type: 'CarDetailsChanged' }>['data'],
): CarChange => {
  const columns: CarChange = {
    name: data.name,
    original_price: data.originalPrice,
    location: data.location,
    ...(data.location === undefined ? {} : coordinatesOf(data.location)),
    years_of_use: data.yearsOfUse,
    make: data.make,
    model: data.model,
    year: data.year,
    mileage: data.mileage,
    fuel: data.fuel,
    transmission: data.transmission,
    description: data.description,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as CarChange;
};

/** A point of a car's price history. */
type PricePoint = ReturnType<typeof pricePoint>;
const pricePoint = (carId: string, price: number, event: ProjectedEvent) => ({
  car_id: carId,
  position: event.position,
  price,
  changed_at: event.metadata.occurredAt,
});

/** What one event changes in the cars table: a car's columns, and its price history. */
type Change = { carId: string; values: CarChange; price?: PricePoint };

/**
 * What another feature's event changes in every car of one seller: a suspension (the time it
 * began, or null when it ended), or their rating (reviews and stars added, or taken away when
 * a review is hidden).
 */
export type SellerChange =
  | { sellerId: string; suspendedAt: string | null }
  | { sellerId: string; rating: { reviews: number; stars: number } };
export type SellerChangeOf = (event: ProjectedEvent) => SellerChange | undefined;

/** What another feature's event changes in a car's row (a booking, its `booked` flag). */
export type CarChangeOf = (
  event: ProjectedEvent,
) => { carId: string; values: CarChange } | undefined;

const ownChangeOf = (event: ProjectedEvent): Change | undefined => {
  switch (event.type) {
    case 'CarAdvertised':
      return { carId: event.data.carId, values: { advertised: 1 } };
    case 'CarDetailsChanged':
      return { carId: event.data.carId, values: editedColumns(event.data) };
    case 'CarPriceChanged': {
      const { carId, oldPrice, price } = event.data;
      return {
        carId,
        values: { price, previous_price: oldPrice, price_changed_at: event.metadata.occurredAt },
        price: pricePoint(carId, price, event),
      };
    }
    case 'CarPhotosChanged': {
      const { carId, images } = event.data;
      return { carId, values: { images, image: images[0] ?? '' } };
    }
    case 'CarSold':
      return { carId: event.data.carId, values: { sold_at: event.metadata.occurredAt } };
    case 'CarDeleted':
      return { carId: event.data.carId, values: { deleted_at: event.metadata.occurredAt } };
    default:
      return undefined;
  }
};

/** A car's changes in a batch, folded into the values it ends with. */
interface FoldedChange {
  carId: string;
  values: Record<string, unknown>;
  /** The position of the first event folded: the row must be older than it. */
  from: bigint;
  /** The position of the last: the row's version after the update. */
  version: bigint;
  /** The changes folded, in order. */
  each: (Change & { position: bigint })[];
}

/**
 * One UPDATE of the cars in `cars`, all changing the same columns, each only where its row is
 * older than the first event folded into it; answers the ids it changed.
 */
const updateFolded = async (tables: ReadTables, columns: string[], cars: FoldedChange[]) => {
  const rows = cars.map((car) => ({
    ...car.values,
    id: car.carId,
    version: car.version,
    // The row's type has no column for it; `listed_position` carries it (never changed here).
    listed_position: car.from,
  }));
  const updated = await tables
    .updateTable('cars as c')
    .from(recordsOf('cars', rows).as('v'))
    .set(
      Object.fromEntries(
        [...columns, 'version'].map((column) => [column, sql.ref(`v.${column}`)]),
      ) as CarUpdate,
    )
    .whereRef('c.id', '=', 'v.id')
    .whereRef('c.version', '<', 'v.listed_position')
    .returning('c.id')
    .execute();
  return new Set(updated.map((row) => row.id));
};

/** Folds each car's changes in order into the values it ends with. */
const foldByCar = (changes: readonly (Change & { position: bigint })[]) => {
  const folded = new Map<string, FoldedChange>();
  for (const change of changes) {
    const car = folded.get(change.carId);
    if (car === undefined) {
      folded.set(change.carId, {
        carId: change.carId,
        values: { ...change.values },
        from: change.position,
        version: change.position,
        each: [change],
      });
    } else {
      Object.assign(car.values, change.values);
      car.version = change.position;
      car.each.push(change);
    }
  }
  return folded;
};

/**
 * Applies a batch's changes with one UPDATE per set of columns changed (a booking's, a
 * price's, ...), however many cars and events: each car's changes in the batch folded in order
 * into the values it ends with. The rows come as JSON typed by the table's own row type. A row
 * is only changed by events newer than its version, as event by event: a car whose row has
 * some of the batch's events already (a batch delivered again from an older checkpoint), or
 * none yet, gets its changes one at a time, each under that rule.
 */
const updateAll = async (
  tables: ReadTables,
  changes: readonly (Change & { position: bigint })[],
) => {
  const folded = foldByCar(changes);
  const byColumns = new Map<string, FoldedChange[]>();
  for (const car of folded.values()) {
    const key = Object.keys(car.values).sort().join(',');
    const same = byColumns.get(key);
    if (same) same.push(car);
    else byColumns.set(key, [car]);
  }
  const missed: FoldedChange[] = [];
  for (const [key, cars] of byColumns) {
    if (key === '') continue;
    const updated = await updateFolded(tables, key.split(','), cars);
    for (const car of cars) {
      if (!updated.has(car.carId) && car.each.length > 1) missed.push(car);
    }
  }
  for (const change of missed.flatMap((car) => car.each)) {
    const columns = Object.keys(change.values);
    if (columns.length === 0) continue;
    await updateFolded(tables, columns.sort(), [...foldByCar([change]).values()]);
  }
};

/**
 * Applies a batch: the cars it lists are inserted, then the changes go through `updateAll`,
 * which gives what applying the events one by one would. On a rebuild's tables (bulk load) a
 * car's changes after its listing in the batch are folded into the row it is inserted with, so
 * most of a car's life costs no update at all. Only there: a car listed a second time (which no
 * command writes, its stream beginning with the listing) would keep none of the changes folded
 * into the second listing, but COPY refuses the repeated key, and the rebuild applies that batch
 * again one event at a time, with ordinary inserts and updates.
 */
const applyAll = async (
  changeOf: (event: ProjectedEvent) => Change | undefined,
  sellerChangeOf: SellerChangeOf,
  tables: ReadTables,
  events: readonly ProjectedEvent[],
): Promise<void> => {
  const fold = isBulkLoad(tables);
  const listed = new Map<string, Record<string, unknown> & { version: bigint }>();
  const changes: (Change & { position: bigint })[] = [];
  const prices: PricePoint[] = [];
  for (const event of events) {
    const creation = listing(event);
    if (creation) {
      prices.push(pricePoint(creation.key, creation.row.price, event));
      if (!listed.has(creation.key)) listed.set(creation.key, { ...creation.row });
      continue;
    }
    const change = changeOf(event);
    if (!change) continue;
    if (change.price) prices.push(change.price);
    const row = fold ? listed.get(change.carId) : undefined;
    if (!row) {
      changes.push({ ...change, position: event.position });
      continue;
    }
    Object.assign(row, change.values);
    row.version = event.position;
  }
  // The makes and models the batch moves are valued when it settles; a rebuild values every
  // one once, at its end (`prepare`).
  const markets = fold ? undefined : await marketsBefore(tables, changes, sellerChangeOf, events);
  await insertRows(tables, 'cars', [...listed.values()]);
  await rateListings(tables, [...listed.keys()]);
  await appendRows(tables, 'car_prices', prices);
  await updateAll(tables, changes);
  await changeSellers(sellerChangeOf, tables, events);
  await eraseSellers(tables, events);
  if (markets) await markMarkets(tables, await markets.after([...listed.keys()]));
};

/** The columns whose change moves a car's market: what it is, its price, and whether it is for sale. */
const MARKET_COLUMNS = new Set([
  'price',
  'make',
  'model',
  'year',
  'mileage',
  'sold_at',
  'deleted_at',
  'hidden_at',
  'expired_at',
]);

/** The makes and models of some cars, or of every car of some sellers. */
const groupsOf = async (tables: ReadTables, carIds: string[], sellerIds: string[] = []) => {
  if (carIds.length === 0 && sellerIds.length === 0) return [];
  const rows = await tables
    .selectFrom('cars')
    .select([sql<string>`lower(make)`.as('make'), sql<string>`lower(model)`.as('model')])
    .distinct()
    .where('make', 'is not', null)
    .where('model', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(carIds.length > 0 ? [eb('id', 'in', carIds)] : []),
        ...(sellerIds.length > 0 ? [eb('seller_id', 'in', sellerIds)] : []),
      ]),
    )
    .execute();
  return rows;
};

/**
 * The markets a batch moves: those its changed cars were in before it (a car edited into
 * another model leaves its old one) and are in after it, with its listings', and those of every
 * car of a seller suspended or let back.
 */
const marketsBefore = async (
  tables: ReadTables,
  changes: readonly Change[],
  sellerChangeOf: SellerChangeOf,
  events: readonly ProjectedEvent[],
) => {
  const changed = [
    ...new Set(
      changes
        .filter((change) => Object.keys(change.values).some((key) => MARKET_COLUMNS.has(key)))
        .map((change) => change.carId),
    ),
  ];
  const sellers = events.flatMap((event) => {
    const change = sellerChangeOf(event);
    return change && 'suspendedAt' in change ? [change.sellerId] : [];
  });
  const before = await groupsOf(tables, changed, sellers);
  return {
    after: async (listed: string[]): Promise<MarketGroup[]> => {
      const now = await groupsOf(tables, [...changed, ...listed], sellers);
      const unique = new Map([...before, ...now].map((g) => [`${g.make}\u0000${g.model}`, g]));
      return [...unique.values()];
    },
  };
};

/**
 * A car listed takes its seller's rating as it stood before the batch: the batch's own changes
 * of the rating reach it with every other car of theirs (`changeSellers`).
 */
const rateListings = async (tables: ReadTables, carIds: string[]) => {
  if (carIds.length === 0) return;
  await tables
    .updateTable('cars')
    .from('seller_ratings')
    .set((eb) => ({
      seller_reviews: eb.ref('seller_ratings.reviews'),
      seller_stars: eb.ref('seller_ratings.stars'),
    }))
    .whereRef('seller_ratings.seller_id', '=', 'cars.seller_id')
    .where('cars.id', 'in', carIds)
    .execute();
};

/** A seller's rating, kept per seller and on every car of theirs. */
const rateSeller = async (
  tables: ReadTables,
  sellerId: string,
  { reviews, stars }: { reviews: number; stars: number },
) => {
  await tables
    .insertInto('seller_ratings')
    .values({ seller_id: sellerId, reviews, stars })
    .onConflict((c) =>
      c.column('seller_id').doUpdateSet({
        reviews: sql<number>`seller_ratings.reviews + ${reviews}`,
        stars: sql<number>`seller_ratings.stars + ${stars}`,
      }),
    )
    .execute();
  await tables
    .updateTable('cars')
    .set({
      seller_reviews: sql<number>`seller_reviews + ${reviews}`,
      seller_stars: sql<number>`seller_stars + ${stars}`,
    })
    .where('seller_id', '=', sellerId)
    .execute();
};

/** Every car of a seller follows their suspension and their rating, in the order of the batch. */
const changeSellers = async (
  sellerChangeOf: SellerChangeOf,
  tables: ReadTables,
  events: readonly ProjectedEvent[],
) => {
  for (const event of events) {
    const change = sellerChangeOf(event);
    if (!change) continue;
    if ('rating' in change) {
      await rateSeller(tables, change.sellerId, change.rating);
      continue;
    }
    await tables
      .updateTable('cars')
      .set({ seller_suspended_at: change.suspendedAt })
      .where('seller_id', '=', change.sellerId)
      .execute();
  }
};

/**
 * A deleted seller's name and email leave every car of theirs (a sold car stays readable, as
 * sold by a deleted user). Whatever else the batch did, this comes last: nothing later in it
 * can name them again, since the log reads their values as erased from then on.
 */
const eraseSellers = async (tables: ReadTables, events: readonly ProjectedEvent[]) => {
  const erased = deletedUsers(events);
  if (erased.length === 0) return;
  await tables
    .updateTable('cars')
    .set({ seller_name: ERASED_NAME, seller_email: ERASED_CONTACT })
    .where('seller_id', 'in', erased)
    .execute();
};

/**
 * cars: one row per car listed, as edited since; car_prices: its price at listing and at each
 * change. A booked, sold or deleted car leaves the Recommended list because that list asks for
 * `advertised = 1 and booked = 0 and sold_at is null and deleted_at is null`; the row keeps its
 * facts so a car's history still knows its seller. `booked` is 1 while a booking is open
 * (requested or accepted).
 */
export const carsProjectionOf = (
  others: readonly CarChangeOf[],
  sellerChanges: readonly SellerChangeOf[] = [],
): Projection => {
  const changeOf = firstOf<Change>([ownChangeOf, ...others]);
  const sellerChangeOf = firstOf([...sellerChanges]);
  return {
    name: 'cars',
    applyAll: (tables, events) => applyAll(changeOf, sellerChangeOf, tables, events),
    apply: (tables, event) => applyAll(changeOf, sellerChangeOf, tables, [event]),
    prepare: async (tables) => {
      readGazetteer();
      await locateCars(tables);
      await revalueMarkets(tables, await unvaluedMarkets(tables));
      await settleMarkets(tables);
    },
    settle: settleMarkets,
  };
};

/**
 * Locates the cars kept without coordinates whose place the gazetteer knows: those kept before
 * cars had coordinates, and those whose place it has learnt since. One statement per place.
 */
const locateCars = async (tables: ReadTables): Promise<void> => {
  const unlocated = await tables
    .selectFrom('cars')
    .select('location')
    .distinct()
    .where('latitude', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  for (const { location } of unlocated) {
    const place = placeOf(location);
    if (place === undefined) continue;
    await tables
      .updateTable('cars')
      .set({ latitude: place.latitude, longitude: place.longitude })
      .where('location', '=', location)
      .where('latitude', 'is', null)
      .execute();
  }
};
