import { z } from 'zod';
import {
  FIRST_MODEL_YEAR,
  fuels,
  MILEAGE,
  PRICE,
  roles,
  transmissions,
  YEARS_OF_USE,
} from './rules.ts';

/**
 * The events of the marketplace: the integrators' contract.
 *
 * Every event type is versioned. A published version never changes in place: a change of
 * shape is a new version (`schemaVersion` in the metadata), and readers upcast old ones.
 * The catalogue in docs/events.md lists every event with its fields.
 */

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/**
 * Who caused an event. `System` is the seeding and maintenance actor. `ApiKey` is an
 * integrator's API key (uid `apikey-<keyId>`, email the key's name): it acts only where one of
 * its scopes allows, which the decision reads from the key's own stream.
 */
export const Actor = z.object({
  uid: z.string().min(1),
  email: z.string(),
  role: z.enum([...roles, 'System', 'ApiKey']),
});
export type Actor = z.infer<typeof Actor>;

/** A W3C trace context (`traceparent`, and `tracestate` when there is one). */
export const TraceContext = z.object({
  traceparent: z.string().regex(/^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/),
  tracestate: z.string().max(512).optional(),
});
export type TraceContext = z.infer<typeof TraceContext>;

export const EventMetadata = z.object({
  actor: Actor,
  /** ISO-8601 time the command was accepted. */
  occurredAt: z.iso.datetime(),
  /** Shared by every event a single request caused, and by what follows from it. */
  correlationId: z.string().min(1),
  /** The id of the command (or event) that directly caused this one. */
  causationId: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  /**
   * The W3C trace context of the request that caused it, when that request was traced: those
   * who act on the event (projections, deliveries) continue the same trace. A malformed one is
   * read as none: it never makes an event unreadable.
   */
  trace: TraceContext.optional().catch(undefined),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

const id = z.string().min(1);
const money = z.number().min(PRICE.min).max(PRICE.max);
const yearsOfUse = z.number().min(YEARS_OF_USE.min).max(YEARS_OF_USE.max);
const modelYear = z.number().int().min(FIRST_MODEL_YEAR);
const mileage = z.number().int().min(MILEAGE.min).max(MILEAGE.max);

// ---- users: stream `user-<uid>` (the uid is the Firebase uid and the user's _id)

export const UserRegistered = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  role: z.enum(['Buyer', 'Seller']),
  photoURL: z.string().nullable(),
});
export const UserBecameSeller = z.object({ userId: id });
export const UserPromotedToAdmin = z.object({ userId: id });
export const UserDeleted = z.object({ userId: id, email: z.string() });
/**
 * The user changed their profile: only the fields that changed are present; `phone` and
 * `photoURL` set to null were cleared.
 */
export const UserProfileChanged = z.object({
  userId: id,
  name: z.string().optional(),
  phone: z.string().nullable().optional(),
  photoURL: z.string().nullable().optional(),
});
/**
 * A seller's live cars, on `sellercars-<uid>` (on `user-<uid>` in stores written before that
 * stream), so deleting the seller withdraws them.
 */
export const SellerCarAdded = z.object({ userId: id, carId: id });
export const SellerCarRemoved = z.object({ userId: id, carId: id });

// ---- what a member keeps: stream `member-<uid>` (favourite cars, saved searches, notifications read)

export const CarFavourited = z.object({ userId: id, carId: id });
export const CarUnfavourited = z.object({ userId: id, carId: id });
/** `query`: the search as the search page's address has it (`make=Toyota&maxPrice=15000`). */
export const SearchSaved = z.object({
  userId: id,
  searchId: id,
  name: z.string(),
  query: z.string(),
});
export const SavedSearchDeleted = z.object({ userId: id, searchId: id });
/** The member read their notifications up to this position (inclusive). */
export const NotificationsRead = z.object({ userId: id, upTo: z.string().regex(/^\d+$/) });

// ---- one account per email: stream `email-<lowercased email>` (a reservation)

export const EmailClaimed = z.object({ email: z.string(), userId: id });
export const EmailReleased = z.object({ email: z.string(), userId: id });

