import { randomUUID } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import {
  newSecretNonce,
  type ResolveHost,
  refusedTarget,
  type TargetRules,
  webhookSigningSecret,
} from '@second-gear/webhooks';
import type { onRequestAsyncHookHandler } from 'fastify';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, writeRoute } from '../platform/commands/route-options.ts';
import { parseDomainEvent, streams } from '../registry/events.ts';
import { integrationWriteCalls } from './contract.ts';

export type WebhookRoutesOptions = {
  run: RunCommand;
  store: EventStore;
  /** A service token or an API key (`apiKeyVerifier`). */
  authenticate: onRequestAsyncHookHandler;
  /** The service-token secret, from which every endpoint's signing secret is derived. */
  serverSecret: string;
  /** Which addresses an endpoint's host may resolve to. */
  targets: TargetRules;
  resolve?: ResolveHost;
};

/** Webhook endpoints: registered, paused, resumed, deleted and replayed by their managers. */
export async function webhookWriteRoutes(app: ServiceApp, options: WebhookRoutesOptions) {
  const { run, store, authenticate } = options;

  /** The endpoint's signing secret, from the nonce its registration holds. */
  const secretOf = async (endpointId: string): Promise<string> => {
    const registered = (await store.readStream(streams.webhook(endpointId)))
      .map((event) => parseDomainEvent(event))
      .find((event) => event.type === 'WebhookEndpointRegistered');
    if (registered?.type !== 'WebhookEndpointRegistered') {
      throw new Error(`Webhook ${endpointId} has no registration`);
    }
    return webhookSigningSecret(options.serverSecret, endpointId, registered.data.secretNonce);
  };

  const register = integrationWriteCalls.registerWebhook;
  app.route({
    ...writeRoute(integrationWriteCalls, 'registerWebhook'),
    onRequest: authenticate,
    schema: {
      ...writeRoute(integrationWriteCalls, 'registerWebhook').schema,
      headers: CommandHeaders,
      body: register.body,
      response: answerSchemas(register.answer, [201]),
    },
    handler: async (request, reply) => {
      const endpointId = randomUUID();
      const { url, types, description } = request.body;
      return run(request, reply, {
        command: {
          type: 'RegisterWebhook',
          actor: actorOf(request),
          data: {
            endpointId,
            url,
            types,
            description: description ?? '',
            secretNonce: newSecretNonce(),
          },
        },
        // After the decision (the caller may register; the URL is well formed), before the
        // append: the host must resolve to addresses webhooks may reach.
        check: async () => {
          const refusal = await refusedTarget(url, options.targets, options.resolve);
          if (refusal) {
            throw HttpProblem.badRequest('The URL may not receive webhooks.', [
              { field: 'url', message: refusal },
            ]);
          }
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: endpointId },
        }),
        // Derived again from the stored registration, so a replayed answer shows it too.
        reveal: async (body) => ({ secret: await secretOf(body.insertedId) }),
      });
    },
  });

  idCommandRoute(app, run, integrationWriteCalls, 'pauseWebhook', {
    command: (endpointId, actor) => ({ type: 'PauseWebhook', actor, data: { endpointId } }),
    count: 'modifiedCount',
    onRequest: authenticate,
  });
  idCommandRoute(app, run, integrationWriteCalls, 'resumeWebhook', {
    command: (endpointId, actor) => ({ type: 'ResumeWebhook', actor, data: { endpointId } }),
    count: 'modifiedCount',
    onRequest: authenticate,
  });
  idCommandRoute(app, run, integrationWriteCalls, 'deleteWebhook', {
    command: (endpointId, actor) => ({ type: 'DeleteWebhook', actor, data: { endpointId } }),
    count: 'deletedCount',
    onRequest: authenticate,
  });

  const replay = integrationWriteCalls.replayWebhook;
  app.route({
    ...writeRoute(integrationWriteCalls, 'replayWebhook'),
    onRequest: authenticate,
    schema: {
      ...writeRoute(integrationWriteCalls, 'replayWebhook').schema,
      headers: CommandHeaders,
      params: replay.params,
      body: replay.body,
      response: answerSchemas(replay.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: {
          type: 'ReplayWebhook',
          actor: actorOf(request),
          data: { endpointId: request.params.id, fromPosition: request.body.fromPosition },
        },
        answer: () => ({ status: 200, body: { acknowledged: true as const, modifiedCount: 1 } }),
      }),
  });
}
