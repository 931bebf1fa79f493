import { randomUUID } from 'node:crypto';
import { writeCalls } from '@second-gear/contracts';
import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../route-options.ts';

export async function categoryRoutes(app: ServiceApp, { run }: { run: RunCommand }) {
  const create = writeCalls.createCategory;
  app.route({
    ...writeRoute(create),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(create).schema,
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

  const remove = writeCalls.deleteCategory;
  app.route({
    ...writeRoute(remove),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(remove).schema,
      headers: CommandHeaders,
      params: remove.params,
      response: answerSchemas(remove.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: {
          type: 'DeleteCategory',
          actor: actorOf(request),
          data: { categoryId: request.params.id },
        },
        answer: () => ({ status: 200, body: { acknowledged: true as const, deletedCount: 1 } }),
      }),
  });
}
