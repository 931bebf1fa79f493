import { setImmediate } from 'node:timers/promises';

const IDLE = Symbol('idle');

/**
 * Groups a live stream into batches: whatever has already arrived, up to `max`. A batch is
 * handed on as soon as the source has nothing more ready, so a quiet stream still applies
 * each event promptly while a busy one is applied in large batches.
 */
export async function* batched<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | undefined;
  try {
    for (;;) {
      const first = await (pending ?? iterator.next());
      pending = undefined;
      if (first.done) return;
      const batch: T[] = [first.value];
      let ended = false;
      while (batch.length < max) {
        pending = iterator.next();
        const next = await Promise.race([pending, setImmediate(IDLE)]);
        if (next === IDLE) break;
        pending = undefined;
        if (next.done) {
          ended = true;
          break;
        }
        batch.push(next.value);
      }
      yield batch;
      if (ended) return;
    }
  } finally {
    // Not awaited: a pending read ends when the subscription's signal is aborted.
    iterator.return?.()?.catch(() => {});
  }
}
