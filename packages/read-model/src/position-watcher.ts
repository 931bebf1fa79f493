import type { ReadModelChanges } from './changes.ts';
import { readCheckpoints, type WaitResult } from './checkpoints.ts';
import type { ReadModelDb } from './database.ts';
import type { ProjectionName } from './schema.ts';

export interface PositionWatcherOptions {
  db: ReadModelDb;
  schema: string;
  /**
   * The projectors' commit notifications: each one has the checkpoints read once. Without them
   * the checkpoints are read every `recheckMs` while anyone waits.
   */
  changes?: ReadModelChanges;
  /** The event store's head: a position beyond it can never be reached. */
  headPosition: () => Promise<bigint | undefined>;
  /**
   * How often the checkpoints are read while anyone waits, in case a notification was lost:
   * default 1 s with notifications, 20 ms without.
   */
  recheckMs?: number;
}

export interface WaitOptions {
  /** The projections to wait for; every one when absent. */
  projections?: readonly ProjectionName[] | undefined;
  timeoutMs: number;
  /** Ends the wait early (the client went away). */
  signal?: AbortSignal;
}

/**
 * How a wait ended: `reached`; `timed-out`; `beyond-head` (answered at once, the position does
 * not exist yet); `cancelled` (the client went away, or the watcher closed).
 */
export type WaitOutcome = 'reached' | 'timed-out' | 'beyond-head' | 'cancelled';

export interface WatchResult extends WaitResult {
  outcome: WaitOutcome;
}

export interface PositionWatcher {
  /** Reads the checkpoints for the first time and starts listening. */
  start(): Promise<void>;
  /**
   * Waits until the projections have applied the event at `position`, for at most
   * `timeoutMs`. Answers at once when they already have, and when the position is beyond the
   * store's head (it can never be reached).
   */
  waitFor(position: bigint, options: WaitOptions): Promise<WatchResult>;
  /** Stops listening; whoever still waits is answered "not reached". */
  close(): void;
}

interface Waiter {
  position: bigint;
  projections: readonly string[] | undefined;
  settle(outcome?: WaitOutcome): void;
}

/** What the watcher knows and holds, which each of its parts reads and updates. */
interface Watch {
  options: PositionWatcherOptions;
  recheckMs: number;
  /** Each projection's checkpoint as last read; undefined until the first read succeeds. */
  checkpoints: ReadonlyMap<string, bigint | undefined> | undefined;
  /** The store's head is at least this (it only grows). */
  knownHead: bigint | undefined;
  waiters: Set<Waiter>;
  reading: Promise<void> | undefined;
  again: boolean;
  recheck: NodeJS.Timeout | undefined;
  unsubscribe: (() => void) | undefined;
  closed: boolean;
}

/** The lowest checkpoint of `projections` (of all when undefined); undefined while one has none. */
const progressOf = (
  { checkpoints }: Watch,
  projections: readonly string[] | undefined,
): bigint | undefined => {
  if (checkpoints === undefined || checkpoints.size === 0) return undefined;
  let lowest: bigint | undefined;
  for (const name of projections ?? checkpoints.keys()) {
    const position = checkpoints.get(name);
    if (position === undefined) return undefined;
    if (lowest === undefined || position < lowest) lowest = position;
  }
  return lowest;
};

const release = (watch: Watch) => {
  for (const waiter of watch.waiters) {
    const progress = progressOf(watch, waiter.projections);
    if (progress !== undefined && progress >= waiter.position) waiter.settle('reached');
  }
};

const read = (watch: Watch): Promise<void> => {
  if (watch.reading) {
    // A commit announced while reading may have come after the read: read once more.
    watch.again = true;
    return watch.reading;
  }
  watch.reading = (async () => {
    do {
      watch.again = false;
      try {
        const rows = await readCheckpoints(watch.options.db, watch.options.schema);
        watch.checkpoints = new Map(rows.map((row) => [row.name, row.position]));
        release(watch);
      } catch {
        // Kept as they were: the next commit, or the next recheck, reads them again.
      }
    } while (watch.again && !watch.closed);
    watch.reading = undefined;
  })();
  return watch.reading;
};

