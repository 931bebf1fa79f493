import type { EventStore } from '@second-gear/event-store';
import type { ReadModelDb } from '@second-gear/read-model';
import { counterIn, gaugeIn, histogramIn, type Registry } from '@second-gear/service-http';
import { inSpan, SpanKind } from '@second-gear/telemetry';
import {
  type ResolveHost,
  type SendResult,
  sendWebhook,
  type TargetRules,
  webhookSigningSecret,
} from '@second-gear/webhooks';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { deliverer, runSystemCommand } from '../reactions/system-command.ts';

/** The waits between attempts: about a day in all, then the message is given up. */
export const DEFAULT_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export interface WebhookDispatcherOptions {
  db: ReadModelDb;
  store: EventStore;
  /** The service-token secret, from which every endpoint's signing secret is derived. */
  serverSecret: string;
  targets: TargetRules;
  /** Waits after the first, second, ... failed attempt; given up after the last. */
  retryDelaysMs?: readonly number[];
  /** Per attempt, until the answer is read (default 10 s). */
  timeoutMs?: number;
  /** Endpoints delivered to at once (each one in order, one message at a time). Default 8. */
  concurrency?: number;
  resolve?: ResolveHost;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  metrics?: Registry;
  /** How long finished deliveries and attempts are kept (default 30 days). */
  retentionMs?: number;
}

export interface WebhookDispatcher {
  /** A delivery may be waiting: look now. */
  wake(): void;
  stop(): Promise<void>;
}

type Head = {
  id: string | number | bigint;
  endpoint_id: string;
  message_id: string;
  event_position: string | number | bigint;
  body: string;
  attempts: number;
  /** Milliseconds until its next attempt, by the database's clock (0 or less: due). */
  wait_ms: number;
  url: string;
  secret_nonce: string;
  failing: boolean;
  /** The traceparent of the command whose event it carries, if it was traced. */
  trace: string | null;
};

const deliveries = sql.table('webhooks.deliveries');
const attempts = sql.table('webhooks.attempts');
const endpoints = sql.table('webhooks.endpoints');

/** A wait between 75 % and 125 % of the backoff, so that retries spread out. */
const jittered = (ms: number) => Math.round(ms * (0.75 + Math.random() / 2));

const describe = (result: SendResult) =>
  result.error ?? `HTTP ${result.statusCode ?? 0}${result.ok ? '' : ' (not a 2xx answer)'}`;

/** What every delivery works with, settled once at the start. */
interface Dispatch {
  options: WebhookDispatcherOptions;
  db: ReadModelDb;
  store: EventStore;
  log: WebhookDispatcherOptions['logger'];
  delays: readonly number[];
  metrics: ReturnType<typeof webhookMetrics> | undefined;
  /** Endpoints reported failing by this process, before the outbox has seen the event. */
  suspects: Set<string>;
}

/** How the wait between two rounds is cut short: by `wake()`, or by stopping. */
interface Alarm {
  /** Set by `wake()` during a round: the next round starts without waiting. */
  woken: boolean;
  wakeUp: (() => void) | undefined;
}

/** The first waiting message of every endpoint that takes deliveries now. */
const heads = async (db: ReadModelDb) =>
  (
    await sql<Head>`
        select distinct on (d.endpoint_id) d.id, d.endpoint_id, d.message_id, d.event_position,
               d.body, d.attempts, d.trace, e.url, e.secret_nonce, e.failing,
               (extract(epoch from d.next_attempt_at - now()) * 1000)::float8 as wait_ms
        from ${deliveries} d join ${endpoints} e on e.id = d.endpoint_id
        where d.status = 'pending' and not e.paused and not e.deleted
        order by d.endpoint_id, d.id`.execute(db)
  ).rows;

/**
 * Sends the message once, in the trace of the command that caused the event when it was
 * traced; the request itself shows under it (and carries that trace to the receiver as
 * `traceparent`).
 */
