import type { ServiceApp } from '@second-gear/service-http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import type { IdParams } from '../../contract/fields.ts';
import type { Command } from '../../registry/commands.ts';
import type { Actor } from '../../registry/events.ts';
import type { Decision } from '../decision.ts';
import { actorOf, CommandHeaders, type RunCommand } from './command-route.ts';
import { answerSchemas, authenticated, type WriteCallSpec, writeRoute } from './route-options.ts';

/** A call on one thing named by the path: its contract has the id as `params`. */
type IdCall = WriteCallSpec & { params: typeof IdParams; answer: ZodType };

/**
 * A command on one thing named by the path (`/:id`): a service token, the command headers, one
 * command from the id and the caller, and an answer of 200 that counts the one thing changed,
 * as the API's clients read it: `modifiedCount` for an update, `deletedCount` for a deletion;
 * 0 when the command found nothing to change (a favourite kept twice) and appended nothing.
 */
export function idCommandRoute(
  app: ServiceApp,
  run: RunCommand,
  name: string,
  call: IdCall,
  route: {
    command: (id: string, actor: Actor) => Command;
    count: 'modifiedCount' | 'deletedCount';
    /** Who may call: a service token by default (the webhook calls take an API key too). */
    onRequest?: onRequestAsyncHookHandler;
  },
): void {
  const { schema, ...target } = writeRoute(name, call);
  app.route({
    ...target,
    onRequest: route.onRequest ?? authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      params: call.params,
      response: answerSchemas(call.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: route.command(request.params.id, actorOf(request)),
        answer: (decision: Decision) => ({
          status: 200,
          body: { acknowledged: true as const, [route.count]: decision.appends.length > 0 ? 1 : 0 },
        }),
      }),
  });
}
