import { randomUUID } from 'node:crypto';
import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { moderationWriteCalls } from './contract.ts';

/** `POST /api/reports`: a signed-in user reports a car, a user or a message. */
function fileReportRoute(app: ServiceApp, run: RunCommand) {
  const call = moderationWriteCalls.fileReport;
  const { schema, ...target } = writeRoute(moderationWriteCalls, 'fileReport');
  app.route({
    ...target,
    onRequest: authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      body: call.body,
      response: answerSchemas(call.answer, [201]),
    },
    handler: async (request, reply) => {
      const reportId = randomUUID();
      const { subject, reason, details } = request.body;
      return run(request, reply, {
        command: {
          type: 'FileReport',
          actor: actorOf(request),
          data: { reportId, subject, reason, details: details ?? null },
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: reportId },
        }),
      });
    },
  });
}

/** Reports and what admins do with them. */
export function moderationWriteRoutes(app: ServiceApp, { run }: { run: RunCommand }): void {
  fileReportRoute(app, run);
  idCommandRoute(app, run, moderationWriteCalls, 'resolveReports', {
    command: (groupId, actor, body) => ({
      type: 'ResolveReports',
      actor,
      data: { groupId, ...body },
    }),
    count: 'modifiedCount',
  });
  idCommandRoute(app, run, moderationWriteCalls, 'viewReportedMessage', {
    command: (groupId, actor) => ({ type: 'ViewReportedMessage', actor, data: { groupId } }),
    count: 'modifiedCount',
  });
}
