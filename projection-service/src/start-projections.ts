import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import { allProjections, traceOf } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import {
  checkpointMismatch,
  LIVE_SCHEMA,
  migrateReadModel,
  REBUILD_ADVICE,
  type ReadModelDb,
  readCheckpoints,
} from '@second-gear/read-model';
import { inSpan, linkTo, recordEventSpans } from '@second-gear/telemetry';
import type { Logger } from 'pino';
import { applyBatch, readPosition, registerCheckpoints } from './apply-batch.ts';
import { batched } from './batches.ts';
import type { SubscriptionCounters } from './metrics.ts';

export interface StartProjectionsOptions {
  store: EventStore;
  db: ReadModelDb;
  /** Most events applied in one transaction (default 500). */
  batchSize?: number;
  /** Aborting it stops the projections, like `stop()`. */
  signal?: AbortSignal;
  /** The schema to keep up to date (default `read_model`). */
  schema?: string;
  projections?: readonly Projection[];
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** First wait after a failed batch; doubles up to 1 s (default 200 ms), so a database back after an outage is used again within a second. */
  retryDelayMs?: number;
  /** How often a projection that refuses another store's checkpoint looks again (10 s). */
  recheckMs?: number;
  /** Counts the batches and the events they apply (the service's `/metrics`). */
  metrics?: SubscriptionCounters;
}

/**
 * A batch that fails this many times in a row is applied event by event the next time, and an
 * event that fails on its own is parked (see `applyBatch`). A failure of the database fails
 * every attempt the same way and parks nothing: the projection waits for it.
 */
export const PARK_AFTER_FAILURES = 2;

/** How many of a batch's commands its span links to (a trace viewer shows a few, not 500). */
const MAX_LINKS = 32;

export interface RunningProjections {
  /** The position every projection has committed (the lowest), as this process saw it. */
  position(): bigint | undefined;
  /** Each projection's committed position. */
  positions(): Record<string, bigint | undefined>;
  /**
   * The projections that refuse to go on because their checkpoint was written against another
   * store (or positions the store no longer has), with the reason; empty when all run.
   */
  refusals(): Record<string, string>;
  /** Stops reading, lets the batch in flight finish, and resolves when all have ended. */
  stop(): Promise<void>;
}

/** What every phase of the pass works with, settled once at the start. */
interface Pass {
  options: StartProjectionsOptions;
  db: ReadModelDb;
  store: EventStore;
  schema: string;
  projections: readonly Projection[];
  batchSize: number;
  recheckMs: number;
  log: StartProjectionsOptions['logger'];
  storeId: string;
  /** The caller's signal and `stop()`'s. */
  signal: AbortSignal;
}

/** What the pass has learned, which the running projections' API reads. */
interface PassState {
  /** Each projection's committed position, as this process saw it. */
  committed: Map<string, bigint | undefined>;
  /** Projections that refuse to go on, with the reason: their checkpoint is another store's. */
  refused: Map<string, string>;
  /**
   * Batches that failed in a row; from PARK_AFTER_FAILURES on, the next one parks the events it
   * cannot apply instead of failing again.
   */
  failures: number;
}

/**
 * The projections that accept this store's events, with the checkpoints read to tell; the
 * others are noted as refusing.
 */
const accepting = async (pass: Pass, state: PassState) => {
  const { db, schema, store, storeId, log } = pass;
  const checkpoints = await readCheckpoints(db, schema);
  const group: Projection[] = [];
  for (const projection of pass.projections) {
    const checkpoint = checkpoints.find((c) => c.name === projection.name);
    const mismatch = checkpoint && (await checkpointMismatch(store, checkpoint, storeId));
    if (!mismatch) {
      state.refused.delete(projection.name);
      group.push(projection);
      continue;
    }
    if (state.refused.get(projection.name) !== mismatch) {
      log?.error(
        { projection: projection.name, reason: mismatch },
        `projection stopped: ${mismatch}; ${REBUILD_ADVICE}`,
      );
    }
    state.refused.set(projection.name, mismatch);
  }
  return { group, checkpoints };
};

