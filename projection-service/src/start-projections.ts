import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import { batched } from '@second-gear/event-store';
import { allProjections, traceOf } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import {
  checkpointMismatches,
  LIVE_SCHEMA,
  migrateReadModel,
  REBUILD_ADVICE,
  type ReadModelDb,
  readCheckpoints,
} from '@second-gear/read-model';
import { inSpan, linkTo, recordEventSpans } from '@second-gear/telemetry';
import type { Logger } from 'pino';
import {
  applyBatch,
  describeFailure,
  ProjectionFailure,
  readPosition,
  registerCheckpoints,
  type StalledProjection,
  settleProjections,
} from './apply-batch.ts';
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
  /**
   * How often the running projections check that the store still holds the event at their
   * checkpoints (3 s): a store rolled back or restored in place while they run would otherwise
   * hand out positions they have passed to new events.
   */
  identityCheckMs?: number;
  /** Counts the batches and the events they apply (the service's `/metrics`). */
  metrics?: SubscriptionCounters;
}

/** The longest a projection held before an event waits before it tries that event again. */
const MAX_REST_MS = 5000;

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
  /**
   * The projections that failed since they last applied a batch (a lock timeout, a deadlock, a
   * bug), held before the event and trying again: how many times in a row, and the last error.
   */
  failures(): Record<string, ProjectionFailures>;
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
  identityCheckMs: number;
  log: StartProjectionsOptions['logger'];
  storeId: string;
  /** The caller's signal and `stop()`'s. */
  signal: AbortSignal;
}

export interface ProjectionFailures {
  failures: number;
  error: string;
}

/** What the pass has learned, which the running projections' API reads. */
interface PassState {
  /** Each projection's committed position, as this process saw it. */
  committed: Map<string, bigint | undefined>;
  /** Projections that refuse to go on, with the reason: their checkpoint is another store's. */
  refused: Map<string, string>;
  /** The projections failing now, each since it last applied a batch. */
  failing: Map<string, ProjectionFailures>;
  /**
   * After a failure, batches are applied event by event (parking what the events cause,
   * holding a projection that fails otherwise) until one applies with nobody held.
   */
  oneByOne: boolean;
  /**
   * Projections held before an event, each out of the pass until the time given (longer each
   * failure in a row), while the others go on; then it joins again and tries that event.
   */
  resting: Map<string, number>;
  /** When the last settling ended, and how long it took (`settling`). */
  settledAt: number;
  settleMs: number;
  /** Whether batches applied since the last settling left something to settle. */
  owed: boolean;
  /** What the pass is writing now (a batch, or a settling of its own): the next waits for it. */
  busy: Promise<unknown>;
}

/** The projections of `group` that are not resting (`PassState.resting`). */
const awake = (state: PassState, group: readonly Projection[]): Projection[] => {
  const now = Date.now();
  return group.filter((p) => (state.resting.get(p.name) ?? 0) <= now);
};

/** When the first resting projection joins again (undefined: none rests). */
const nextWake = (state: PassState): number | undefined =>
  state.resting.size === 0 ? undefined : Math.min(...state.resting.values());

/** Thrown after a batch committed with projections held at an event: the pass starts again. */
class Stalled extends Error {
  override name = 'Stalled';
  readonly stalled: readonly StalledProjection[];
  constructor(stalled: readonly StalledProjection[]) {
    super(stalled.map((s) => `${s.projection} at ${s.position}: ${s.error}`).join('; '));
    this.stalled = stalled;
  }
}

/**
 * The projections that accept this store's events, with the checkpoints read to tell; the
 * others are noted as refusing.
 */
