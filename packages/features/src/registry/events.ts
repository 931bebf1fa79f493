import { createHash } from 'node:crypto';
import { z } from 'zod';
import { bookingEvents, CarBookedV1 } from '../bookings/events.ts';
import { CarListedV1, carEvents, noCarDetails } from '../cars/events.ts';
import { categoryEvents } from '../categories/events.ts';
import { expiryEvents } from '../expiry/events.ts';
import { integrationEvents } from '../integrations/events.ts';
import { memberEvents } from '../members/events.ts';
import { messageEvents } from '../messages/events.ts';
import { moderationEvents } from '../moderation/events.ts';
import { roles } from '../platform/rules.ts';
import { reviewEvents } from '../reviews/events.ts';
import { userEvents } from '../users/events.ts';

/**
 * The events of the marketplace: the integrators' contract. Each feature declares its events
 * in its own folder (`users/events.ts`, `bookings/events.ts`, ...); this registry lists them
 * all, with their older versions.
 *
 * Each feature lists its own events (`bookingEvents`, ...); adding one there registers it.
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

export const eventSchemas = {
  ...userEvents,
  ...memberEvents,
  ...categoryEvents,
  ...carEvents,
  ...bookingEvents,
  ...integrationEvents,
  ...messageEvents,
  ...moderationEvents,
  ...reviewEvents,
  ...expiryEvents,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event as decisions produce it: a type and its data, before metadata is attached. */
export type DomainEvent = {
  [T in EventType]: { type: T; data: EventDataOf<T> };
}[EventType];

export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

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

/**
 * An email as the name of its reservation stream: its SHA-256, so the log's stream names never
 * hold an address (docs/security.md says what the hash still allows).
 */
const emailDigest = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');

/** Stream names, in one place. */
export const streams = {
  user: (uid: string) => `user-${uid}`,
  email: (email: string) => `email-${emailDigest(email)}`,
  category: (categoryId: string) => `category-${categoryId}`,
  categoryName: (name: string) => `category-name-${name.trim().toLowerCase()}`,
  categoryCars: (categoryId: string) => `categorycars-${categoryId}`,
  sellerCars: (uid: string) => `sellercars-${uid}`,
  car: (carId: string) => `car-${carId}`,
  booking: (bookingId: string) => `booking-${bookingId}`,
  member: (uid: string) => `member-${uid}`,
  apiKey: (keyId: string) => `apikey-${keyId}`,
  webhook: (endpointId: string) => `webhook-${endpointId}`,
  conversation: (conversationId: string) => `conversation-${conversationId}`,
  blocks: (uid: string) => `blocks-${uid}`,
  /** Every report on one subject: `<type>-<id>` (`subjectKeyOf`). */
  reports: (subjectKey: string) => `reports-${subjectKey}`,
  /** A booking's review: named by the booking, so a booking has one. */
  review: (bookingId: string) => `review-${bookingId}`,
} as const;
