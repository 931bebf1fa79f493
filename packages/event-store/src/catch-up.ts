import type { RecordedEvent } from './event-store.ts';
import type { Wakeup } from './wakeup.ts';

export interface CatchUpOptions {
  /** Reads events strictly after `after`, in position order, at most `limit`. */
  readAll(after: bigint | undefined, limit: number): Promise<RecordedEvent[]>;
  after: bigint | undefined;
  batchSize: number;
  wakeup: Wakeup;
  pollIntervalMs: number;
  signal: AbortSignal;
}

/**
 * Catch up in batches from the checkpoint, then follow: when a batch comes back short the
 * reader is at the head, so it waits for a wake-up (or the polling interval) and reads again
 * from the last position it delivered. There is no separate "live" channel to hand over to:
 * live events are read by the same query, so nothing is lost or repeated at the handover.
 * Correct only where readAll never returns position p before every position below p is
 * visible; the SQL adapters guarantee that (see docs/event-store.md).
 */
export async function* catchUpThenFollow(options: CatchUpOptions): AsyncGenerator<RecordedEvent> {
  const { wakeup, signal, batchSize, pollIntervalMs } = options;
  let checkpoint = options.after;
  while (!signal.aborted) {
    const seen = wakeup.generation;
    const batch = await options.readAll(checkpoint, batchSize);
    for (const event of batch) {
      if (signal.aborted) return;
      yield event;
      checkpoint = event.position;
    }
    if (batch.length < batchSize) await wakeup.wait(seen, pollIntervalMs, signal);
  }
}

/** An AbortSignal that fires when any of the given signals fires. */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
}
