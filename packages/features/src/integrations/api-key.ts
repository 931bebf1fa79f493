import type { Actor, DomainEvent } from '../registry/events.ts';
import type { ApiKeyScope } from './events.ts';

/** An integrator's API key, from stream `apikey-<keyId>`. */
export type ApiKeyState =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked';
      keyId: string;
      name: string;
      scopes: readonly ApiKeyScope[];
      prefix: string;
      /** SHA-256 of the key's secret part, hex. */
      secretHash: string;
    };

export const initialApiKeyState = (): ApiKeyState => ({ status: 'none' });

export const evolveApiKey = (state: ApiKeyState, event: DomainEvent): ApiKeyState => {
  switch (event.type) {
    case 'ApiKeyIssued': {
      const { keyId, name, scopes, prefix, secretHash } = event.data;
      return { status: 'active', keyId, name, scopes, prefix, secretHash };
    }
    case 'ApiKeyRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
    default:
      return state;
  }
};

const API_KEY_UID_PREFIX = 'apikey-';

/**
 * The actor of a request made with an API key: its uid names the key's stream, its email is the
 * key's name (what the audit log shows), its role `ApiKey`.
 */
export const apiKeyActor = (key: { keyId: string; name: string }): Actor => ({
  uid: `${API_KEY_UID_PREFIX}${key.keyId}`,
  email: key.name,
  role: 'ApiKey',
});

/** The key an `ApiKey` actor stands for; undefined for every other actor. */
export const apiKeyIdOf = (actor: Actor): string | undefined =>
  actor.role === 'ApiKey' && actor.uid.startsWith(API_KEY_UID_PREFIX)
    ? actor.uid.slice(API_KEY_UID_PREFIX.length)
    : undefined;
