import type {
  BookingStatus,
  MessageTables,
  ModerationTables,
  ReviewTables,
  Role,
} from '@second-gear/features';
import type { NotificationKind } from '@second-gear/features/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The read tables, as Kysely sees them. Tables and columns use the marketplace's own words (cars,
 * bookings, categories, users; `seller_email`, `category_name`, `years_of_use`, `advertised`,
 * `car_id` ...), as the events do. The public API's legacy field names (`_id`, `email`,
 * `category`, `use`, `advertise`, `product_id`, ...) appear only where the query service maps
 * a row to its answer.
 *
 * Positions are PostgreSQL `bigint`. The `pg` driver reads them as strings and PGlite as
 * numbers or bigints, so they are typed loosely here and normalised with `toPosition`.
 */
export type PositionColumn = ColumnType<string | number | bigint, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/**
 * Dollars, kept exactly as `numeric`. The `pg` driver reads a numeric as a string (PGlite as a
 * string too), so a read turns it into a number with `Number` where it answers it.
 */
export type Money = ColumnType<string | number, number | string, number | string>;
type NullableMoney = ColumnType<
  string | number | null,
  number | string | null | undefined,
  number | string | null
>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface UsersTable {
  /** The Firebase uid. */
  id: string;
  name: string;
  email: string;
  /** Answered as the user's `type`. */
  role: Role;
  photo_url: string | null;
  /** The phone a booking starts with, null until the user gives one. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  registered_at: Timestamp;
  /** Set when the account was deleted; such a row is kept for history but never answered. */
  deleted_at: NullableTimestamp;
  /** Set while a moderator has the user suspended, with the reason they were told. */
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Position of the last event applied to this row (makes re-application a no-op). */
  version: PositionColumn;
}

export interface CategoriesTable {
  id: string;
  name: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  version: PositionColumn;
}

/**
 * The cars a buyer can book (live, unsold, not booked), narrow, kept by triggers on the cars
 * table: what a search counts its matches in. Never written by a projection.
 */
export interface AvailableCarsTable {
  id: string;
  listed_position: ColumnType<string, never, never>;
  category_name: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  price: Money;
  fuel: string | null;
  transmission: string | null;
  location: string;
  search_vector: ColumnType<string | null, never, never>;
  earth_point: ColumnType<string | null, never, never>;
  deal: string | null;
}

/** A point where available cars stand, and how many (migration 0027, kept by triggers). */
export interface CarPointsTable {
  earth_point: ColumnType<string, never, never>;
  cars: ColumnType<number, never, never>;
}