const send = (options: WebhookDispatcherOptions, head: Head): Promise<SendResult> =>
  inSpan(
    'webhook delivery',
    {
      kind: SpanKind.PRODUCER,
      parent: head.trace ? { traceparent: head.trace } : undefined,
      attributes: {
        'second_gear.webhook.endpoint': head.endpoint_id,
        'second_gear.webhook.message': head.message_id,
        'second_gear.webhook.attempt': head.attempts + 1,
      },
    },
    () =>
      sendWebhook(
        {
          url: head.url,
          messageId: head.message_id,
          body: head.body,
          secret: webhookSigningSecret(options.serverSecret, head.endpoint_id, head.secret_nonce),
        },
        {
          targets: options.targets,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          ...(options.resolve ? { resolve: options.resolve } : {}),
        },
      ),
  );

/** Keeps the attempt, and what it leaves of the delivery: done, given up, or when to retry. */
const recordAttempt = async (
  { db, delays }: Dispatch,
  head: Head,
  result: SendResult,
  number: number,
  givenUp: boolean,
): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`
        insert into ${attempts}
          (delivery_id, attempt, endpoint_id, at, ok, status_code, error, latency_ms, response)
        values (${head.id}, ${number}, ${head.endpoint_id}, now(), ${result.ok},
                ${result.statusCode ?? null}, ${result.error ?? null}, ${result.latencyMs},
                ${result.response})
        on conflict (delivery_id, attempt) do nothing`.execute(trx);
    const waitMs = result.ok || givenUp ? 0 : jittered(delays[number - 1] ?? 0);
    await sql`
        update ${deliveries} set attempts = ${number},
          status = ${result.ok ? 'delivered' : givenUp ? 'failed' : 'pending'},
          next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval,
          finished_at = ${result.ok || givenUp ? sql`now()` : null}
        where id = ${head.id}`.execute(trx);
  });
};

/** Logs the attempt, and reports an endpoint failing on its last one, or recovered. */
const reportAttempt = async (
  { store, log, suspects }: Dispatch,
  head: Head,
  result: SendResult,
  number: number,
  givenUp: boolean,
): Promise<void> => {
  const where = { endpoint: head.endpoint_id, messageId: head.message_id, attempt: number };
  if (result.ok) {
    if (head.failing || suspects.has(head.endpoint_id)) {
      await runSystemCommand(store, {
        type: 'MarkWebhookRecovered',
        actor: deliverer,
        data: { endpointId: head.endpoint_id },
      });
      suspects.delete(head.endpoint_id);
      log?.info(where, 'webhook delivering again');
    }
    return;
  }
  if (!givenUp) {
    log?.warn({ ...where, error: describe(result) }, 'webhook attempt failed; it is tried again');
    return;
  }
  log?.error({ ...where, error: describe(result) }, 'webhook given up after its last attempt');
  await runSystemCommand(store, {
    type: 'MarkWebhookFailing',
    actor: deliverer,
    data: {
      endpointId: head.endpoint_id,
      messageId: head.message_id,
      eventPosition: String(head.event_position),
      attempts: number,
      lastError: describe(result).slice(0, 300),
    },
  });
  suspects.add(head.endpoint_id);
};

const attempt = async (dispatch: Dispatch, head: Head): Promise<void> => {
  const result = await send(dispatch.options, head);
  const number = head.attempts + 1;
  const givenUp = !result.ok && number > dispatch.delays.length;
  const outcome = result.ok ? 'delivered' : givenUp ? 'given_up' : 'failed';
  dispatch.metrics?.attempted(outcome, result.latencyMs);
  await recordAttempt(dispatch, head, result, number, givenUp);
  await reportAttempt(dispatch, head, result, number, givenUp);
};

/** Deletes finished deliveries and their attempts older than `retentionMs`, once an hour. */
const pruner = (db: ReadModelDb, retentionMs: number) => {
  let prunedAt = 0;
  return async () => {
    if (Date.now() - prunedAt < 3_600_000) return;
    prunedAt = Date.now();
    const before = `${retentionMs} milliseconds`;
    await sql`delete from ${attempts} a using ${deliveries} d
              where d.id = a.delivery_id and d.status <> 'pending'
                and d.finished_at < now() - ${before}::interval`.execute(db);
    await sql`delete from ${deliveries} where status <> 'pending'
              and finished_at < now() - ${before}::interval`.execute(db);
  };
};

/**
 * Rounds until `signal` aborts: each sends every due head (`concurrency` at once), then waits
 * until the next is due (a minute at most), or after a failure, a second doubling up to a minute.
 */
