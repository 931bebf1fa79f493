import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '@second-gear/config';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import { batched } from '@second-gear/event-store';
import type { EventType } from '@second-gear/features';
import {
  checkpointMismatch,
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
  /**
   * How often a reactor checks that the store still holds the event at its checkpoint, and one
   * that refuses the store looks again (default 10 s).
   */
  recheckMs?: number;
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
    // The store it was written against, the event at its position, and why it will not go on
    // when that is another store's (as the projections' checkpoints).
    await sql
      .raw(
        `alter table ${REACTIONS_SCHEMA}.checkpoints
          add column if not exists store_id text,
          add column if not exists event_id text,
          add column if not exists refused text`,
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
  ...(state.refused ? { refused: state.refused } : {}),
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

interface ReactorCheckpoint {
  position: bigint | undefined;
  storeId: string | null;
  eventId: string | null;
}

/** Makes the reactor's checkpoint row, with no position, where it is missing. */
const registerCheckpoint = (db: ReadModelDb, name: string) =>
  sql`insert into ${table} (name) values (${name}) on conflict (name) do nothing`.execute(db);

const readCheckpoint = async (db: ReadModelDb, name: string): Promise<ReactorCheckpoint> => {
  const { rows } = await sql<{
    position: string | null;
    store_id: string | null;
    event_id: string | null;
  }>`select position, store_id, event_id from ${table} where name = ${name}`.execute(db);
  const [row] = rows;
  return {
    position: row?.position == null ? undefined : toPosition(row.position),
    storeId: row?.store_id ?? null,
    eventId: row?.event_id ?? null,
  };
};

const saveCheckpoint = (db: ReadModelDb, name: string, at: RecordedEvent, storeId: string) =>
  sql`update ${table} set position = ${at.position}, event_id = ${at.id}, store_id = ${storeId},
        attempts = 0, failing_position = null, failing_since = null, last_error = null,
        next_attempt_at = null, refused = null, updated_at = now()
      where name = ${name}`.execute(db);

const saveRefusal = (db: ReadModelDb, name: string, refused: string | null) =>
  sql`update ${table} set refused = ${refused}, updated_at = now()
      where name = ${name} and refused is distinct from ${refused}`.execute(db);

/** Why the reactor must not go on from its stored checkpoint in this store, if it must not. */
const refusal = async (reacting: Reacting, name: string): Promise<string | undefined> =>
  checkpointMismatch(
    reacting.options.store,
    await readCheckpoint(reacting.options.db, name),
    reacting.storeId,
  );

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
  /** The store's identity, recorded with every checkpoint. */
  storeId: string;
  recheckMs: number;
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
 * Follows the store from `from` until stopped, or until the store no longer holds the event at
 * the reactor's checkpoint (checked every `recheckMs`): then it returns, and `run` refuses.
 */
const follow = async (reacting: Reacting, reactor: Reactor, from: bigint | undefined) => {
  const { options, passed } = reacting;
  const { db, store } = options;
  const moved = new AbortController();
  const signal = AbortSignal.any([reacting.signal, moved.signal]);
  const check = setInterval(() => {
    void refusal(reacting, reactor.name).then(
      (why) => why !== undefined && moved.abort(),
      () => {},
    );
  }, reacting.recheckMs);
  let saved = from;
  let savedAt = Date.now();
  const save = async (at: RecordedEvent) => {
    await saveCheckpoint(db, reactor.name, at, reacting.storeId);
    saved = at.position;
    savedAt = Date.now();
  };
  try {
    const subscription = store.subscribe({
      ...(from === undefined ? {} : { after: from }),
      signal,
    });
    for await (const events of batched(subscription, 500)) {
      for (const event of events) {
        if (!reactor.types.has(event.type as EventType)) continue;
        if (reactor.wants && !reactor.wants(event)) continue;
        await handle(reacting, reactor, event);
        await save(event);
        options.metrics?.applied(reactor.name, 1);
        passed.set(reactor.name, event.position);
      }
      options.metrics?.batch(reactor.name, 'applied');
      // Passing over other events needs no write each time: after a restart, reading
      // them again costs nothing.
      const last = events.at(-1);
      if (last !== undefined) passed.set(reactor.name, last.position);
      if (last && last.position !== saved && Date.now() - savedAt > PASSED_OVER_SAVE_MS) {
        await save(last);
      }
    }
  } finally {
    clearInterval(check);
  }
};

/**
 * One reactor, until stopped: follows the store from its checkpoint, and after a failure of
 * the store or the database, starts again from it after a wait that doubles. A checkpoint
 * written against another store (or at a position where this store now holds another event, or
 * none) is refused, as the projections refuse theirs: the reactor does nothing, says why in its
 * state, and looks again every `recheckMs`, until an operator sets its checkpoint in this store
 * (`npm run projections -- reactor`).
 */
const run = async (reacting: Reacting, reactor: Reactor) => {
  const { options, log, firstDelay, maxDelay, signal, passed } = reacting;
  const { db } = options;
  let delay = firstDelay;
  let refused: string | undefined;
  while (!signal.aborted) {
    try {
      await registerCheckpoint(db, reactor.name);
      const checkpoint = await readCheckpoint(db, reactor.name);
      const why = await checkpointMismatch(options.store, checkpoint, reacting.storeId);
      if (why !== undefined) {
        if (why !== refused)
          log?.error({ reactor: reactor.name, reason: why }, `reactor stopped: ${why}`);
        refused = why;
        await saveRefusal(db, reactor.name, why);
        await sleep(reacting.recheckMs, undefined, { signal }).catch(() => {});
        continue;
      }
      if (refused !== undefined) await saveRefusal(db, reactor.name, null);
      refused = undefined;
      const { position } = checkpoint;
      const seen = passed.get(reactor.name);
      if (seen === undefined || (position !== undefined && position > seen)) {
        passed.set(reactor.name, position);
      }
      await follow(reacting, reactor, position);
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
    storeId: await options.store.storeId(),
    recheckMs: options.recheckMs ?? 10_000,
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

/** Said of a reactor checkpoint set at a position where the store holds no event. */
export class NoEventThereError extends StartupError {
  override name = 'NoEventThereError';
  constructor(position: bigint) {
    super(
      `The event store holds no event at position ${position}: name one it holds, or head or start.`,
    );
  }
}

/**
 * Sets a reactor's checkpoint in this store, for an operator after it refused another store's:
 * it goes on after `from` (`start`: every event, its effects done again, which reactors
 * allow; `head`: only events to come). Answers the position set.
 */
export const setReactorCheckpoint = async (options: {
  store: EventStore;
  db: ReadModelDb;
  name: string;
  from: 'start' | 'head' | bigint;
}): Promise<bigint | undefined> => {
  const { store, db, name, from } = options;
  await migrateReactions(db);
  const position =
    from === 'start' ? undefined : from === 'head' ? await store.headPosition() : from;
  const at = position === undefined ? undefined : await store.eventAt(position);
  if (position !== undefined && at === undefined) throw new NoEventThereError(position);
  const result = await sql`update ${table} set position = ${position ?? null},
        event_id = ${at?.id ?? null}, store_id = ${await store.storeId()}, refused = null,
        attempts = 0, failing_position = null, failing_since = null, last_error = null,
        next_attempt_at = null, updated_at = now()
      where name = ${name}`.execute(db);
  if (result.numAffectedRows === 0n) {
    throw new StartupError(
      `No reactor is named ${name}: npm run projections -- status lists them.`,
    );
  }
  return position;
};