// Only while anyone waits: when none does, nothing is read but at commits.
const recheckWhileWaited = (watch: Watch) => {
  if (watch.recheck === undefined && watch.waiters.size > 0) {
    watch.recheck = setInterval(() => void read(watch), watch.recheckMs);
    watch.recheck.unref();
  } else if (watch.recheck !== undefined && watch.waiters.size === 0) {
    clearInterval(watch.recheck);
    watch.recheck = undefined;
  }
};

/**
 * Whether the position is past the store's head. The head is read only for a position above
 * every checkpoint (below one, some projection has applied it, so it exists), and not again
 * for one at or below a head already seen.
 */
const beyondHead = async (watch: Watch, position: bigint): Promise<boolean> => {
  if (watch.knownHead !== undefined && position <= watch.knownHead) return false;
  for (const checkpoint of watch.checkpoints?.values() ?? []) {
    if (checkpoint !== undefined && position <= checkpoint) return false;
  }
  try {
    const head = await watch.options.headPosition();
    if (head !== undefined && (watch.knownHead === undefined || head > watch.knownHead)) {
      watch.knownHead = head;
    }
    return head === undefined || position > head;
  } catch {
    // Unknown: wait as for any other position.
    return false;
  }
};

const waitFor = async (
  watch: Watch,
  position: bigint,
  { projections, timeoutMs, signal }: WaitOptions,
): Promise<WatchResult> => {
  const deadline = Date.now() + timeoutMs;
  if (watch.checkpoints === undefined) await (watch.reading ?? read(watch));
  // The outcome names why a wait that did not reach its position ended.
  const now = (otherwise: WaitOutcome): WatchResult => {
    const progress = progressOf(watch, projections);
    const reached = progress !== undefined && progress >= position;
    return { reached, position: progress, outcome: reached ? 'reached' : otherwise };
  };
  if (now('cancelled').reached || watch.closed || signal?.aborted) return now('cancelled');
  if (timeoutMs <= 0) return now('timed-out');
  if (await beyondHead(watch, position)) return now('beyond-head');
  return new Promise<WatchResult>((resolve) => {
    const cancel = () => waiter.settle('cancelled');
    const waiter: Waiter = {
      position,
      projections,
      settle: (outcome = 'cancelled') => {
        watch.waiters.delete(waiter);
        clearTimeout(timeout);
        signal?.removeEventListener('abort', cancel);
        recheckWhileWaited(watch);
        resolve(now(outcome));
      },
    };
    const timeout = setTimeout(
      () => waiter.settle('timed-out'),
      Math.max(0, deadline - Date.now()),
    );
    signal?.addEventListener('abort', cancel, { once: true });
    watch.waiters.add(waiter);
    recheckWhileWaited(watch);
    // A read that ended while the head was being read has released nobody yet.
    release(watch);
  });
};

/**
 * One watcher of the checkpoints for a whole process, so that read-your-writes costs one read
 * of the checkpoints per projector commit rather than one per waiting request per few
 * milliseconds. The checkpoints are read when the watcher starts, on every commit notification
 * (and when the listening connection was made again, which means "anything may have changed"),
 * and every `recheckMs` while anyone waits; each read releases every waiter whose position
 * its projections have reached.
 */
export const watchPositions = (options: PositionWatcherOptions): PositionWatcher => {
  const { schema, changes } = options;
  const watch: Watch = {
    options,
    recheckMs: options.recheckMs ?? (changes ? 1000 : 20),
    checkpoints: undefined,
    knownHead: undefined,
    waiters: new Set(),
    reading: undefined,
    again: false,
    recheck: undefined,
    unsubscribe: undefined,
    closed: false,
  };

  return {
    async start() {
      watch.unsubscribe = changes?.subscribe((changed) => {
        if (changed === undefined || changed === schema) void read(watch);
      });
      await read(watch);
    },

    waitFor: (position, waitOptions) => waitFor(watch, position, waitOptions),

    close() {
      watch.closed = true;
      watch.unsubscribe?.();
      for (const waiter of watch.waiters) waiter.settle('cancelled');
      recheckWhileWaited(watch);
    },
  };
};