const accepting = async (pass: Pass, state: PassState) => {
  const { db, schema, store, storeId, log } = pass;
  const checkpoints = await readCheckpoints(db, schema);
  const mismatches = await checkpointMismatches(store, checkpoints, storeId);
  const group: Projection[] = [];
  for (const projection of pass.projections) {
    const mismatch = mismatches.get(projection.name);
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

/** At most this long passes between two settlings while a backlog is caught up in full batches. */
const SETTLE_MS = 1_000;
/** A settling this quick runs with every batch that catches up, however close they come. */
const QUICK_SETTLE_MS = 20;
/** How long the log stays quiet before what the batches left is settled on its own. */
const QUIET_MS = 50;

/**
 * How long after the last settling ended the next may start: while the log holds more (a full
 * batch), a second or as long as the last took; once caught up, at once when the last was
 * quick, else as long as it took. So a dear settling (valuing makes and models of many cars)
 * takes at most half of the pass's time while a burst comes in, and runs once more after it.
 */
const settleGap = (pass: Pass, state: PassState, events: readonly RecordedEvent[]): number => {
  if (events.length >= pass.batchSize) return Math.max(SETTLE_MS, state.settleMs);
  return state.settleMs < QUICK_SETTLE_MS ? 0 : state.settleMs;
};

/** Whether a batch settles what the batches before it left (`Projection.settle`). */
const settling = (pass: Pass, state: PassState, events: readonly RecordedEvent[]): boolean =>
  Date.now() - state.settledAt >= settleGap(pass, state, events);

/** Notes a settling that took `ms` and has just ended. */
const settled = (state: PassState, ms: number) => {
  state.settledAt = Date.now();
  state.settleMs = ms;
  state.owed = false;
};

/** Runs `work` once whatever the pass is writing has ended, and before what comes next. */
const exclusive = <T>(state: PassState, work: () => Promise<T>): Promise<T> => {
  const running = state.busy.then(work);
  state.busy = running.catch(() => {});
  return running;
};

/**
 * Settles what the last batches left, in a transaction of its own, when no batch has since:
 * the log went quiet before one was due to. A failure is logged, and left to the next batch.
 */
const settleOwed = async (pass: Pass, state: PassState, group: readonly Projection[]) => {
  if (!state.owed || pass.signal.aborted) return;
  try {
    const ms = await settleProjections(pass.db, {
      schema: pass.schema,
      projections: group,
      durable: false,
    });
    settled(state, ms);
  } catch (error) {
    pass.log?.error(
      { err: error },
      'settling after the log went quiet failed; the next batch will',
    );
  }
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
  const settle = settling(pass, state, events);
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
        parkFailures: state.oneByOne,
        storeId: pass.storeId,
        settle,
        // The read model is derived: a batch lost to a crash before its commit reached the
        // disk is lost with its checkpoint, and applied again from the log. Not waiting for
        // the flush makes a write visible a few milliseconds sooner.
        durable: false,
      }),
  );
  if (result.kind !== 'applied') return result;
  if (settle) settled(state, result.settleMs);
  else state.owed = true;
  const held = new Set(result.stalled.map((s) => s.projection));
  for (const projection of group) {
    const applied = result.appliedBy[projection.name] ?? 0;
    const now = result.positions[projection.name];
    const before = state.committed.get(projection.name);
    if (now !== undefined && (before === undefined || now > before)) {
      state.committed.set(projection.name, now);
    }
    if (held.has(projection.name)) continue;
    state.failing.delete(projection.name);
    state.resting.delete(projection.name);
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
  if (result.stalled.length > 0) throw new Stalled(result.stalled);
  state.oneByOne = false;
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
            (now) => awake(state, now.group).length > group.length && moved.abort(),
            () => {},
          );
        }, pass.recheckMs)
      : undefined;
  // The store checked under the running group: one that no longer holds the event at a
  // checkpoint ends the following, and the next pass refuses it (`accepting`).
  const identity = setInterval(() => {
    void accepting(pass, state).then(
      (now) => group.some((p) => !now.group.includes(p)) && moved.abort(),
      () => {},
    );
  }, pass.identityCheckMs);
  const wake = nextWake(state);
  const rested =
    wake === undefined
      ? undefined
      : setTimeout(() => moved.abort(), Math.max(0, wake - Date.now()));
  // What the batches left to settle is settled once the log has been quiet for a moment and the
  // settling is due, unless a batch comes first: a timer that fired while a batch was applied
  // waits its turn, then gives way to the one that batch set.
  let owing: NodeJS.Timeout | undefined;
  let batches = 0;
  const owe = () => {
    clearTimeout(owing);
    if (!state.owed) return;
    const armed = batches;
    const due = Math.max(state.settledAt + state.settleMs - Date.now(), QUIET_MS);
    owing = setTimeout(() => {
      void exclusive(state, async () => {
        if (batches === armed) await settleOwed(pass, state, group);
      });
    }, due);
  };
  owe();
  try {
    const subscription = pass.store.subscribe({
      ...(position === undefined ? {} : { after: position }),
      signal: following,
    });
    for await (const events of batched(subscription, pass.batchSize)) {
      const result = await exclusive(state, () => {
        batches++;
        return apply(pass, state, group, events, position);
      });
      owe();
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
    clearInterval(identity);
    clearTimeout(rested);
    clearTimeout(owing);
    moved.abort();
    await state.busy;
  }
};

