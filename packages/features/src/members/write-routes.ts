import { randomUUID } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { memberWriteCalls } from './contract.ts';

export type MemberRoutesOptions = { run: RunCommand; store: EventStore };

/** What a signed-in user keeps: favourite cars, saved searches, and notifications read. */
export async function memberWriteRoutes(app: ServiceApp, { run, store }: MemberRoutesOptions) {
  idCommandRoute(app, run, memberWriteCalls, 'favouriteCar', {
    command: (carId, actor) => ({ type: 'FavouriteCar', actor, data: { carId } }),
    count: 'modifiedCount',
  });
  idCommandRoute(app, run, memberWriteCalls, 'unfavouriteCar', {
    command: (carId, actor) => ({ type: 'UnfavouriteCar', actor, data: { carId } }),
    count: 'deletedCount',
  });

  const save = memberWriteCalls.saveSearch;
  app.route({
    ...writeRoute(memberWriteCalls, 'saveSearch'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(memberWriteCalls, 'saveSearch').schema,
      headers: CommandHeaders,
      body: save.body,
      response: answerSchemas(save.answer, [201]),
    },
    handler: async (request, reply) => {
      const searchId = randomUUID();
      const { name, query } = request.body;
      return run(request, reply, {
        command: { type: 'SaveSearch', actor: actorOf(request), data: { searchId, name, query } },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: searchId },
        }),
      });
    },
  });

  idCommandRoute(app, run, memberWriteCalls, 'deleteSavedSearch', {
    command: (searchId, actor) => ({ type: 'DeleteSavedSearch', actor, data: { searchId } }),
    count: 'deletedCount',
  });

  const read = memberWriteCalls.readNotifications;
  app.route({
    ...writeRoute(memberWriteCalls, 'readNotifications'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(memberWriteCalls, 'readNotifications').schema,
      headers: CommandHeaders,
      body: read.body,
      response: answerSchemas(read.answer, [200]),
    },
    handler: async (request, reply) => {
      // A notification is never newer than the store's head: "all of them" is up to the head,
      // and a position beyond it is read as the head, so later notifications stay unread.
      const head = (await store.headPosition()) ?? 0n;
      const wanted = request.body.upTo === undefined ? head : BigInt(request.body.upTo);
      const upTo = (wanted < head ? wanted : head).toString();
      return run(request, reply, {
        command: { type: 'ReadNotifications', actor: actorOf(request), data: { upTo } },
        answer: (decision) => ({
          status: 200,
          body: {
            acknowledged: true as const,
            modifiedCount: decision.appends.length > 0 ? 1 : 0,
          },
        }),
      });
    },
  });
}
