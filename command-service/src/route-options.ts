import { ProblemAnswer, type WriteAuth } from '@second-gear/contracts';
import type { ServiceApp } from '@second-gear/service-http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';

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
  admin: 'An Admin: `Authorization: bearer <service token>`.',
};

type Call = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: WriteAuth;
  summary: string;
};

/** Method, path and the documentation of a call from the contract. */
export function writeRoute(call: Call) {
  return {
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      description: `${authText[call.auth]} The role is the caller's current one, from their own user record.`,
      tags: ['commands'],
      security: [{ bearer: [] }],
    },
  };
}

const problemStatuses = [400, 401, 403, 404, 409, 413, 415, 429] as const;

/**
 * The answer schema under each success status a call may answer with, and the problem body
 * under each error status (documentation only: problems are sent already serialized).
 */
export function answerSchemas<T extends ZodType>(answer: T, statuses: number[]) {
  return {
    ...Object.fromEntries(statuses.map((status) => [status, answer])),
    ...Object.fromEntries(problemStatuses.map((status) => [status, ProblemAnswer])),
  } as Record<number, T>;
}

/** Requires a valid service token before anything else runs (401 otherwise). */
export function authenticated(app: ServiceApp): onRequestAsyncHookHandler {
  return app.authenticate as unknown as onRequestAsyncHookHandler;
}