// ---- categories: stream `category-<id>` (its life), and `categorycars-<id>` (its live cars)

export const CategoryCreated = z.object({ categoryId: id, name: z.string() });
export const CategoryDeleted = z.object({ categoryId: id, name: z.string() });
/**
 * A car joins or leaves its category's live cars, so a category with cars cannot be deleted.
 * On `categorycars-<id>`, where listings only add (whatever its version, so listings in one
 * category never wait on each other); stores written before it have them on `category-<id>`.
 */
export const CategoryCarAdded = z.object({ categoryId: id, carId: id });
export const CategoryCarRemoved = z.object({ categoryId: id, carId: id });

// ---- booking ids: stream `booking-<id>`, which says which car's stream decides the booking

export const BookingIdClaimed = z.object({ bookingId: id, carId: id });

// ---- unique category names: stream `category-name-<lowercased name>` (a reservation)

export const CategoryNameClaimed = z.object({ name: z.string(), categoryId: id });
export const CategoryNameReleased = z.object({ name: z.string(), categoryId: id });

// ---- cars: stream `car-<id>`; a booking is decided on its car's stream

/** CarListed version 1: the listing as the marketplace first took it. */
export const CarListedV1 = z.object({
  carId: id,
  name: z.string(),
  sellerId: id,
  sellerName: z.string(),
  sellerEmail: z.string(),
  categoryId: id,
  categoryName: z.string(),
  image: z.string(),
  originalPrice: money,
  price: money,
  location: z.string(),
  yearsOfUse,
});
/** CarListed version 2: with the details buyers search by, each null when not given. */
export const CarListed = CarListedV1.extend({
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** Model year. */
  year: modelYear.nullable(),
  /** Kilometres. */
  mileage: mileage.nullable(),
  fuel: z.enum(fuels).nullable(),
  transmission: z.enum(transmissions).nullable(),
  /** Plain text. */
  description: z.string().nullable(),
});
export const CarAdvertised = z.object({ carId: id });
/** CarBooked version 1: a booking as the marketplace first took it, a request with no time. */
export const CarBookedV1 = z.object({
  carId: id,
  bookingId: id,
  carName: z.string(),
  price: money,
  sellerId: id,
  sellerName: z.string(),
  sellerEmail: z.string(),
  buyerId: id,
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string(),
  meetup: z.string(),
});
/**
 * CarBooked version 2: a buyer asks for a meetup, and may propose when (ISO-8601, null when
 * not proposed). The booking is requested; the seller then accepts or declines it. While it is
 * requested or accepted, the car is booked and nobody else can book it.
 */
export const CarBooked = CarBookedV1.extend({ proposedTime: z.iso.datetime().nullable() });
/** The parties of a booking, carried by every event of its life. */
const bookingParties = { carId: id, bookingId: id, sellerId: id, buyerId: id };
export const BookingAccepted = z.object(bookingParties);
export const BookingDeclined = z.object(bookingParties);
/** A party cancels: the buyer a requested or accepted booking, the seller an accepted one. */
export const BookingCancelled = z.object({
  ...bookingParties,
  by: z.enum(['buyer', 'seller']),
});
/** A booking ends because its car went: sold, deleted, or withdrawn with its seller's account. */
export const BookingEnded = z.object({
  ...bookingParties,
  reason: z.enum(['car-sold', 'car-deleted']),
});
/** Its seller lowered or raised the price. */
export const CarPriceChanged = z.object({ carId: id, oldPrice: money, price: money });
/**
 * Its seller (or an admin) changed the listing: only the fields that changed are present; a
 * detail set to null was cleared.
 */
export const CarDetailsChanged = z.object({
  carId: id,
  name: z.string().optional(),
  originalPrice: money.optional(),
  location: z.string().optional(),
  yearsOfUse: yearsOfUse.optional(),
  make: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  year: modelYear.nullable().optional(),
  mileage: mileage.nullable().optional(),
  fuel: z.enum(fuels).nullable().optional(),
  transmission: z.enum(transmissions).nullable().optional(),
  description: z.string().nullable().optional(),
});
/** How many pictures a car may have. */
export const MAX_CAR_PHOTOS = 10;
/**
 * Its seller (or an admin) set the car's pictures, in order: the first is the cover, which the
 * listing's `image` then names. A car listed with one picture has that one until this event.
 */
