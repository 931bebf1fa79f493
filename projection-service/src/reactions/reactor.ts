import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import type { EventType } from '@second-gear/features';
import {
  REACTIONS_SCHEMA,
  type ReactorState,
  type ReadModelDb,
  readReactorStates,
  toPosition,
} from '@second-gear/read-model';

// Where reactors stand is read by the query service too, so it lives with the read model.
export { REACTIONS_SCHEMA, type ReactorState, readReactorStates };

import { toProjectedEvent } from '@second-gear/features';
import type { ProjectedEvent } from '@second-gear/features/platform/projection.ts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { describeFailure } from '../apply-batch.ts';
import { batched } from '../batches.ts';
import type { SubscriptionCounters } from '../metrics.ts';

/**
 * A reactor does what an event calls for outside the event store (an account to delete at the
 * sign-in service, say), from a subscription of its own with its own checkpoint: the command
 * only appends the event, and the effect follows, however often it has to be tried. `react`
 * must be idempotent: after a crash the event at the checkpoint may be handled again.
 */
export interface Reactor {
  name: string;
  /** The event types it reacts to; the others only move its checkpoint. */
  types: ReadonlySet<EventType>;
  /**
   * Optional, beyond `types`: whether this event of its types calls for anything now (the car
   * events no webhook wants, say). One it does not want is passed over like another type's,
   * without a checkpoint written for it alone.
   */
  wants?(event: RecordedEvent): boolean;
  react(event: ProjectedEvent): Promise<void>;
}

export interface StartReactorsOptions {
  store: EventStore;
  /** Holds the reactors' checkpoints, in a schema of their own that rebuilds never touch. */
  db: ReadModelDb;
  reactors: readonly Reactor[];
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  signal?: AbortSignal;
  /** First wait after a failed effect, doubled each time up to `maxDelayMs` (default 1 s). */
  firstDelayMs?: number;
  /** Longest wait between two attempts (default 5 minutes). */
  maxDelayMs?: number;
  /** Counts the batches and the events reacted to (the service's `/metrics`). */
  metrics?: SubscriptionCounters;
}

export interface RunningReactors {
  states(): Promise<ReactorState[]>;
  /**
   * The last event each reactor has passed, handled or not, as this process saw it: ahead of
   * the stored checkpoint, which is written only every few seconds past events of no interest.
   */
  positions(): Record<string, bigint | undefined>;
  stop(): Promise<void>;
}

/** The reactors' tables, created when missing (they hold no rows a rebuild could remake). */
export const migrateReactions = async (db: ReadModelDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('second-gear-reactions'))`.execute(trx);
    await sql.raw(`create schema if not exists ${REACTIONS_SCHEMA}`).execute(trx);
    await sql
      .raw(
        `create table if not exists ${REACTIONS_SCHEMA}.checkpoints (
          name text primary key,
          position bigint,
          attempts integer not null default 0,
          failing_position bigint,
          failing_since timestamptz,
          last_error text,
          next_attempt_at timestamptz,
          updated_at timestamptz not null default now()
        )`,
      )
      .execute(trx);
    await sql
      .raw(
        `create table if not exists ${REACTIONS_SCHEMA}.parked (
          name text not null,
          position bigint not null,
          event_id text not null,
          type text not null,
          error text not null,
          parked_at timestamptz not null default now(),
          primary key (name, position)
        )`,
      )
      .execute(trx);
  });
};

/** A reactor's state as health checks answer it (JSON: positions as strings). */
export const reactorHealth = (state: ReactorState) => ({
  position: state.position?.toString() ?? null,
  parked: state.parked,
  ...(state.failing
    ? {
        failing: {
          position: state.failing.position.toString(),
          attempts: state.failing.attempts,
          since: state.failing.since.toISOString(),
          lastError: state.failing.lastError,
          nextAttemptAt: state.failing.nextAttemptAt.toISOString(),
        },
      }
    : {}),
});

const table = sql.table(`${REACTIONS_SCHEMA}.checkpoints`);

const readCheckpoint = async (db: ReadModelDb, name: string): Promise<bigint | undefined> => {
  await sql`insert into ${table} (name) values (${name}) on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{ position: string | null }>`
    select position from ${table} where name = ${name}`.execute(db);
  const position = rows[0]?.position;
  return position == null ? undefined : toPosition(position);
};

const saveCheckpoint = (db: ReadModelDb, name: string, position: bigint) =>
  sql`update ${table} set position = ${position}, attempts = 0, failing_position = null,
        failing_since = null, last_error = null, next_attempt_at = null, updated_at = now()
      where name = ${name}`.execute(db);

const saveFailure = (
  db: ReadModelDb,
  name: string,
  failing: { position: bigint; attempts: number; error: string; nextAttemptAt: Date },
) =>
  sql`update ${table} set attempts = ${failing.attempts}, failing_position = ${failing.position},
        failing_since = coalesce(failing_since, now()), last_error = ${failing.error},
        next_attempt_at = ${failing.nextAttemptAt}, updated_at = now()
      where name = ${name}`.execute(db);

const park = (db: ReadModelDb, name: string, event: RecordedEvent, error: string) =>
  sql`insert into ${sql.table(`${REACTIONS_SCHEMA}.parked`)} (name, position, event_id, type, error)
      values (${name}, ${event.position}, ${event.id}, ${event.type}, ${error})
      on conflict (name, position) do nothing`.execute(db);

/** How often a checkpoint moved only past events of no interest is written. */
const PASSED_OVER_SAVE_MS = 5000;

