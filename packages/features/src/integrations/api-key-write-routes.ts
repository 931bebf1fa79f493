import { newApiKey } from '@second-gear/identity';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { integrationWriteCalls } from './contract.ts';

/** Admins issue and revoke integrators' API keys. */
export async function apiKeyWriteRoutes(app: ServiceApp, { run }: { run: RunCommand }) {
  const issue = integrationWriteCalls.issueApiKey;
  app.route({
    ...writeRoute(integrationWriteCalls, 'issueApiKey'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(integrationWriteCalls, 'issueApiKey').schema,
      headers: CommandHeaders,
      body: issue.body,
      response: answerSchemas(issue.answer, [201]),
    },
    handler: async (request, reply) => {
      const made = newApiKey();
      const { name, scopes } = request.body;
      return run(request, reply, {
        command: {
          type: 'IssueApiKey',
          actor: actorOf(request),
          data: {
            keyId: made.keyId,
            name,
            scopes,
            prefix: made.prefix,
            secretHash: made.secretHash,
          },
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: made.keyId, prefix: made.prefix },
        }),
        // The key is in this answer only: an answer kept for an Idempotency-Key has no key in
        // it, and a key cannot be shown twice.
        reveal: async (body, replayed) => {
          if (replayed) {
            throw HttpProblem.conflict(
              `The key ${body.prefix}... was issued by the first request with this Idempotency-Key, and a key is shown only once: revoke it and issue another.`,
            );
          }
          return { key: made.key };
        },
      });
    },
  });

  idCommandRoute(app, run, integrationWriteCalls, 'revokeApiKey', {
    command: (keyId, actor) => ({ type: 'RevokeApiKey', actor, data: { keyId } }),
    count: 'deletedCount',
  });
}