/** Applies one batch to the group in one transaction, then counts, traces and logs it. */
const apply = async (
  pass: Pass,
  state: PassState,
  group: readonly Projection[],
  events: readonly RecordedEvent[],
  position: bigint | undefined,
) => {
  const { options, log } = pass;
  const startedAt = Date.now();
  const traces = events.map(traceOf);
  const names = group.map((p) => p.name);
  const result = await inSpan(
    'projection batch',
    {
      attributes: {
        'second_gear.projections': names,
        'second_gear.events': events.length,
      },
      links: traces.slice(0, MAX_LINKS).map(linkTo),
    },
    () =>
      applyBatch(pass.db, {
        schema: pass.schema,
        projections: group,
        events,
        expected: { position },
        parkFailures: state.failures >= PARK_AFTER_FAILURES,
        storeId: pass.storeId,
        // The read model is derived: a batch lost to a crash before its commit reached the
        // disk is lost with its checkpoint, and applied again from the log. Not waiting for
        // the flush makes a write visible a few milliseconds sooner.
        durable: false,
      }),
  );
  state.failures = 0;
  if (result.kind !== 'applied') return result;
  const last = events.at(-1)?.position;
  for (const projection of group) {
    const applied = result.appliedBy[projection.name] ?? 0;
    const before = state.committed.get(projection.name);
    if (last !== undefined && (before === undefined || last > before)) {
      state.committed.set(projection.name, last);
    }
    options.metrics?.batch(projection.name, 'applied');
    options.metrics?.applied(projection.name, applied);
    if (applied === 0) continue;
    // Each traced command's trace shows when this projection had its events committed.
    recordEventSpans(
      `project ${projection.name}`,
      events.slice(-applied).map((event, i) => ({
        trace: traces[events.length - applied + i],
        attributes: {
          'second_gear.event': event.type,
          'second_gear.position': event.position.toString(),
        },
      })),
      startedAt,
      { attributes: { 'second_gear.projection': projection.name } },
    );
  }
  for (const parked of result.parked) {
    log?.error(
      { ...parked, position: parked.position.toString() },
      'event parked: the projection cannot apply it and goes on without it; see npm run projections -- parked',
    );
  }
  return result;
};

/** Catches up in full batches straight from the store; answers the position reached. */
const catchUp = async (
  pass: Pass,
  state: PassState,
  group: readonly Projection[],
): Promise<bigint | undefined> => {
  let position = await readPosition(pass.db, pass.schema, group);
  for (;;) {
    const events = await pass.store.readAll({ after: position, limit: pass.batchSize });
    if (events.length === 0 || pass.signal.aborted) break;
    const result = await apply(pass, state, group, events, position);
    position = result.position;
    if (result.kind === 'applied' && events.length < pass.batchSize) break;
  }
  return position;
};

/**
 * Follows the store's subscription until stopped, until the checkpoint moves under us, or until
 * a projection that refused the store accepts it (an operator rebuilt it) and joins. (A signal
 * that was aborted already counts too: `any` starts out aborted.)
 */
const follow = async (
  pass: Pass,
  state: PassState,
  group: readonly Projection[],
  from: bigint | undefined,
): Promise<void> => {
  let position = from;
  const moved = new AbortController();
  const following = AbortSignal.any([pass.signal, moved.signal]);
  const rejoin =
    state.refused.size > 0
      ? setInterval(() => {
          void accepting(pass, state).then(
            (now) => now.group.length > group.length && moved.abort(),
            () => {},
          );
        }, pass.recheckMs)
      : undefined;
  try {
    const subscription = pass.store.subscribe({
      ...(position === undefined ? {} : { after: position }),
      signal: following,
    });
    for await (const events of batched(subscription, pass.batchSize)) {
      const result = await apply(pass, state, group, events, position);
      position = result.position;
      if (result.kind === 'moved') {
        pass.log?.warn(
          { projections: group.map((p) => p.name) },
          'checkpoint moved; reading again from it',
        );
        break;
      }
    }
  } finally {
    clearInterval(rejoin);
    moved.abort();
  }
};

