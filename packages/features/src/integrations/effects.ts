// What the integrators' events change in other features' tables: the audit log.

import type { Describe } from '../audit/index.ts';

export const describeApiKey: Describe = (event) => {
  switch (event.type) {
    case 'ApiKeyIssued':
      return {
        action: 'issued the API key',
        subjectType: 'api-key',
        subjectId: event.data.keyId,
        label: event.data.name,
        details: { scopes: event.data.scopes, prefix: event.data.prefix },
      };
    case 'ApiKeyRevoked':
      return { action: 'revoked the API key', subjectType: 'api-key', subjectId: event.data.keyId };
    default:
      return undefined;
  }
};

/** Integrators' webhooks: never a signing secret. */
export const describeWebhook: Describe = (event) => {
  switch (event.type) {
    case 'WebhookEndpointRegistered':
      return {
        action: 'registered the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        label: event.data.url,
        details: { url: event.data.url, types: event.data.types },
      };
    case 'WebhookEndpointPaused':
      return {
        action: 'paused the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookEndpointResumed':
      return {
        action: 'resumed the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookEndpointDeleted':
      return {
        action: 'deleted the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookReplayRequested':
      return {
        action: 'replayed the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        details: { fromPosition: event.data.fromPosition },
      };
    case 'WebhookEndpointFailing':
      return {
        action: 'webhook failing',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        details: {
          messageId: event.data.messageId,
          position: event.data.eventPosition,
          attempts: event.data.attempts,
          lastError: event.data.lastError,
        },
      };
    case 'WebhookEndpointRecovered':
      return {
        action: 'webhook delivering again',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    default:
      return undefined;
  }
};
