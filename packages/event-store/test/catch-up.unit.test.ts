import { describe, expect, test } from 'vitest';
import { catchUpThenFollow } from '../src/catch-up.ts';
import type { RecordedEvent } from '../src/event-store.ts';
import { validateAppendRequests } from '../src/validate.ts';
import { Wakeup } from '../src/wakeup.ts';

const HOUR = 3_600_000;

function recorded(position: bigint): RecordedEvent {
  return {
    id: `e-${position}`,
    type: 'T',
    data: {},
    metadata: {},
    streamId: 's',
    streamVersion: Number(position) - 1,
    position,
    recordedAt: new Date(0),
  };
}

/** An in-memory log whose readAll behaves like the SQL adapters'. */
function memoryLog() {
  const events: RecordedEvent[] = [];
  const reads: (bigint | undefined)[] = [];
  return {
    events,
    reads,
    append(wakeup?: Wakeup) {
      events.push(recorded(BigInt(events.length + 1)));
      wakeup?.bump();
    },
    async readAll(after: bigint | undefined, limit: number) {
      reads.push(after);
      return events.filter((e) => after === undefined || e.position > after).slice(0, limit);
    },
  };
}

describe('catch up, then follow', () => {
  test('reads in batches from the checkpoint, then wakes for live events', async () => {
    const log = memoryLog();
    for (let i = 0; i < 7; i++) log.append();
    const wakeup = new Wakeup();
    const controller = new AbortController();
    const seen: bigint[] = [];
    for await (const event of catchUpThenFollow({
      readAll: log.readAll,
      after: 2n,
      batchSize: 2,
      wakeup,
      pollIntervalMs: HOUR,
      signal: controller.signal,
    })) {
      seen.push(event.position);
      if (event.position === 7n) log.append(wakeup);
      if (event.position === 8n) controller.abort();
    }
    expect(seen).toEqual([3n, 4n, 5n, 6n, 7n, 8n]);
    expect(log.reads.slice(0, 3)).toEqual([2n, 4n, 6n]);
  });

  test('a wake-up between a read and the wait is not slept through', async () => {
    const log = memoryLog();
    const wakeup = new Wakeup();
    const controller = new AbortController();
    const readAll = async (after: bigint | undefined, limit: number) => {
      const batch = await log.readAll(after, limit);
      // An append commits right after this read saw nothing new.
      if (log.events.length === 0) log.append(wakeup);
      return batch;
    };
    const seen: bigint[] = [];
    for await (const event of catchUpThenFollow({
      readAll,
      after: undefined,
      batchSize: 10,
      wakeup,
      pollIntervalMs: HOUR,
      signal: controller.signal,
    })) {
      seen.push(event.position);
      controller.abort();
    }
    expect(seen).toEqual([1n]);
  });

  test('polls when no wake-up comes', async () => {
    const log = memoryLog();
    const controller = new AbortController();
    const readAll = async (after: bigint | undefined, limit: number) => {
      const batch = await log.readAll(after, limit);
      // An append that nobody announces commits right after the first read saw nothing.
      if (log.events.length === 0) log.append();
      return batch;
    };
    const seen: bigint[] = [];
    for await (const event of catchUpThenFollow({
      readAll,
      after: undefined,
      batchSize: 10,
      wakeup: new Wakeup(),
      pollIntervalMs: 10,
      signal: controller.signal,
    })) {
      seen.push(event.position);
      controller.abort();
    }
    expect(seen).toEqual([1n]);
  });

  test('an abort while waiting ends the iteration', async () => {
    const controller = new AbortController();
    const waiting = Promise.withResolvers<void>();
    // A wake-up that tells when the reader has begun to wait on it.
    const wakeup = new (class extends Wakeup {
      override wait(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
        const waited = super.wait(seen, timeoutMs, signal);
        waiting.resolve();
        return waited;
      }
    })();
    const iteration = (async () => {
      for await (const _ of catchUpThenFollow({
        readAll: memoryLog().readAll,
        after: undefined,
        batchSize: 10,
        wakeup,
        pollIntervalMs: HOUR,
        signal: controller.signal,
      })) {
        // nothing is ever written
      }
      return 'ended';
    })();
    await waiting.promise;
    controller.abort();
    await expect(iteration).resolves.toBe('ended');
  });
});

describe('append request validation', () => {
  const event = { id: '0b6f4a64-3c1e-4d0f-9a57-6a1f2b1e9c10', type: 'T', data: {}, metadata: {} };
  test.each([
    [[], /at least one request/],
    [[{ stream: '', expected: 'any', events: [event] }], /stream name/],
    [[{ stream: 's', expected: -1, events: [event] }], /expected version/],
    [[{ stream: 's', expected: 1.5, events: [event] }], /expected version/],
    [[{ stream: 's', expected: 'any', events: [{ ...event, id: '' }] }], /id and a type/],
    [[{ stream: 's', expected: 'any', events: [{ ...event, id: 'e-1' }] }], /not a UUID/],
    [[{ stream: 's', expected: 'any', events: [{ ...event, data: null }] }], /must be objects/],
    [[{ stream: 's', expected: 'any', events: [{ ...event, metadata: [] }] }], /must be objects/],
  ])('refuses %j', (requests, message) => {
    expect(() => validateAppendRequests(requests as never)).toThrow(message);
  });

  test('accepts a well-formed request', () => {
    expect(() =>
      validateAppendRequests([{ stream: 's', expected: 0, events: [event] }]),
    ).not.toThrow();
  });
});
