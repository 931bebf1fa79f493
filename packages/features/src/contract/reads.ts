// Answers of the read API (query service), in the API's own field names (`_id`, `original_price`,
// `product_id`, ...), which stay as its clients know them.
//
// The query service serializes with these schemas and publishes them as its OpenAPI document;
// the web client takes its answer types from them (`z.infer`) and checks its query strings
// against the query schemas. Lists answer a plain array; paging is `?page=&limit=` and the
// totals travel in headers (`X-Total-Count`, `Link`).

import { z } from 'zod';
import { bookingFeedEvents } from '../bookings/contract.ts';
import { apiKeyScopes, carEventTypes } from '../integrations/events.ts';
import { roles } from '../platform/rules.ts';
import { CarDetailsAnswer, carFilterShape, checkRanges, sortAndCursorShape } from './cars.ts';
import { feedBase, PageQuery } from './fields.ts';

export const ReadRole = z.enum(roles);
export type ReadRole = z.infer<typeof ReadRole>;

/** A user record: `GET /api/user/:email`, `GET /api/users`. */
export const UserRecord = z.object({
  _id: z.string().describe('The Firebase uid'),
  name: z.string(),
  email: z.string(),
  type: ReadRole.describe('The role'),
  photoURL: z.string().nullable(),
  phone: z.string().nullable().describe('The phone a booking starts with; null until given'),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const UsersQuery = PageQuery.extend({ role: ReadRole.optional() });

/** `GET /api/jwt?email=` answers the service token. */
export const JwtQuery = z.object({ email: z.string().trim().min(1, 'This field is required') });
export const TokenAnswer = z.object({ accessToken: z.string() });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

export const CategoryRecord = z.object({ _id: z.string(), name: z.string() });
export type CategoryRecord = z.infer<typeof CategoryRecord>;

/** A car, as a client shows it: prices in dollars, years of use, 1/0 flags. */
export const CarRecord = z.object({
  _id: z.string(),
  name: z.string(),
  seller_name: z.string(),
  email: z.string().describe("The seller's email"),
  category: z.string().describe("The category's name"),
  image: z.string(),
  original_price: z.number(),
  price: z.number(),
  location: z.string(),
  use: z.number().describe('Years of use'),
  booked: z.number().int().describe('1 while a booking of it is requested or accepted'),
  advertise: z.number().int().describe('1 when advertised'),
  ...CarDetailsAnswer.shape,
  images: z.array(z.string()).describe('Its pictures in order; the first is `image`, the cover'),
  sold: z.number().int().describe('1 when its seller marked it sold'),
  previous_price: z
    .number()
    .optional()
    .describe('The price before the latest change; absent until the price changes'),
});
export type CarRecord = z.infer<typeof CarRecord>;

/**
 * `GET /api/products`: every car, or with `email` the seller's own (seller or admin); with any
 * filter, `sort` or `cursor`, a search.
 */
export const CarsQuery = PageQuery.extend({
  email: z.string().trim().min(1).optional(),
  ...carFilterShape,
  ...sortAndCursorShape,
}).superRefine(checkRanges);
export type CarsQuery = z.infer<typeof CarsQuery>;

/** `GET /api/category/products/:name`: a category's cars, searched like every car. */
export const CategoryCarsQuery = PageQuery.extend({
  ...carFilterShape,
  ...sortAndCursorShape,
}).superRefine(checkRanges);
export type CategoryCarsQuery = z.infer<typeof CategoryCarsQuery>;

/** `GET /api/product/:id/price-history`: the listing's price, then each change, oldest first. */
export const PricePoint = z.object({
  price: z.number(),
  at: z.string().describe('ISO-8601'),
});
export type PricePoint = z.infer<typeof PricePoint>;

/** One entry of the audit log or of a car's history. */
export const AuditEntry = z.object({
  id: z.string().describe('The event position (decimal)'),
  position: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  action: z.string().describe('What happened, in words: "booked", "promoted to admin", ...'),
  at: z.string().describe('ISO-8601 time the command was accepted'),
  actor: z.object({ uid: z.string(), email: z.string(), role: z.string() }),
  subject: z.object({
    type: z.enum(['user', 'car', 'category', 'api-key', 'webhook']),
    id: z.string(),
    label: z.string(),
  }),
  correlationId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = PageQuery.extend({
  actor: z.string().trim().min(1).optional().describe("The actor's uid or email"),
  subject: z.string().trim().min(1).optional().describe("The subject's id (user, car or category)"),
  type: z.string().trim().min(1).optional().describe('An event type, e.g. CarListed'),
  subjectType: z.enum(['user', 'car', 'category', 'api-key', 'webhook']).optional(),
});

/** Path parameter of the reads by id. */
export const ReadIdParams = z.object({ id: z.string().trim().min(1).max(200) });
export const EmailParams = z.object({ email: z.string().trim().min(1).max(320) });
export const CategoryNameParams = z.object({ name: z.string().trim().min(1).max(200) });

// ---- the integrator feed: GET /api/feed/cars (server-sent events, see docs/integrator-feed.md)

/** The car events integrators see, on the feed and through webhooks. */
export const carFeedEventTypes = carEventTypes;

/** The data of one feed message: public facts only (never a buyer's phone or email). */
export const CarFeedEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CarListed'),
    ...feedBase,
    car: z.object({
      name: z.string(),
      sellerId: z.string(),
      sellerName: z.string(),
      categoryId: z.string(),
      category: z.string(),
      image: z.string(),
      originalPrice: z.number(),
      price: z.number(),
      location: z.string(),
      yearsOfUse: z.number(),
      ...CarDetailsAnswer.shape,
    }),
  }),
  z.object({ type: z.literal('CarAdvertised'), ...feedBase }),
  ...bookingFeedEvents,
  z.object({
    type: z.literal('CarPriceChanged'),
    ...feedBase,
    oldPrice: z.number(),
    price: z.number(),
  }),
  z.object({
    type: z.literal('CarDetailsChanged'),
    ...feedBase,
    changes: z
      .object({
        name: z.string(),
        originalPrice: z.number(),
        location: z.string(),
        yearsOfUse: z.number(),
        make: z.string().nullable(),
        model: z.string().nullable(),
        year: z.number().int().nullable(),
        mileage: z.number().int().nullable(),
        fuel: z.string().nullable(),
        transmission: z.string().nullable(),
        description: z.string().nullable(),
      })
      .partial()
      .describe('Only the fields that changed; null: cleared'),
  }),
  z.object({
    type: z.literal('CarPhotosChanged'),
    ...feedBase,
    images: z.array(z.string()).describe('The pictures in order, the cover first'),
  }),
  z.object({ type: z.literal('CarSold'), ...feedBase }),
  z.object({
    type: z.literal('CarDeleted'),
    ...feedBase,
    reason: z.enum(['deleted', 'seller-deleted']),
  }),
]);
export type CarFeedEvent = z.infer<typeof CarFeedEvent>;

