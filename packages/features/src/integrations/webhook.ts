import type { Actor, DomainEvent } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { UserState } from '../users/index.ts';
import { requireAdmin, requireSystem } from '../users/index.ts';
import { type ApiKeyState, apiKeyIdOf } from './api-key.ts';
import type { CarEventType } from './events.ts';
import { reject } from './rules.ts';

/** A webhook endpoint, from stream `webhook-<endpointId>`. */
export type WebhookState =
  | { status: 'none' }
  | {
      status: 'registered';
      endpointId: string;
      url: string;
      types: readonly CarEventType[];
      description: string;
      /** Paused by an admin: its messages wait until it is resumed. */
      paused: boolean;
      /** The deliverer gave up on a message, and none has succeeded since. */
      failing: boolean;
      /** The API key that registered it; absent for an admin's. */
      ownerKeyId?: string;
    }
  | { status: 'deleted'; endpointId: string };

export type RegisteredWebhook = Extract<WebhookState, { status: 'registered' }>;

export const initialWebhookState = (): WebhookState => ({ status: 'none' });

export const evolveWebhook = (state: WebhookState, event: DomainEvent): WebhookState => {
  switch (event.type) {
    case 'WebhookEndpointRegistered': {
      const { endpointId, url, types, description, ownerKeyId } = event.data;
      return {
        status: 'registered',
        endpointId,
        url,
        types,
        description,
        paused: false,
        failing: false,
        ...(ownerKeyId === undefined ? {} : { ownerKeyId }),
      };
    }
    case 'WebhookEndpointPaused':
      return state.status === 'registered' ? { ...state, paused: true } : state;
    case 'WebhookEndpointResumed':
      return state.status === 'registered' ? { ...state, paused: false } : state;
    case 'WebhookEndpointFailing':
      return state.status === 'registered' ? { ...state, failing: true } : state;
    case 'WebhookEndpointRecovered':
      return state.status === 'registered' ? { ...state, failing: false } : state;
    case 'WebhookEndpointDeleted':
      return { status: 'deleted', endpointId: event.data.endpointId };
    default:
      return state;
  }
};

/** Who manages webhooks: an admin (by their user stream), or an API key (by its own stream). */
export type WebhookManager = { actorUser: UserState } | { actorKey: ApiKeyState };

/** What a webhook command reads to know its caller: the key's stream for a key, else the user's. */
export const readWebhookManager = (actor: Actor, read: StreamReads): WebhookManager => {
  const keyId = apiKeyIdOf(actor);
  return keyId === undefined
    ? { actorUser: read.user(actor.uid) }
    : { actorKey: read.apiKey(keyId) };
};

/**
 * An admin (or System), or an active API key with the `webhooks:manage` scope. A key's rights
 * come from its stream, never from the request: a revoked key is refused at the next command.
 */
export const requireWebhookManager = (actor: Actor, manager: WebhookManager): void => {
  if ('actorKey' in manager) {
    const key = manager.actorKey;
    if (key.status !== 'active') reject('api-key-revoked', 'This API key was revoked.');
    if (!key.scopes.includes('webhooks:manage'))
      reject('api-key-scope-required', 'This API key may not manage webhooks.');
    return;
  }
  requireAdmin(actor, manager.actorUser);
};

/** Only the System actor (the deliverer) reports an endpoint's health. */
export const requireDeliverer = (actor: Actor): void =>
  requireSystem(actor, 'Only the webhook deliverer reports this.');

/**
 * A live endpoint the manager may see, or 404: an admin sees every endpoint, a key only those it
 * registered (another's is answered as if it did not exist, so its ids reveal nothing).
 */
export const requireWebhook = (
  webhook: WebhookState,
  manager: WebhookManager,
): RegisteredWebhook => {
  if (webhook.status !== 'registered') reject('webhook-not-found', 'No such webhook.');
  if ('actorKey' in manager) {
    const key = manager.actorKey;
    if (key.status === 'none' || webhook.ownerKeyId !== key.keyId)
      reject('webhook-not-found', 'No such webhook.');
  }
  return webhook;
};
