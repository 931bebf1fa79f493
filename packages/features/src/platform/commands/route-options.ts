import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import type { WriteAuth } from '../../contract/fields.ts';

/** Who may call, in the words of the OpenAPI document. */
const authText: Record<WriteAuth, string> = {
  identity: 'A signed-in Firebase identity: `Authorization: Bearer <Firebase ID token>`.',
  user: 'Any registered user: `Authorization: bearer <service token>`.',
  buyer: 'A Buyer: `Authorization: bearer <service token>`.',
  seller: 'A Seller (or an Admin): `Authorization: bearer <service token>`.',
  'owning-seller': "The car's seller: `Authorization: bearer <service token>`.",
  'owning-seller-or-admin':
    "The car's seller, or an Admin: `Authorization: bearer <service token>`.",
  'booking-seller': 'The seller of the booked car: `Authorization: bearer <service token>`.',
  'booking-party':
    "The booking's buyer, or the seller of its car: `Authorization: bearer <service token>`.",
  'conversation-party':
    "The conversation's buyer or seller: `Authorization: bearer <service token>`.",
  admin: 'An Admin: `Authorization: bearer <service token>`.',
  'webhook-manager':
    'An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`).',
};

/** A service token; for the webhook calls, an API key too. */
const securityOf = (auth: WriteAuth): Record<string, string[]>[] =>
  auth === 'webhook-manager' ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];

/** A write call as its feature's contract declares it (`bookingWriteCalls.bookCar`, ...). */
export type WriteCallSpec = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: WriteAuth;
  summary: string;
};

/**
 * Method, path and the documentation of the call `name` of a feature's write calls. Its name
 * there (`listCar`, `bookCar`, ...) is its `operationId`, the name a generated client calls it by.
 */
export function writeRoute<Calls extends Record<string, WriteCallSpec>>(
  calls: Calls,
  name: keyof Calls & string,
) {
  const call = calls[name] as WriteCallSpec;
  return {
    method: call.method,
    url: call.path,
    schema: {
      operationId: name,
      summary: call.summary,
      description:
        call.auth === 'webhook-manager'
          ? `${authText[call.auth]} The role, or the key's scopes, are the current ones, from their own record.`
          : `${authText[call.auth]} The role is the caller's current one, from their own user record.`,
      tags: ['commands'],
      security: securityOf(call.auth),
    },
  };
}

/**
 * The error statuses of every command: a bad request or header (400), no valid token (401), a
 * role or owner that may not (403), a thing that does not exist (404), a rule or a race (409),
 * a stream deleted for good (410), a body too large (413) or not JSON (415), the rate limit
 * (429).
 */
export const commandProblems = [400, 401, 403, 404, 409, 410, 413, 415, 429] as const;

/**
 * The answer schema under each success status a call may answer with, and the problem body
 * under each error status (documentation only: problems are sent already serialized).
 */
export function answerSchemas<T extends ZodType>(answer: T, statuses: number[]) {
  return {
    ...Object.fromEntries(statuses.map((status) => [status, answer])),
    ...problemAnswers(...commandProblems),
  } as Record<number, T>;
}

/** Requires a valid service token before anything else runs (401 otherwise). */
export function authenticated(app: ServiceApp): onRequestAsyncHookHandler {
  return app.authenticate as unknown as onRequestAsyncHookHandler;
}