export const FeedQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,20}$/, 'Must be a position')
    .optional()
    .describe('Start after this position (Last-Event-ID takes precedence)'),
  follow: z
    .enum(['true', 'false'])
    .default('true')
    .describe('false: send what exists and end the stream'),
});

// ---- what members keep and hear

/** `GET /api/saved-searches`: the caller's saved searches, newest first. */
export const SavedSearchRecord = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.string().describe('The search page’s query: link back with /products?<query>'),
  created_at: z.string().describe('ISO-8601'),
});
export type SavedSearchRecord = z.infer<typeof SavedSearchRecord>;

export const notificationKinds = [
  'booking-requested',
  'booking-accepted',
  'booking-declined',
  'booking-cancelled',
  'booking-ended',
  'price-dropped',
  'favourite-sold',
  'search-matched',
  'webhook-failing',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Header of `GET /api/notifications`: how many of the caller's notifications are unread. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** One notification: what happened, in words, and where to look. */
export const NotificationRecord = z.object({
  _id: z.string(),
  position: z.string().describe('The position of the event it was made from; mark read up to it'),
  kind: NotificationKind,
  message: z.string(),
  link: z.string().describe('A path of the web app to open'),
  car_id: z.string().optional().describe('Absent when it is not about a car'),
  car_name: z.string().optional().describe('Absent when the car is gone'),
  car_image: z.string().optional(),
  at: z.string().describe('ISO-8601'),
  read: z.boolean(),
  details: z.record(z.string(), z.unknown()),
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;

/** The messages of `GET /api/notifications/stream` (server-sent events). */
export const NotificationStreamMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notification'),
    notification: NotificationRecord,
    unread: z.number(),
  }),
  z.object({ type: z.literal('unread'), unread: z.number() }),
]);
export type NotificationStreamMessage = z.infer<typeof NotificationStreamMessage>;

