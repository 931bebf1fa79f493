import { randomUUID } from 'node:crypto';
import { EVENT_POSITION_HEADER } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Command } from '../../registry/commands.ts';
import type { Actor } from '../../registry/events.ts';
import type { Decision } from '../decision.ts';
import type { CommandHandler } from './command-handler.ts';
import { answeringDomainErrors } from './domain-errors.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyFrom,
  idempotencyStream,
  requestFingerprint,
} from './idempotency.ts';

export const CORRELATION_ID_HEADER = 'x-correlation-id';
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const correlationPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The headers a command reads besides authorization, for validation and the OpenAPI document.
 * A loose object: every other header passes through untouched.
 */
export const CommandHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'Must be 1 to 128 letters, digits or _ . : -')
    .optional()
    .describe('Makes a retry safe: the same key (per user) gets the same answer, once'),
  [CORRELATION_ID_HEADER]: z
    .string()
    .optional()
    .describe('Ties the events of this request to a wider operation; a new one when absent'),
});

/** The correlation id a request carries, or a new one. */
export function correlationIdOf(request: FastifyRequest): string {
  const raw = request.headers[CORRELATION_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && correlationPattern.test(value) ? value : randomUUID();
}

export type RunCommand = <Body extends Record<string, unknown>>(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: {
    command: Command;
    answer: (decision: Decision) => { status: number; body: Body };
    /** See `CommandSpec.check`. */
    check?: (decision: Decision) => Promise<void>;
    /**
     * What the answer shows once and the store must never keep (a key, a signing secret): added
     * to the body sent, never to the answer stored under an Idempotency-Key. `replayed` says
     * the body is that stored answer, from an earlier request.
     */
    reveal?: (body: Body, replayed: boolean) => Promise<Record<string, unknown>>;
  },
) => Promise<FastifyReply>;

/**
 * Runs a route's command through the handler and answers: the status and body the command
 * gave, the position of its last event in the body and in `X-Event-Position`, and the
 * correlation id. An `Idempotency-Key` is scoped to the command's actor.
 */
export function commandRunner(
  handler: CommandHandler,
  options: { idempotency: boolean } = { idempotency: true },
): RunCommand {
  return async (request, reply, spec) => {
    const actor: Actor = spec.command.actor;
    const key = options.idempotency ? idempotencyKeyFrom(request.headers) : undefined;
    const correlationId = correlationIdOf(request);
    const answer = await answeringDomainErrors(() =>
      handler.execute(
        {
          correlationId,
          commandId: randomUUID(),
          idempotency:
            key === undefined
              ? undefined
              : {
                  stream: idempotencyStream(actor.uid, key),
                  fingerprint: requestFingerprint(
                    actor.uid,
                    request.method,
                    request.url,
                    request.body,
                  ),
                },
        },
        spec,
      ),
    );
    const shown = spec.reveal ? await spec.reveal(answer.body, answer.replayed) : {};
    reply.header(EVENT_POSITION_HEADER, answer.body.position);
    reply.header(CORRELATION_ID_HEADER, correlationId);
    if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
    return reply.code(answer.status).send({ ...answer.body, ...shown });
  };
}

/**
 * The caller of a route that requires a service token (set by `authenticate`), or an API key
 * (set by `authenticatedOrApiKey`, on the calls keys may make).
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.apiKeyActor) return request.apiKeyActor;
  const { actor } = request;
  if (!actor) throw new Error('actorOf: the route did not authenticate');
  return { uid: actor.uid, email: actor.email, role: actor.role };
}