/** Jitter: a random wait between half the backoff and all of it, so retries spread out. */
const jittered = (ms: number) => Math.round(ms / 2 + (Math.random() * ms) / 2);

/** What every reactor's run works with, settled once at the start. */
interface Reacting {
  options: StartReactorsOptions;
  log: StartReactorsOptions['logger'];
  firstDelay: number;
  maxDelay: number;
  /** The caller's signal and `stop()`'s. */
  signal: AbortSignal;
  /** Each reactor's position: the last event it reacted to or passed over. */
  passed: Map<string, bigint | undefined>;
}

/**
 * Reacts to one event, retried with backoff until it succeeds (each failure stored for status
 * and health); an event that cannot be read is parked instead.
 */
const handle = async (
  { options: { db }, log, firstDelay, maxDelay, signal }: Reacting,
  reactor: Reactor,
  recorded: RecordedEvent,
) => {
  let event: ProjectedEvent | undefined;
  try {
    event = toProjectedEvent(recorded);
  } catch (error) {
    const text = describeFailure(error);
    log?.error(
      { reactor: reactor.name, position: recorded.position.toString(), error: text },
      'reactor passes over an event it cannot read; it is parked',
    );
    await park(db, reactor.name, recorded, text);
    return;
  }
  if (!event) return;
  for (let attempts = 1; ; attempts++) {
    try {
      await reactor.react(event);
      if (attempts > 1) {
        log?.info(
          { reactor: reactor.name, position: recorded.position.toString(), attempts },
          'reactor succeeded after failing',
        );
      }
      return;
    } catch (error) {
      if (signal.aborted) throw error;
      const wait = jittered(Math.min(firstDelay * 2 ** (attempts - 1), maxDelay));
      const text = describeFailure(error);
      await saveFailure(db, reactor.name, {
        position: recorded.position,
        attempts,
        error: text,
        nextAttemptAt: new Date(Date.now() + wait),
      });
      log?.error(
        { reactor: reactor.name, position: recorded.position.toString(), attempts, error: text },
        `reactor failed; trying again in ${Math.round(wait / 1000)} s`,
      );
      await sleep(wait, undefined, { signal });
    }
  }
};

/**
 * One reactor, until stopped: follows the store from its checkpoint, and after a failure of
 * the store or the database, starts again from it after a wait that doubles.
 */
const run = async (reacting: Reacting, reactor: Reactor) => {
  const { options, log, firstDelay, maxDelay, signal, passed } = reacting;
  const { db, store } = options;
  let delay = firstDelay;
  while (!signal.aborted) {
    try {
      let saved = await readCheckpoint(db, reactor.name);
      let savedAt = Date.now();
      const seen = passed.get(reactor.name);
      if (seen === undefined || (saved !== undefined && saved > seen)) {
        passed.set(reactor.name, saved);
      }
      const save = async (position: bigint) => {
        await saveCheckpoint(db, reactor.name, position);
        saved = position;
        savedAt = Date.now();
      };
      const subscription = store.subscribe({
        ...(saved === undefined ? {} : { after: saved }),
        signal,
      });
      for await (const events of batched(subscription, 500)) {
        for (const event of events) {
          if (!reactor.types.has(event.type as EventType)) continue;
          if (reactor.wants && !reactor.wants(event)) continue;
          await handle(reacting, reactor, event);
          await save(event.position);
          options.metrics?.applied(reactor.name, 1);
          passed.set(reactor.name, event.position);
        }
        options.metrics?.batch(reactor.name, 'applied');
        // Passing over other events needs no write each time: after a restart, reading
        // them again costs nothing.
        const last = events.at(-1)?.position;
        if (last !== undefined) passed.set(reactor.name, last);
        if (last !== undefined && last !== saved && Date.now() - savedAt > PASSED_OVER_SAVE_MS) {
          await save(last);
        }
      }
      delay = firstDelay;
    } catch (error) {
      if (signal.aborted) return;
      options.metrics?.batch(reactor.name, 'failed');
      log?.error({ err: error, reactor: reactor.name }, 'reactor stopped; starting again');
      await sleep(delay, undefined, { signal }).catch(() => {});
      delay = Math.min(delay * 2, maxDelay);
    }
  }
};

/**
 * Starts every reactor: each follows the store from its checkpoint, reacts to its events in
 * order, one at a time, and moves its checkpoint after each. An effect that fails is retried
 * with exponential backoff and jitter until it succeeds, its state stored where status and
 * health read it; the events after it wait, so effects keep the order of their events. An
 * event it cannot read is parked and passed over. Failures of the store or the database restart
 * the subscription from the checkpoint.
 */
export const startReactors = async (options: StartReactorsOptions): Promise<RunningReactors> => {
  const { db, reactors } = options;
  const log = options.logger;
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;
  await migrateReactions(db);
  const reacting: Reacting = {
    options,
    log,
    firstDelay: options.firstDelayMs ?? 1000,
    maxDelay: options.maxDelayMs ?? 5 * 60_000,
    signal,
    passed: new Map(),
  };
  const { passed } = reacting;

  const running = Promise.all(reactors.map((reactor) => run(reacting, reactor)));
  log?.info({ reactors: reactors.map((r) => r.name) }, 'reactors started');
  return {
    states: async () =>
      (await readReactorStates(db)).filter((state) => reactors.some((r) => r.name === state.name)),
    positions: () => Object.fromEntries(reactors.map((r) => [r.name, passed.get(r.name)])),
    async stop() {
      controller.abort();
      await running;
    },
  };
};