/**
 * Runs the pass until stopped: the projections that accept the store catch up, then follow;
 * a failure waits (longer each time in a row, up to a second) and starts again from the
 * stored checkpoints.
 */
const run = async (pass: Pass, state: PassState): Promise<void> => {
  const { options, signal, log } = pass;
  let delay = options.retryDelayMs ?? 200;
  let group: Projection[] = [];
  while (!signal.aborted) {
    try {
      const accepted = await accepting(pass, state);
      group = accepted.group;
      if (group.length === 0) {
        await sleep(pass.recheckMs, undefined, { signal }).catch(() => {});
        continue;
      }
      for (const projection of group) {
        const stored = accepted.checkpoints.find((c) => c.name === projection.name);
        state.committed.set(projection.name, stored?.position);
      }
      const position = await catchUp(pass, state, group);
      if (signal.aborted) return;
      await follow(pass, state, group, position);
      delay = options.retryDelayMs ?? 200;
    } catch (error) {
      if (signal.aborted) return;
      state.failures++;
      for (const projection of group) options.metrics?.batch(projection.name, 'failed');
      log?.error(
        { err: error, projections: group.map((p) => p.name), failures: state.failures },
        state.failures >= PARK_AFTER_FAILURES
          ? 'projection batch failed again; retrying, parking the events it cannot apply'
          : 'projection batch failed; retrying',
      );
      await sleep(delay, undefined, { signal }).catch(() => {});
      delay = Math.min(delay * 2, 1000);
    }
  }
};

/** The running pass as its callers see it. */
const runningProjections = (
  projections: readonly Projection[],
  state: PassState,
  controller: AbortController,
  running: Promise<void>,
): RunningProjections => ({
  position() {
    let lowest: bigint | undefined;
    for (const p of projections) {
      const position = state.committed.get(p.name);
      if (position === undefined) return undefined;
      if (lowest === undefined || position < lowest) lowest = position;
    }
    return lowest;
  },
  positions() {
    return Object.fromEntries(projections.map((p) => [p.name, state.committed.get(p.name)]));
  },
  refusals() {
    return Object.fromEntries(state.refused);
  },
  async stop() {
    controller.abort();
    await running;
  },
});

/**
 * Migrates the read model, then keeps every projection up to date in one pass: the events are
 * read once, from the lowest checkpoint of the projections (`readAll` to catch up, then the
 * store's live subscription), and each batch is applied to every projection in one
 * transaction with one checkpoint row per projection (each skips what it has applied already,
 * so a projection rebuilt on its own rejoins where it stands). A failed batch is rolled back
 * and retried from the stored checkpoints, so nothing is skipped or applied twice; an event
 * that keeps failing is parked with its error for the projection that fails it, and the
 * others apply it. A projection that refuses the store (its checkpoint is another store's)
 * stays out of the pass and is looked at again every so often.
 */
export const startProjections = async (
  options: StartProjectionsOptions,
): Promise<RunningProjections> => {
  const schema = options.schema ?? LIVE_SCHEMA;
  const projections = options.projections ?? allProjections;
  const { db, store } = options;
  const batchSize = options.batchSize ?? 500;
  const recheckMs = options.recheckMs ?? 10_000;
  const log = options.logger;
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;

  await migrateReadModel(db, schema);
  await registerCheckpoints(db, schema, projections);
  const storeId = await store.storeId();

  const pass: Pass = {
    options,
    db,
    store,
    schema,
    projections,
    batchSize,
    recheckMs,
    log,
    storeId,
    signal,
  };
  const state: PassState = { committed: new Map(), refused: new Map(), failures: 0 };

  const running = run(pass, state);
  log?.info({ projections: projections.map((p) => p.name), schema }, 'projections started');
  return runningProjections(projections, state, controller, running);
};