/**
 * Counts a failure against the projections it is theirs: those held at an event, the one whose
 * batch failed, or all of them when the database failed. The next batches go event by event.
 */
const noteFailure = (
  pass: Pass,
  state: PassState,
  group: readonly Projection[],
  error: unknown,
) => {
  const failed: [string, string][] =
    error instanceof Stalled
      ? error.stalled.map((s) => [s.projection, `at position ${s.position}: ${s.error}`])
      : error instanceof ProjectionFailure
        ? [[error.projection, describeFailure(error.cause)]]
        : group.map((p) => [p.name, describeFailure(error)]);
  const firstDelay = pass.options.retryDelayMs ?? 200;
  for (const [name, why] of failed) {
    const failures = (state.failing.get(name)?.failures ?? 0) + 1;
    state.failing.set(name, { failures, error: why });
    if (error instanceof Stalled) {
      const rest = Math.min(firstDelay * 2 ** Math.min(failures - 1, 10), MAX_REST_MS);
      state.resting.set(name, Date.now() + rest);
    }
    pass.options.metrics?.batch(name, 'failed');
    pass.log?.error(
      { err: error, projection: name, failures },
      error instanceof Stalled
        ? 'projection held before an event it failed to apply; trying again'
        : 'projection batch failed; trying again event by event, parking what the events cause',
    );
  }
  state.oneByOne = true;
};

/**
 * Runs the pass until stopped: the projections that accept the store catch up, then follow;
 * a failure waits (longer each time in a row, up to a second) and starts again from the
 * stored checkpoints.
 */
const run = async (pass: Pass, state: PassState): Promise<void> => {
  const { options, signal } = pass;
  let delay = options.retryDelayMs ?? 200;
  let group: Projection[] = [];
  while (!signal.aborted) {
    try {
      const accepted = await accepting(pass, state);
      group = awake(state, accepted.group);
      if (group.length === 0) {
        const wait = Math.min(pass.recheckMs, (nextWake(state) ?? Infinity) - Date.now());
        await sleep(Math.max(0, wait), undefined, { signal }).catch(() => {});
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
      noteFailure(pass, state, group, error);
      // Those held rest on their own, and the others go on at once.
      if (error instanceof Stalled) continue;
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
  failures() {
    return Object.fromEntries(state.failing);
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
 * and tried again event by event from the stored checkpoints, so nothing is skipped or applied
 * twice: an event that a projection cannot apply because of the event itself is parked with
 * its error for that projection (and the later events of its stream behind it), and the
 * others apply it; a projection that fails otherwise waits before that event, trying again,
 * while the others go on. A projection that refuses the store (its checkpoint is another store's)
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
  const identityCheckMs = options.identityCheckMs ?? 3000;
  const log = options.logger;
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;

  await migrateReadModel(db, schema);
  await registerCheckpoints(db, schema, projections);
  for (const projection of projections) await projection.prepare?.(db.withSchema(schema));
  const storeId = await store.storeId();

  const pass: Pass = {
    options,
    db,
    store,
    schema,
    projections,
    batchSize,
    recheckMs,
    identityCheckMs,
    log,
    storeId,
    signal,
  };
  const state: PassState = {
    committed: new Map(),
    refused: new Map(),
    failing: new Map(),
    oneByOne: false,
    settledAt: 0,
    settleMs: 0,
    // What an earlier run left unsettled (it stopped between a batch and its settling).
    owed: true,
    busy: Promise.resolve(),
    resting: new Map(),
  };

  const running = run(pass, state);
  log?.info({ projections: projections.map((p) => p.name), schema }, 'projections started');
  return runningProjections(projections, state, controller, running);
};