const dispatchLoop = async (
  dispatch: Dispatch,
  alarm: Alarm,
  signal: AbortSignal,
  concurrency: number,
  prune: () => Promise<void>,
): Promise<void> => {
  let delay = 1000;
  while (!signal.aborted) {
    alarm.woken = false;
    let waitMs = 60_000;
    try {
      const all = await heads(dispatch.db);
      const due = all.filter((head) => Number(head.wait_ms) <= 0);
      for (let i = 0; i < due.length; i += concurrency) {
        await Promise.all(due.slice(i, i + concurrency).map((head) => attempt(dispatch, head)));
        if (signal.aborted) return;
      }
      for (const head of all) {
        const wait = Number(head.wait_ms);
        if (wait > 0) waitMs = Math.min(waitMs, Math.ceil(wait));
      }
      // Sent something: there may be a next message right away.
      if (due.length > 0) waitMs = 0;
      await prune();
      delay = 1000;
    } catch (error) {
      if (signal.aborted) return;
      dispatch.log?.error({ err: error }, 'webhook dispatcher failed; trying again');
      waitMs = delay;
      delay = Math.min(delay * 2, 60_000);
    }
    if (waitMs > 0 && !alarm.woken) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, waitMs);
        const wakeUp = () => {
          clearTimeout(timer);
          done();
        };
        alarm.wakeUp = wakeUp;
        signal.addEventListener('abort', wakeUp, { once: true });
      });
      alarm.wakeUp = undefined;
    }
  }
};

/**
 * Delivers the outbox: per endpoint in order (the next message waits until the one before it
 * succeeded or was given up), endpoints side by side. At least once: a message is marked
 * delivered after its 2xx, so a crash in between sends it again, under the same webhook id.
 * Paused and deleted endpoints are left alone. After the last attempt, the endpoint is reported
 * failing (an event, as the System actor) and its next message is tried; the next success
 * reports it delivering again.
 */
export const startWebhookDispatcher = (options: WebhookDispatcherOptions): WebhookDispatcher => {
  const { db, store, logger: log } = options;
  const dispatch: Dispatch = {
    options,
    db,
    store,
    log,
    delays: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    metrics: options.metrics && webhookMetrics(options.metrics, db),
    suspects: new Set(),
  };
  const controller = new AbortController();
  const alarm: Alarm = { woken: false, wakeUp: undefined };
  const running = dispatchLoop(
    dispatch,
    alarm,
    controller.signal,
    options.concurrency ?? 8,
    pruner(db, options.retentionMs ?? 30 * 86_400_000),
  );
  return {
    wake: () => {
      alarm.woken = true;
      alarm.wakeUp?.();
    },
    async stop() {
      controller.abort();
      alarm.wakeUp?.();
      await running;
    },
  };
};

/** The deliverer's metrics, in the projection service's registry. */
const webhookMetrics = (registry: Registry, db: ReadModelDb) => {
  const deliveriesTotal = counterIn(registry, {
    name: 'second_gear_webhook_deliveries_total',
    help: 'Attempts at delivering a webhook, by outcome: delivered (a 2xx), failed (tried again later), given_up (after the last attempt).',
    labelNames: ['outcome'],
  });
  const latency = histogramIn(registry, {
    name: 'second_gear_webhook_delivery_seconds',
    help: 'How long an attempt took until its answer (or its failure), by outcome.',
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  for (const outcome of ['delivered', 'failed', 'given_up']) deliveriesTotal.inc({ outcome }, 0);
  gaugeIn(registry, {
    name: 'second_gear_webhook_endpoints_failing',
    help: 'Webhook endpoints whose last message was given up and none delivered since.',
    async collect() {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${endpoints} where failing and not deleted`
        .execute(db)
        .catch(() => ({ rows: [] as { n: number }[] }));
      this.set(rows[0]?.n ?? 0);
    },
  });
  gaugeIn(registry, {
    name: 'second_gear_webhook_pending_deliveries',
    help: 'Webhook messages waiting for delivery (paused endpoints included).',
    async collect() {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${deliveries} where status = 'pending'`
        .execute(db)
        .catch(() => ({ rows: [] as { n: number }[] }));
      this.set(rows[0]?.n ?? 0);
    },
  });
  return {
    attempted: (outcome: string, latencyMs: number) => {
      deliveriesTotal.inc({ outcome });
      latency.observe({ outcome }, latencyMs / 1000);
    },
  };
};
