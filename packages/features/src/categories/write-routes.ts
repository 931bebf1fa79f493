import { randomUUID } from 'node:crypto';
import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { categoryWriteCalls } from './contract.ts';

export async function categoryWriteRoutes(app: ServiceApp, { run }: { run: RunCommand }) {
  const create = categoryWriteCalls.createCategory;
  app.route({
    ...writeRoute(categoryWriteCalls, 'createCategory'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(categoryWriteCalls, 'createCategory').schema,
      headers: CommandHeaders,
      body: create.body,
      response: answerSchemas(create.answer, [201]),
    },
    handler: async (request, reply) => {
      const categoryId = randomUUID();
      return run(request, reply, {
        command: {
          type: 'CreateCategory',
          actor: actorOf(request),
          data: { categoryId, name: request.body.name },
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: categoryId },
        }),
      });
    },
  });

  idCommandRoute(app, run, categoryWriteCalls, 'deleteCategory', {
    command: (categoryId, actor) => ({ type: 'DeleteCategory', actor, data: { categoryId } }),
    count: 'deletedCount',
  });
}
