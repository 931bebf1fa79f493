import { z } from 'zod';
import { bookingFeedEventTypes } from '../bookings/events.ts';
import { id } from '../platform/event-fields.ts';

// ---- integrators' API keys: stream `apikey-<keyId>`

/** What a key may do: read the car feed, manage webhooks. */
export const apiKeyScopes = ['feed:read', 'webhooks:manage'] as const;
export const ApiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/**
 * An admin issued a key. Only the SHA-256 hash of its secret part is kept (hex), and a short
 * prefix that lets people recognise it (`sgk_<keyId>_`, nothing of the secret).
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
  ...bookingFeedEventTypes,
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
 * the log, its backups and the audit never hold it. `ownerKeyId`: the API key that registered
 * it, which alone (with admins) sees and manages it; absent for an admin's.
 */
export const WebhookEndpointRegistered = z.object({
  endpointId: id,
  url: z.string(),
  types: z.array(z.enum(carEventTypes)).min(1),
  description: z.string(),
  secretNonce: z.string().min(16),
  ownerKeyId: id.optional(),
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

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const integrationEvents = {
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
