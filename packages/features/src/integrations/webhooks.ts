import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { type DomainEvent, streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import { apiKeyIdOf } from './api-key.ts';
import { type CarEventType, carEventTypes } from './events.ts';
import { reject } from './rules.ts';
import {
  readWebhookManager,
  requireDeliverer,
  requireWebhook,
  requireWebhookManager,
  type WebhookManager,
  type WebhookState,
} from './webhook.ts';

/**
 * The command service checks the URL's host against the network rules (it resolves names, which
 * a decision cannot) and generates the id and the nonce the signing secret is derived from.
 */
export type RegisterWebhook = CommandOf<
  'RegisterWebhook',
  {
    endpointId: string;
    url: string;
    types: readonly string[];
    description: string;
    secretNonce: string;
  }
>;
export type PauseWebhook = CommandOf<'PauseWebhook', { endpointId: string }>;
export type ResumeWebhook = CommandOf<'ResumeWebhook', { endpointId: string }>;
export type DeleteWebhook = CommandOf<'DeleteWebhook', { endpointId: string }>;
export type ReplayWebhook = CommandOf<
  'ReplayWebhook',
  { endpointId: string; fromPosition: string }
>;
/** The deliverer (System) gave up on a message of the endpoint. */
export type MarkWebhookFailing = CommandOf<
  'MarkWebhookFailing',
  {
    endpointId: string;
    messageId: string;
    eventPosition: string;
    attempts: number;
    lastError: string;
  }
>;
/** The deliverer (System) delivered a message to a failing endpoint. */
export type MarkWebhookRecovered = CommandOf<'MarkWebhookRecovered', { endpointId: string }>;

/** An http(s) URL with a host and no credentials in it; the network rules come on top. */
export const webhookUrl = (value: string): string => {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return reject('field-invalid', 'Must be an http or https URL', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    reject('field-invalid', 'Must be an http or https URL', 'url');
  if (url.username !== '' || url.password !== '')
    reject('field-invalid', 'Must not carry a user name or password', 'url');
  if (url.hostname === '') reject('field-invalid', 'Must name a host', 'url');
  return text;
};

const isCarEventType = (type: string): type is CarEventType =>
  (carEventTypes as readonly string[]).includes(type);

const webhookTypes = (types: readonly string[]): CarEventType[] => {
  const known = [...new Set(types)];
  if (known.length === 0 || !known.every(isCarEventType))
    reject('field-invalid', `Give one or more of ${carEventTypes.join(', ')}`, 'types');
  return known as CarEventType[];
};

type ManagedInput<C> = { command: C; webhook: WebhookState } & WebhookManager;

/** An admin, or a key that manages webhooks, registers an endpoint for some car event types. */
export const registerWebhook = (input: ManagedInput<RegisterWebhook>): Decision => {
  const { command, webhook } = input;
  requireWebhookManager(command.actor, input);
  const { endpointId, secretNonce } = command.data;
  const url = webhookUrl(command.data.url);
  const types = webhookTypes(command.data.types);
  if (webhook.status !== 'none') reject('webhook-exists', `Webhook ${endpointId} exists.`);
  const ownerKeyId = 'actorKey' in input ? apiKeyIdOf(command.actor) : undefined;
  const description = command.data.description.trim();
  return appendsOf([
    [
      streams.webhook(endpointId),
      {
        type: 'WebhookEndpointRegistered',
        data: {
          endpointId,
          url,
          types,
          description,
          secretNonce,
          ...(ownerKeyId === undefined ? {} : { ownerKeyId }),
        },
      },
    ],
  ]);
};

/** Hold the endpoint's messages until it is resumed. Paused already: no change. */
export const pauseWebhook = (input: ManagedInput<PauseWebhook>): Decision => {
  requireWebhookManager(input.command.actor, input);
  const webhook = requireWebhook(input.webhook, input);
  if (webhook.paused) return nothing();
  return one(webhook.endpointId, {
    type: 'WebhookEndpointPaused',
    data: { endpointId: webhook.endpointId },
  });
};

/** Deliver the endpoint's messages again, from the one it was held at. Not paused: no change. */
export const resumeWebhook = (input: ManagedInput<ResumeWebhook>): Decision => {
  requireWebhookManager(input.command.actor, input);
  const webhook = requireWebhook(input.webhook, input);
  if (!webhook.paused) return nothing();
  return one(webhook.endpointId, {
    type: 'WebhookEndpointResumed',
    data: { endpointId: webhook.endpointId },
  });
};

/** The endpoint gets nothing more, its waiting messages included. */
export const deleteWebhook = (input: ManagedInput<DeleteWebhook>): Decision => {
  requireWebhookManager(input.command.actor, input);
  const webhook = requireWebhook(input.webhook, input);
  return one(webhook.endpointId, {
    type: 'WebhookEndpointDeleted',
    data: { endpointId: webhook.endpointId },
  });
};

/** Deliver the endpoint's events after a position again, with the webhook ids they first had. */
export const replayWebhook = (input: ManagedInput<ReplayWebhook>): Decision => {
  requireWebhookManager(input.command.actor, input);
  const webhook = requireWebhook(input.webhook, input);
  const { fromPosition } = input.command.data;
  if (!/^\d{1,20}$/.test(fromPosition))
    reject('field-invalid', 'Must be a position', 'fromPosition');
  return one(webhook.endpointId, {
    type: 'WebhookReplayRequested',
    data: { endpointId: webhook.endpointId, fromPosition: BigInt(fromPosition).toString() },
  });
};

/** The deliverer reports an endpoint failing; already failing, or gone: no change. */
export const markWebhookFailing = ({
  command,
  webhook,
}: {
  command: MarkWebhookFailing;
  webhook: WebhookState;
}): Decision => {
  requireDeliverer(command.actor);
  if (webhook.status !== 'registered' || webhook.failing) return nothing();
  return one(webhook.endpointId, { type: 'WebhookEndpointFailing', data: command.data });
};

/** The deliverer reports a failing endpoint healthy again; not failing, or gone: no change. */
export const markWebhookRecovered = ({
  command,
  webhook,
}: {
  command: MarkWebhookRecovered;
  webhook: WebhookState;
}): Decision => {
  requireDeliverer(command.actor);
  if (webhook.status !== 'registered' || !webhook.failing) return nothing();
  return one(webhook.endpointId, {
    type: 'WebhookEndpointRecovered',
    data: { endpointId: webhook.endpointId },
  });
};

const one = (endpointId: string, event: DomainEvent): Decision =>
  appendsOf([[streams.webhook(endpointId), event]]);

const managed = <C extends { actor: RegisterWebhook['actor']; data: { endpointId: string } }>(
  command: C,
  read: StreamReads,
) => ({
  ...readWebhookManager(command.actor, read),
  webhook: read.webhook(command.data.endpointId),
});

export const registerWebhookSlice = commandSlice({
  reads: (command: RegisterWebhook, read) => managed(command, read),
  decide: registerWebhook,
});
export const pauseWebhookSlice = commandSlice({
  reads: (command: PauseWebhook, read) => managed(command, read),
  decide: pauseWebhook,
});
export const resumeWebhookSlice = commandSlice({
  reads: (command: ResumeWebhook, read) => managed(command, read),
  decide: resumeWebhook,
});
export const deleteWebhookSlice = commandSlice({
  reads: (command: DeleteWebhook, read) => managed(command, read),
  decide: deleteWebhook,
});
export const replayWebhookSlice = commandSlice({
  reads: (command: ReplayWebhook, read) => managed(command, read),
  decide: replayWebhook,
});
export const markWebhookFailingSlice = commandSlice({
  reads: (command: MarkWebhookFailing, read) => ({
    webhook: read.webhook(command.data.endpointId),
  }),
  decide: markWebhookFailing,
});
export const markWebhookRecoveredSlice = commandSlice({
  reads: (command: MarkWebhookRecovered, read) => ({
    webhook: read.webhook(command.data.endpointId),
  }),
  decide: markWebhookRecovered,
});
