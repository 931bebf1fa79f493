import type { ServiceApp } from '@second-gear/service-http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { output, ZodType } from 'zod';
import type { IdParams } from '../../contract/fields.ts';
import type { Command } from '../../registry/commands.ts';
import type { Actor } from '../../registry/events.ts';
import type { Decision } from '../decision.ts';
import { actorOf, CommandHeaders, type RunCommand } from './command-route.ts';
import { answerSchemas, authenticated, type WriteCallSpec, writeRoute } from './route-options.ts';

/** A call on one thing named by the path: its contract has the id as `params`, maybe a body. */
type IdCall = WriteCallSpec & { params: typeof IdParams; answer: ZodType; body?: ZodType };

/** The body of a call as its contract reads it; undefined for a call without one. */
type BodyOf<Call> = Call extends { body: ZodType } ? output<Call['body']> : undefined;

/** The names of the calls in `Calls` on one thing named by the path. */
type IdCallName<Calls> = {
  [Name in keyof Calls]: Calls[Name] extends IdCall ? Name : never;
}[keyof Calls] &
  string;

/**
 * A command on one thing named by the path (`/:id`): a service token, the command headers, one
 * command from the id, the caller and the body (for a call that has one), and an answer of 200
 * that counts the one thing changed, as the API's clients read it: `modifiedCount` for an
 * update, `deletedCount` for a deletion; 0 when the command found nothing to change (a favourite
 * kept twice) and appended nothing.
 */
export function idCommandRoute<
  Calls extends Record<string, WriteCallSpec>,
  Name extends IdCallName<Calls>,
>(
  app: ServiceApp,
  run: RunCommand,
  calls: Calls,
  name: Name,
  route: {
    command: (id: string, actor: Actor, body: BodyOf<Calls[Name]>) => Command;
    count: 'modifiedCount' | 'deletedCount';
    /** Who may call: a service token by default (the webhook calls take an API key too). */
    onRequest?: onRequestAsyncHookHandler;
  },
): void {
  const call = calls[name] as IdCall;
  const { schema, ...target } = writeRoute(calls, name);
  app.route({
    ...target,
    onRequest: route.onRequest ?? authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      params: call.params,
      ...(call.body === undefined ? {} : { body: call.body }),
      response: answerSchemas(call.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: route.command(
          request.params.id,
          actorOf(request),
          request.body as BodyOf<Calls[Name]>,
        ),
        answer: (decision: Decision) => ({
          status: 200,
          body: { acknowledged: true as const, [route.count]: decision.appends.length > 0 ? 1 : 0 },
        }),
      }),
  });
}
