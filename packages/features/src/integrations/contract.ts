// The integrators' HTTP contract: API keys, webhooks, and the car feed's messages.

import { z } from 'zod';
import { bookingFeedEvents } from '../bookings/contract.ts';
import { CarDetailsAnswer } from '../cars/contract.ts';
import {
  DeleteAnswer,
  feedBase,
  IdParams,
  InsertAnswer,
  optionalText,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { TEXT_MAX } from '../platform/rules.ts';
import { ApiKeyScope, apiKeyScopes, carEventTypes } from './events.ts';

// ---- integrators: API keys and webhooks

/** POST /api/api-keys */
export const IssueApiKeyBody = z.strictObject({
  name: requiredText(60).describe('Whose key it is, or what it is for'),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: `Must be one of ${apiKeyScopes.join(', ')}` }), {
      error: 'Must be a list of scopes',
    })
    .min(1, 'Give at least one scope')
    .describe('feed:read (the car feed), webhooks:manage (the webhook calls)'),
});
export type IssueApiKeyBody = z.input<typeof IssueApiKeyBody>;

/** The answer to POST /api/api-keys: the key itself, shown this once. */
export const IssuedApiKeyAnswer = InsertAnswer.extend({
  key: z.string().describe('The key, shown this once: send it as `Authorization: Bearer <key>`'),
  prefix: z.string().describe('How the key list shows it'),
});
export type IssuedApiKeyAnswer = z.infer<typeof IssuedApiKeyAnswer>;

/** Where a webhook is sent: an http(s) URL without a user name or password in it. */
export const webhookTargetUrl = requiredText(TEXT_MAX.url).superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Must be an http or https URL' });
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: 'Must be an http or https URL' });
  } else if (url.username !== '' || url.password !== '') {
    ctx.addIssue({ code: 'custom', message: 'Must not carry a user name or password' });
  }
});

/** POST /api/webhooks */
export const RegisterWebhookBody = z.strictObject({
  url: webhookTargetUrl.describe(
    'http or https; its host must resolve to public addresses (docs/integrator-feed.md)',
  ),
  types: z
    .array(z.enum(carEventTypes, { error: `Must be one of ${carEventTypes.join(', ')}` }), {
      error: 'Must be a list of car event types',
    })
    .min(1, 'Give at least one event type')
    .describe('The car events to deliver, named as on the feed'),
  description: optionalText(200).describe('What it is for'),
});
export type RegisterWebhookBody = z.input<typeof RegisterWebhookBody>;

/** The answer to POST /api/webhooks: the signing secret, shown this once. */
export const RegisteredWebhookAnswer = InsertAnswer.extend({
  secret: z.string().describe('The signing secret (Standard Webhooks, whsec_...), shown this once'),
});
export type RegisteredWebhookAnswer = z.infer<typeof RegisteredWebhookAnswer>;

/** POST /api/webhooks/:id/replay */
export const ReplayWebhookBody = z.strictObject({
  fromPosition: requiredText(20)
    .regex(/^\d+$/, 'Must be a position')
    .describe("Deliver again the endpoint's events after this position (a feed id)"),
});
export type ReplayWebhookBody = z.input<typeof ReplayWebhookBody>;

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

// ---- integrators: API keys and webhooks (admins, and keys that manage webhooks)

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
  ownerKeyId: z
    .string()
    .nullable()
    .describe(
      'The API key that registered it, which alone (with admins) sees and manages it; null for an admin’s',
    ),
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

/** The write calls of this feature, by operation id (see `writeCalls`). */
export const integrationWriteCalls = {
  issueApiKey: {
    method: 'POST',
    path: '/api/api-keys',
    body: IssueApiKeyBody,
    answer: IssuedApiKeyAnswer,
    auth: 'admin',
    summary: 'Issue an API key for an integrator; the answer shows the key this once',
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/api-keys/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'admin',
    summary: 'Revoke an API key: refused at once (deletedCount 0: it was revoked already)',
  },
  registerWebhook: {
    method: 'POST',
    path: '/api/webhooks',
    body: RegisterWebhookBody,
    answer: RegisteredWebhookAnswer,
    auth: 'webhook-manager',
    summary: 'Register a webhook endpoint; the answer shows its signing secret this once',
  },
  pauseWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/pause',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Hold a webhook's deliveries (modifiedCount 0: it was paused already)",
  },
  resumeWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/resume',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Deliver a paused webhook's messages again (modifiedCount 0: it was not paused)",
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'webhook-manager',
    summary: 'Delete a webhook endpoint; its waiting messages are dropped',
  },
  replayWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/replay',
    params: IdParams,
    body: ReplayWebhookBody,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Deliver a webhook's events after a position again, with their first webhook ids",
  },
} as const;