export const CarPhotosChanged = z.object({
  carId: id,
  images: z.array(z.string()).min(1).max(MAX_CAR_PHOTOS),
});
/** Its seller sold it: it leaves search and its category's live cars, and stays readable. */
export const CarSold = z.object({ carId: id, sellerId: id, categoryId: id });
export const CarDeleted = z.object({
  carId: id,
  sellerId: id,
  categoryId: id,
  /** Why it went: its seller or an admin deleted it, or it was withdrawn with its seller's account. */
  reason: z.enum(['deleted', 'seller-deleted']),
});

// ---- integrators' API keys: stream `apikey-<keyId>`

/** What a key may do: read the car feed, manage webhooks. */
export const apiKeyScopes = ['feed:read', 'webhooks:manage'] as const;
export const ApiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/**
 * An admin issued a key. Only the SHA-256 hash of its secret part is kept (hex), and a short
 * prefix that lets people recognise it (`sgk_<keyId>_` and the secret's first characters).
 */
export const ApiKeyIssued = z.object({
  keyId: id,
  name: z.string(),
  scopes: z.array(ApiKeyScope).min(1),
  prefix: z.string(),
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export const ApiKeyRevoked = z.object({ keyId: id });

// ---- webhook endpoints: stream `webhook-<endpointId>`

/** The car events an endpoint may subscribe to: those of the integrator feed. */
export const carEventTypes = [
  'CarListed',
  'CarAdvertised',
  'CarBooked',
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingEnded',
  'CarPriceChanged',
  'CarDetailsChanged',
  'CarPhotosChanged',
  'CarSold',
  'CarDeleted',
] as const;
export type CarEventType = (typeof carEventTypes)[number];

/**
 * An endpoint was registered for some car event types. Its signing secret is not here: it is
 * derived from the server's secret, the endpoint id and `secretNonce` (docs/security.md), so
 * the log, its backups and the audit never hold it.
 */
export const WebhookEndpointRegistered = z.object({
  endpointId: id,
  url: z.string(),
  types: z.array(z.enum(carEventTypes)).min(1),
  description: z.string(),
  secretNonce: z.string().min(16),
});
export const WebhookEndpointPaused = z.object({ endpointId: id });
export const WebhookEndpointResumed = z.object({ endpointId: id });
export const WebhookEndpointDeleted = z.object({ endpointId: id });
/** Deliver again the endpoint's events after `fromPosition`, under their first webhook ids. */
export const WebhookReplayRequested = z.object({
  endpointId: id,
  fromPosition: z.string().regex(/^\d+$/),
});
/**
 * The deliverer gave up on a message after its last attempt: the endpoint is failing. The next
 * messages are still tried; one that succeeds makes it healthy again.
 */
export const WebhookEndpointFailing = z.object({
  endpointId: id,
  messageId: z.string(),
  eventPosition: z.string().regex(/^\d+$/),
  attempts: z.number().int().positive(),
  lastError: z.string(),
});
export const WebhookEndpointRecovered = z.object({ endpointId: id });

export const eventSchemas = {
  UserRegistered,
  UserBecameSeller,
  UserPromotedToAdmin,
  UserDeleted,
  UserProfileChanged,
  SellerCarAdded,
  SellerCarRemoved,
  EmailClaimed,
  EmailReleased,
  CarFavourited,
  CarUnfavourited,
  SearchSaved,
  SavedSearchDeleted,
  NotificationsRead,
  CategoryCreated,
  CategoryDeleted,
  CategoryCarAdded,
  CategoryCarRemoved,
  CategoryNameClaimed,
  CategoryNameReleased,
  CarListed,
  CarAdvertised,
  CarBooked,
  BookingIdClaimed,
  BookingAccepted,
  BookingDeclined,
  BookingCancelled,
  BookingEnded,
  CarPriceChanged,
  CarDetailsChanged,
  CarPhotosChanged,
  CarSold,
  CarDeleted,
  ApiKeyIssued,
  ApiKeyRevoked,
  WebhookEndpointRegistered,
  WebhookEndpointPaused,
  WebhookEndpointResumed,
  WebhookEndpointDeleted,
  WebhookReplayRequested,
  WebhookEndpointFailing,
  WebhookEndpointRecovered,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event as decisions produce it: a type and its data, before metadata is attached. */
export type DomainEvent = {
  [T in EventType]: { type: T; data: EventDataOf<T> };
}[EventType];

export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** The details of a car listed before they existed, or listed without any. */
export const noCarDetails = {
  make: null,
  model: null,
  year: null,
  mileage: null,
  fuel: null,
  transmission: null,
  description: null,
} as const;

/** A version an event type was once written in, and how its data becomes the next version's. */
interface OlderVersion {
  schema: z.ZodType;
  upcast: (data: never) => unknown;
}

const olderVersion = <Schema extends z.ZodType>(
  schema: Schema,
  upcast: (data: z.output<Schema>) => unknown,
): OlderVersion => ({ schema, upcast: upcast as (data: never) => unknown });

/**
 * Every older version of each event type, oldest first: version n is `olderVersions[T][n - 1]`
 * and the current version comes after the last. Stored events keep the version they were
 * written in; readers upcast them here, so every reader sees the current shape.
 */
const olderVersions: { [T in EventType]?: readonly OlderVersion[] } = {
  CarListed: [olderVersion(CarListedV1, (v1) => ({ ...v1, ...noCarDetails }))],
  CarBooked: [olderVersion(CarBookedV1, (v1) => ({ ...v1, proposedTime: null }))],
};

/** The version every event type is written in now. */
export const schemaVersions = Object.fromEntries(
  Object.keys(eventSchemas).map((type) => [
    type,
    (olderVersions[type as EventType]?.length ?? 0) + 1,
  ]),
) as Record<EventType, number>;

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

/** The schema version a stored event's metadata names; version 1 when it names none. */
export const schemaVersionOf = (metadata: unknown): number => {
  const version = (metadata as { schemaVersion?: unknown } | null | undefined)?.schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : 1;
};

/**
 * A stored event as a domain event of the current version: an older version is upcast step by
 * step. Throws on an unknown type, a version newer than this code knows, or a bad shape.
 */
export const parseDomainEvent = (stored: {
  type: string;
  data: unknown;
  metadata?: unknown;
}): DomainEvent => {
  const { type } = stored;
  if (!isEventType(type)) throw new Error(`Unknown event type ${type}`);
  const current = schemaVersions[type];
  const version = schemaVersionOf(stored.metadata);
  if (version > current) {
    throw new Error(
      `${type} version ${version} is newer than the version this code reads (${current})`,
    );
  }
  let data = stored.data;
  for (const older of olderVersions[type]?.slice(version - 1) ?? []) {
    data = older.upcast(older.schema.parse(data) as never);
  }
  return { type, data: eventSchemas[type].parse(data) } as DomainEvent;
};

/** Stream names, in one place. */
export const streams = {
  user: (uid: string) => `user-${uid}`,
  email: (email: string) => `email-${email.trim().toLowerCase()}`,
  category: (categoryId: string) => `category-${categoryId}`,
  categoryName: (name: string) => `category-name-${name.trim().toLowerCase()}`,
  categoryCars: (categoryId: string) => `categorycars-${categoryId}`,
  sellerCars: (uid: string) => `sellercars-${uid}`,
  car: (carId: string) => `car-${carId}`,
  booking: (bookingId: string) => `booking-${bookingId}`,
  member: (uid: string) => `member-${uid}`,
  apiKey: (keyId: string) => `apikey-${keyId}`,
  webhook: (endpointId: string) => `webhook-${endpointId}`,
} as const;
