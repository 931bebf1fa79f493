import type { EventStore } from '@second-gear/event-store';
import {
  type Actor,
  apiKeyActor,
  foldStream,
  parseDomainEvent,
  streams,
} from '@second-gear/features';
import { StreamReader } from '@second-gear/features/platform/commands/stream-reader.ts';
import {
  bearerToken,
  looksLikeApiKey,
  parseApiKey,
  secretMatches,
  sendUnauthorized,
} from '@second-gear/identity';
import type { ServiceApp } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was made with, as an actor; null for every other request. */
    apiKeyActor: Actor | null;
  }
}

/**
 * Verifies API keys on the command side, from the key's own stream in the event store: the
 * record the decisions read, so a key revoked a moment ago is refused at the next request, with
 * no read table in between. A key is only authenticated here; what it may do (its scopes) is
 * decided by the command's decision, from the same stream.
 */
export const apiKeyVerifier = (app: ServiceApp, store: EventStore) => {
  app.decorateRequest('apiKeyActor', null);

  const verify = async (token: string): Promise<Actor | undefined> => {
    const parsed = parseApiKey(token);
    if (!parsed) return undefined;
    const events = await new StreamReader(store, parseDomainEvent).read(
      streams.apiKey(parsed.keyId),
    );
    const key = foldStream('apiKey', events);
    if (key.status !== 'active' || !secretMatches(parsed.secret, key.secretHash)) return undefined;
    return apiKeyActor(key);
  };

  /** A service token, or an API key that is live (401 otherwise). */
  const authenticatedOrApiKey: onRequestAsyncHookHandler = async function (
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const token = bearerToken(request);
    if (token === undefined || !looksLikeApiKey(token)) {
      return (app.authenticate as unknown as onRequestAsyncHookHandler).call(this, request, reply);
    }
    const actor = await verify(token);
    if (!actor) {
      return sendUnauthorized(
        reply,
        'This API key is not valid, or was revoked.',
        request.url.split('?')[0],
      );
    }
    request.apiKeyActor = actor;
  };
  return { authenticatedOrApiKey };
};
