import { randomUUID } from 'node:crypto';
import { writeCalls } from '@second-gear/features/contract';
import {
  actorOf,
  CommandHeaders,
  type RunCommand,
} from '@second-gear/features/platform/commands/command-route.ts';
import { idCommandRoute } from '@second-gear/features/platform/commands/id-command-route.ts';
import {
  answerSchemas,
  authenticated,
  writeRoute,
} from '@second-gear/features/platform/commands/route-options.ts';
import type { ServiceApp } from '@second-gear/service-http';

export async function categoryRoutes(app: ServiceApp, { run }: { run: RunCommand }) {
  const create = writeCalls.createCategory;
  app.route({
    ...writeRoute('createCategory'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute('createCategory').schema,
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

  idCommandRoute(app, run, 'deleteCategory', {
    command: (categoryId, actor) => ({ type: 'DeleteCategory', actor, data: { categoryId } }),
    count: 'deletedCount',
  });
}