/** A make and model whose cars' market values are kept (`make_key`, `model_key`: lowercase). */
export interface CarMarketsTable {
  make_key: string;
  model_key: string;
  /** True while a change of its cars waits to be valued. */
  dirty: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CarsTable {
  id: string;
  name: string;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  category_id: string;
  category_name: string;
  image: string;
  original_price: Money;
  price: Money;
  location: string;
  years_of_use: number;
  /** The details buyers filter on, optional (cars listed before they existed have none). */
  make: ColumnType<string | null, string | null | undefined, string | null>;
  model: ColumnType<string | null, string | null | undefined, string | null>;
  year: ColumnType<number | null, number | null | undefined, number | null>;
  /** Kilometres. */
  mileage: ColumnType<number | null, number | null | undefined, number | null>;
  fuel: ColumnType<string | null, string | null | undefined, string | null>;
  transmission: ColumnType<string | null, string | null | undefined, string | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated from the words of the car; never written. */
  search_vector: ColumnType<string, never, never>;
  /** Where its location is, in degrees; null while the place is unknown. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** Generated from the coordinates, for the distance index; never written. */
  earth_point: ColumnType<string | null, never, never>;
  /**
   * Its market value (dollars) and fair range from comparable cars, how many, its deal rating
   * and its price as a share of the value; null while it has no rating.
   */
  market_value: NullableMoney;
  fair_low: NullableMoney;
  fair_high: NullableMoney;
  comparables: ColumnType<number | null, number | null | undefined, number | null>;
  deal: ColumnType<string | null, string | null | undefined, string | null>;
  deal_ratio: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when booked, else 0. */
  booked: ColumnType<number, number | undefined, number>;
  /** 1 when advertised, else 0. */
  advertised: ColumnType<number, number | undefined, number>;
  listed_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** Its pictures in order, cover first; null while it has only `image`. */
  images: ColumnType<string[] | null, string | null | undefined, string | null>;
  /** When its seller marked it sold; sold cars leave search and the facet counts. */
  sold_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The price before the latest change, null until the price changes. */
  previous_price: ColumnType<
    string | number | null,
    number | string | null | undefined,
    number | string | null
  >;
  price_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set while a moderator (or enough reports) keeps it off the market, with why and by whom. */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while its seller is suspended. */
  seller_suspended_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Set once it expired, cleared when its seller renews it. */
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When its seller last renewed it: its term began then (else at `listed_at`). */
  renewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Generated: hidden, its seller suspended, or expired. Search shows cars on the market only. */
  off_market: ColumnType<boolean, never, never>;
  /** Its seller's reviews that stand (not hidden), and their stars summed: the card's rating. */
  seller_reviews: ColumnType<number, number | undefined, number>;
  seller_stars: ColumnType<number, number | undefined, number>;
  listed_position: PositionColumn;
  version: PositionColumn;
}

/** A car's prices: the listing's, then each change, by the position of its event. */
export interface CarPricesTable {
  car_id: string;
  position: PositionColumn;
  price: Money;
  changed_at: Timestamp;
}

export interface BookingsTable {
  id: string;
  car_id: string;
  car_name: string;
  price: Money;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  /** The meetup location. */
  meetup: string;
  booked_at: Timestamp;
  position: PositionColumn;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  /** When the buyer proposed to meet, if they did. */
  proposed_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status_changed_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** When the seller accepted it: it stays a met booking if the car is then sold. */
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: PositionColumn;
}

export interface AuditLogTable {
  position: PositionColumn;
  event_id: string;
  event_type: string;
  /** The event in words: "booked", "promoted to admin", "deleted", ... */
  action: string;
  actor_uid: string;
  actor_email: string;
  actor_role: string;
  /** user, car or category. */
  subject_type: string;
  subject_id: string;
  subject_label: string;
  occurred_at: Timestamp;
  correlation_id: string;
  causation_id: string;
  /** Public facts of the event worth showing in a history (never a buyer's phone). */
  details: ColumnType<Record<string, unknown>, string, string>;
  /** Whose personal data the details show: the detail keys of each person, by their uid. */
  personal: ColumnType<Record<string, string[]>, Record<string, string[]> | undefined, never>;
}

/** Live cars counted per combination of the facets; a trigger on cars keeps it. */
export interface CarFacetsTable {
  category_name: string;
  /** '' when the car does not say. */
  make: string;
  fuel: string;
  transmission: string;
  /** The lower bound of the price's band (see `PRICE_BAND_BOUNDS`). */
  price_band: number;
  booked: number;
  advertised: number;
  cars: ColumnType<string | number | bigint, never, never>;
}

/** Live, unsold cars per make and model and the other facets, kept by a trigger on `cars`. */
export interface CarModelFacetsTable extends Omit<CarFacetsTable, 'make'> {
  make: string;
  model: string;
}

/** Every word of the cars' search vectors, for matching a misspelt word of a search. */
export interface SearchWordsTable {
  word: string;
}

/**
 * The projections, each with its own checkpoint row: what a reader waits for when it wants to
 * see a write (read-your-writes waits only for the projections of the tables it reads).
 */
export const projectionNames = [
  'users',
  'categories',
  'cars',
  'bookings',
  'audit',
  'members',
  'integrations',
  'messages',
  'moderation',
  'reviews',
] as const;
export type ProjectionName = (typeof projectionNames)[number];

export interface ProjectionCheckpointsTable {
  name: string;
  /** Null until the projection has applied its first event. */
  position: ColumnType<string | number | bigint | null, string | bigint | null, string | bigint>;
  events_applied: ColumnType<string | number | bigint, string | bigint | number, string | bigint>;
  /** The event store's identity (`EventStore.storeId`) when the checkpoint was written. */
  store_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The id of the event at `position`. */
  event_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** An event a projection could not apply, parked with its error (see migration 0006). */
export interface ParkedEventsTable {
  projection: string;
  position: ColumnType<string | number | bigint, string | bigint, never>;
  event_id: string;
  stream_id: string;
  type: string;
  error: string;
  attempts: Generated<number>;
  parked_at: Generated<Date>;
  /** Null while parked; then `retried` (applied after all) or `skipped` by an operator. */
  resolution: 'retried' | 'skipped' | null;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
}

export interface MigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface FavouritesTable {
  user_id: string;
  car_id: string;
  added_at: Timestamp;
  /** The position of the event that made it a favourite. */
  position: PositionColumn;
}

export interface SavedSearchesTable {
  id: string;
  user_id: string;
  name: string;
  /** The search page's query, in the order the contract writes it. */
  query: string;
  created_at: Timestamp;
  position: PositionColumn;
}

/** What a notification is about (the members' contract lists the kinds); its words are made when it is read. */
export type { NotificationKind };

/** The `user_id` of a notification every admin sees (a failing webhook). */
export const ADMINS_AUDIENCE = '@admins';

export interface NotificationsTable {
  /** `<position>:<user id>`: one event tells one person once. */
  id: string;
  /** The member told, or `ADMINS_AUDIENCE` for every admin. */
  user_id: string;
  /** The position of the event it was made from. */
  position: PositionColumn;
  kind: NotificationKind;
  /** Null for a notification about no car. */
  car_id: string | null;
  details: ColumnType<Record<string, unknown>, string, string>;
  /** Whose personal data the details show: the detail keys of each person, by their uid. */
  personal: ColumnType<Record<string, string[]>, Record<string, string[]> | undefined, never>;
  created_at: Timestamp;
}

export interface NotificationReadsTable {
  user_id: string;
  /** Notifications up to this position are read. */
  up_to: PositionColumn;
}

/** An API key, as the `integrations` projection keeps it (the secret's hash, never the secret). */
export interface ApiKeysTable {
  id: string;
  name: string;
  scopes: ColumnType<string[], string, string>;
  prefix: string;
  /** SHA-256 of the key's secret part, hex. */
  secret_hash: string;
  created_at: Timestamp;
  /** The email of the admin who issued it. */
  created_by: string;
  revoked_at: NullableTimestamp;
  /** The time of the latest command made with it (its uses as a reader are in `access`). */
  last_command_at: NullableTimestamp;
  version: PositionColumn;
}

/** A webhook endpoint, as the `integrations` projection keeps it (never its secret). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  types: ColumnType<string[], string, string>;
  description: string;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  failing: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  /** An admin's email, or the name of the API key that registered it. */
  created_by: string;
  /** The API key that registered it and manages it (with admins); null for an admin's. */
  owner_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  deleted_at: NullableTimestamp;
  version: PositionColumn;
}

export interface ReadModelDatabase extends MessageTables, ModerationTables, ReviewTables {
  users: UsersTable;
  categories: CategoriesTable;
  cars: CarsTable;
  car_prices: CarPricesTable;
  car_facets: CarFacetsTable;
  car_model_facets: CarModelFacetsTable;
  available_cars: AvailableCarsTable;
  car_points: CarPointsTable;
  car_markets: CarMarketsTable;
  search_words: SearchWordsTable;
  bookings: BookingsTable;
  audit_log: AuditLogTable;
  favourites: FavouritesTable;
  saved_searches: SavedSearchesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  parked_events: ParkedEventsTable;
  migrations: MigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type CarRow = Selectable<CarsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type CarPriceRow = Selectable<CarPricesTable>;
export type SavedSearchRow = Selectable<SavedSearchesTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type CheckpointRow = Selectable<ProjectionCheckpointsTable>;
export type ParkedEventRow = Selectable<ParkedEventsTable>;
export type NewCar = Insertable<CarsTable>;
export type CarUpdate = Updateable<CarsTable>;

/** The schema readers use. A rebuild fills `read_model_next` and renames it into place. */
export const LIVE_SCHEMA = 'read_model';
export const NEXT_SCHEMA = 'read_model_next';

/** Normalises a bigint column as any driver returns it. */
export const toPosition = (value: string | number | bigint): bigint =>
  typeof value === 'bigint' ? value : BigInt(value);