// ---- time travel: a car, user or category as it was (admins)

export const auditSubjectTypes = ['car', 'user', 'category'] as const;

export const AuditSubjectParams = z.object({
  type: z.enum(auditSubjectTypes, { error: 'Must be car, user or category' }),
  id: z.string().trim().min(1).max(200),
});
export type AuditSubjectParams = z.infer<typeof AuditSubjectParams>;

const moment = z.iso.datetime({ offset: true, error: 'Must be an ISO-8601 date and time' });
const storePosition = z.string().regex(/^\d{1,20}$/, 'Must be a position');

/** `GET /api/audit/state/:type/:id`: as it was at a moment, or at a position; now when neither. */
export const AuditStateQuery = z
  .object({
    at: moment.optional().describe('As it was at this moment'),
    position: storePosition
      .optional()
      .describe('As it was once the event at this position applied'),
  })
  .refine((q) => q.at === undefined || q.position === undefined, {
    error: 'Give a moment or a position, not both',
    path: ['position'],
  });
export type AuditStateQuery = z.infer<typeof AuditStateQuery>;

/** Who did it, and when: an event of the subject's stream. */
const AuditEventRef = z.object({
  position: z.string(),
  eventType: z.string(),
  at: z.string(),
  actor: z.object({ uid: z.string(), email: z.string(), role: z.string() }),
});

export const AuditState = z.object({
  subject: z.object({ type: z.enum(auditSubjectTypes), id: z.string() }),
  exists: z.boolean().describe('False before its first event'),
  version: z.number().int().describe('Events folded, minus one (-1: none)'),
  lastEvent: AuditEventRef.optional().describe('The last event folded'),
  state: z
    .record(z.string(), z.unknown())
    .describe(
      'The state the decisions see, folded by the same code (never a phone or email of a buyer)',
    ),
});
export type AuditState = z.infer<typeof AuditState>;

/** `GET /api/audit/changes/:type/:id`: what changed between two moments, event by event. */
export const AuditChangesQuery = PageQuery.extend({
  from: moment.optional().describe('After this moment (the first event when left out)'),
  to: moment.optional().describe('Up to this moment (now when left out)'),
});
export type AuditChangesQuery = z.infer<typeof AuditChangesQuery>;

export const AuditChange = AuditEventRef.extend({
  changes: z
    .array(z.object({ path: z.string(), before: z.unknown(), after: z.unknown() }))
    .describe('Each field of the state the event changed, with its value before and after'),
});
export type AuditChange = z.infer<typeof AuditChange>;

// ---- integrators: API keys and webhooks (admins, and keys that manage webhooks)

export const ApiKeyScope = z.enum(apiKeyScopes);

/** `GET /api/api-keys`: an issued key, never its secret or its hash. */
export const ApiKeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  prefix: z.string().describe('The start of the key, to recognise it by: sgk_<id>_ and more'),
  createdAt: z.string().describe('ISO-8601'),
  createdBy: z.string().describe('The email of the admin who issued it'),
  lastUsedAt: z.string().nullable().describe('ISO-8601, to the minute; null when never used'),
  revokedAt: z.string().nullable().describe('ISO-8601; null while it may be used'),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export const webhookStatuses = ['active', 'paused', 'failing'] as const;
export const WebhookStatus = z.enum(webhookStatuses);
export type WebhookStatus = z.infer<typeof WebhookStatus>;

