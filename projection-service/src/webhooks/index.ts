import type { EventStore } from '@second-gear/event-store';
import type { ReadModelDb } from '@second-gear/read-model';
import type { Registry } from '@second-gear/service-http';
import type { ResolveHost, TargetRules } from '@second-gear/webhooks';
import type { Logger } from 'pino';
import type { Reactor } from '../reactions/reactor.ts';
import { startWebhookDispatcher } from './dispatcher.ts';
import { webhookOutbox } from './outbox.ts';

export interface StartWebhooksOptions {
  store: EventStore;
  db: ReadModelDb;
  /** The service-token secret (`JWT_SECRET`): endpoints' signing secrets are derived from it. */
  serverSecret: string;
  targets: TargetRules;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  resolve?: ResolveHost;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  metrics?: Registry;
}

export interface RunningWebhooks {
  /** The outbox reactor: run it with the other reactors (`startReactors`). */
  reactor: Reactor;
  stop(): Promise<void>;
}

/**
 * Webhooks: the outbox reactor, which turns car events into deliveries, and the dispatcher,
 * which sends them. Both run in the projection service (one instance, as for every reactor) or
 * in the all-in-one.
 */
export const startWebhooks = async (options: StartWebhooksOptions): Promise<RunningWebhooks> => {
  let wake = () => {};
  // Its tables first (the outbox makes them), then the dispatcher that reads them.
  const outbox = await webhookOutbox({
    db: options.db,
    store: options.store,
    enqueued: () => wake(),
  });
  const dispatcher = startWebhookDispatcher(options);
  wake = () => dispatcher.wake();
  return { reactor: outbox.reactor, stop: () => dispatcher.stop() };
};

export { DEFAULT_RETRY_DELAYS_MS } from './dispatcher.ts';
export { messageIdOf, migrateWebhookOutbox, WEBHOOKS_SCHEMA } from './outbox.ts';