/** The latest attempt at a delivery: its HTTP status, or why there was none. */
export const WebhookAttemptSummary = z.object({
  at: z.string().describe('ISO-8601'),
  ok: z.boolean().describe('A 2xx answer'),
  statusCode: z.number().int().optional(),
  error: z.string().optional().describe('Why no answer came (refused address, timeout, ...)'),
  messageId: z.string(),
  eventType: z.string(),
});

/** `GET /api/webhooks`, `GET /api/webhooks/:id`: an endpoint, never its signing secret. */
export const WebhookRecord = z.object({
  id: z.string(),
  url: z.string(),
  types: z.array(z.enum(carEventTypes)),
  description: z.string(),
  status: WebhookStatus.describe(
    'active; paused (its messages wait); failing (a message was given up after its last attempt)',
  ),
  createdAt: z.string().describe('ISO-8601'),
  createdBy: z.string().describe('Who registered it: an admin email, or an API key name'),
  pending: z.number().int().describe('Messages waiting for delivery'),
  lastDelivery: WebhookAttemptSummary.nullable().describe('The latest attempt; null before any'),
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

/** `GET /api/webhooks/:id/deliveries`: one attempt at delivering one message, newest first. */
export const WebhookDeliveryRecord = z.object({
  messageId: z.string().describe('The `webhook-id` header: the same on every attempt and replay'),
  attempt: z.number().int().describe('1 for the first attempt'),
  position: z.string().describe("The car event's position (the feed's id)"),
  eventId: z.string(),
  eventType: z.string(),
  ok: z.boolean(),
  statusCode: z.number().int().optional(),
  error: z.string().optional(),
  latencyMs: z.number().int().describe('Until the answer (or the failure)'),
  response: z.string().describe('The start of the answer body, at most 1 KB'),
  at: z.string().describe('ISO-8601'),
  nextAttemptAt: z
    .string()
    .optional()
    .describe('When it is tried again; absent once delivered or given up'),
  replay: z.boolean().describe('Sent again by a replay'),
});
export type WebhookDeliveryRecord = z.infer<typeof WebhookDeliveryRecord>;

// ---- operations: GET /api/ops/status (admins), what the operations page shows

const OpsLag = {
  name: z.string(),
  position: z
    .string()
    .nullable()
    .describe('The last event it has applied (passed); null: none yet'),
  lagEvents: z.number().int().describe('Events in the store after it, counted up to 10,000'),
  lagEventsCapped: z.boolean().describe('True when there are 10,000 or more'),
  lagSeconds: z.number().describe('Age of the oldest event it has not applied; 0 when caught up'),
  parked: z.number().int().describe('Events it could not apply and passed over'),
};

export const OpsStatus = z.object({
  at: z.string().describe('ISO-8601 time of this look'),
  head: z.string().nullable().describe("The store's last position; null when it is empty"),
  projections: z.array(
    z.object({
      ...OpsLag,
      eventsApplied: z
        .number()
        .int()
        .describe('Events it has applied in all; its rate is the change between two looks'),
      updatedAt: z.string().describe('When its checkpoint last moved'),
      refused: z
        .string()
        .nullable()
        .describe('Why it stopped: its checkpoint belongs to another store; rebuild'),
    }),
  ),
  reactors: z.array(
    z.object({
      ...OpsLag,
      failing: z
        .object({
          position: z.string(),
          attempts: z.number().int(),
          since: z.string(),
          lastError: z.string(),
          nextAttemptAt: z.string(),
        })
        .nullable()
        .describe('Set while an effect keeps failing; it is retried with backoff'),
    }),
  ),
  failedDeliveries: z
    .array(WebhookDeliveryRecord.extend({ endpointId: z.string(), url: z.string() }))
    .describe('The last failed webhook delivery attempts, newest first (at most 10)'),
  pendingMigrations: z.array(z.string()),
  unfinishedRebuild: z.boolean(),
  rebuild: z.object({
    command: z.string().describe('What an operator runs to rebuild every projection'),
    docs: z.string(),
  }),
});
export type OpsStatus = z.infer<typeof OpsStatus>;
