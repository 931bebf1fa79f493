import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type EventData,
  type EventStore,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../src/index.ts';
import { type AdapterUnderTest, adaptersUnderTest, type OpenedStore } from './adapters.ts';

/**
 * One conformance suite, run against every adapter that can run here. An adapter that cannot
 * is still listed, as a skipped suite whose title says why.
 */
const adapters = await adaptersUnderTest();

for (const adapter of adapters) {
  if (adapter.skipReason) {
    console.warn(`Event store conformance: ${adapter.name} skipped: ${adapter.skipReason}`);
    describe.skip(`${adapter.name} (skipped: ${adapter.skipReason})`, () => conformance(adapter));
  } else {
    describe(adapter.name, () => conformance(adapter));
  }
}

function conformance(adapter: AdapterUnderTest): void {
  let opened: OpenedStore;
  let store: EventStore;

  beforeAll(async () => {
    opened = await adapter.open();
    store = opened.store;
  }, 60_000);

  afterAll(async () => {
    await opened?.dispose();
  }, 60_000);

  describe('expected versions', () => {
    test('a new stream accepts "no_stream", then refuses it', async () => {
      const stream = streamName('car');
      const written = await store.append(stream, 'no_stream', [event('CarListed')]);
      expect(written.versions).toEqual([{ stream, version: 0 }]);

      const error = await store
        .append(stream, 'no_stream', [event('CarListed')])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ stream, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    test('an exact version must match the stream, and the error says what it is', async () => {
      const stream = streamName('car');
      await store.append(stream, 'no_stream', [event('CarListed')]);
      const second = await store.append(stream, 0, [event('CarAdvertised'), event('CarBooked')]);
      expect(second.versions).toEqual([{ stream, version: 2 }]);

      const stale = await store.append(stream, 0, [event('CarDeleted')]).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ stream, expected: 0, actual: 2 });
      expect((stale as Error).message).toContain(stream);

      const missing = streamName('car');
      const none = await store.append(missing, 0, [event('CarBooked')]).catch((e: unknown) => e);
      expect(none).toBeInstanceOf(WrongExpectedVersionError);
      expect(none).toMatchObject({ stream: missing, expected: 0, actual: 'no_stream' });
      expect(await store.readStream(missing)).toEqual([]);

      await store.append(stream, 2, [event('CarDeleted')]);
      expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
    });

    test('"any" appends to a new and to an existing stream', async () => {
      const stream = streamName('user');
      expect((await store.append(stream, 'any', [event('A')])).versions[0]?.version).toBe(0);
      expect((await store.append(stream, 'any', [event('B')])).versions[0]?.version).toBe(1);
    });

    test('two writers with the same expected version: exactly one wins', async () => {
      for (let round = 0; round < 10; round++) {
        const stream = streamName('car');
        await store.append(stream, 'no_stream', [event('CarListed')]);
        const attempts = [event('CarBooked', { by: 'a' }), event('CarBooked', { by: 'b' })];
        const results = await Promise.allSettled(attempts.map((e) => store.append(stream, 0, [e])));

        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(lost[0]?.reason).toMatchObject({ stream, expected: 0, actual: 1 });

        const winner = attempts[results.indexOf(won[0]!)]!;
        const events = await store.readStream(stream);
        expect(events.map((e) => e.id)).toEqual([events[0]?.id, winner.id]);
      }
    });

    test('two writers reserving the same new stream: exactly one wins', async () => {
      for (let round = 0; round < 10; round++) {
        const reservation = streamName('email');
        const attempts = [event('EmailReserved', { by: 'a' }), event('EmailReserved', { by: 'b' })];
        const results = await Promise.allSettled(
          attempts.map((e) => store.append(reservation, 'no_stream', [e])),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r) => r.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(lost?.reason).toMatchObject({ stream: reservation, expected: 'no_stream' });
        expect(await store.readStream(reservation)).toHaveLength(1);
      }
    });
  });

  describe('appendMany', () => {
    test('writes every stream, positions in request order', async () => {
      const user = streamName('user');
      const email = streamName('email');
      await store.append(user, 'no_stream', [event('UserRegistered')]);
      const head = await store.headPosition();

      const first = [event('UserPromoted')];
      const second = [event('EmailReserved'), event('EmailConfirmed')];
      const result = await store.appendMany([
        { stream: user, expected: 0, events: first },
        { stream: email, expected: 'no_stream', events: second },
      ]);
      expect(result.versions).toEqual([
        { stream: user, version: 1 },
        { stream: email, version: 1 },
      ]);

      const written = (await readEverythingAfter(store, head)).filter((e) =>
        [user, email].includes(e.streamId),
      );
      expect(written.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      expect(result.position).toBe(written.at(-1)?.position);
    });

    test('one failing expectation writes nothing at all', async () => {
      const category = streamName('category');
      const name = streamName('category-name');
      await store.append(name, 'no_stream', [event('CategoryNameReserved')]);
      const head = await store.headPosition();

      const error = await store
        .appendMany([
          { stream: category, expected: 'no_stream', events: [event('CategoryCreated')] },
          { stream: name, expected: 'no_stream', events: [event('CategoryNameReserved')] },
        ])
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ stream: name, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(category)).toEqual([]);
      expect(await store.readStream(name)).toHaveLength(1);
      const after = await readEverythingAfter(store, head);
      expect(after.filter((e) => [category, name].includes(e.streamId))).toEqual([]);
    });

    test('a failing expectation on the first stream writes nothing either', async () => {
      const car = streamName('car');
      const other = streamName('car');
      await store.append(car, 'no_stream', [event('CarListed')]);
      const error = await store
        .appendMany([
          { stream: car, expected: 5, events: [event('CarDeleted')] },
          { stream: other, expected: 'any', events: [event('CarListed')] },
        ])
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ stream: car, expected: 5, actual: 0 });
      expect(await store.readStream(other)).toEqual([]);
      expect(await store.readStream(car)).toHaveLength(1);
    });
  });

  describe('identity', () => {
    test('has one, the same through every handle, and it is never read as an event', async () => {
      const id = await store.storeId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await store.storeId()).toBe(id);
      const another = await opened.openAnother();
      try {
        expect(await another.storeId()).toBe(id);
      } finally {
        await another.close();
      }
      const head = await store.headPosition();
      const all = await store.readAll({ limit: 1000 });
      expect(
        all.filter((e) => e.type.startsWith('$') || e.streamId === 'second-gear-store'),
      ).toEqual([]);
      expect(head === undefined || all.length > 0).toBe(true);
    });
  });

  describe('reading', () => {
    test('reads back exactly what was written', async () => {
      const stream = streamName('car');
      const events: EventData[] = [
        {
          id: randomUUID(),
          type: 'CarListed',
          data: {
            name: 'Škoda Octavia “Combi” 🚗',
            price: 12_500.5,
            original_price: 21000,
            use: '3 years',
            booked: false,
            pictures: ['a.png', 'b.png'],
            seller: { email: 'seller@example.com', phone: '+49 30 1234567', verified: true },
            note: null,
          },
          metadata: {
            actor: { uid: 'u-1', email: 'seller@example.com', role: 'Seller' },
            at: '2026-01-02T03:04:05.678Z',
            correlationId: randomUUID(),
            causationId: randomUUID(),
            schemaVersion: 1,
          },
        },
        { id: randomUUID(), type: 'CarAdvertised', data: {}, metadata: { schemaVersion: 1 } },
      ];
      const head = await store.headPosition();
      const result = await store.append(stream, 'no_stream', events);

      const read = await store.readStream(stream);
      expect(read).toHaveLength(2);
      read.forEach((recorded, index) => {
        const written = events[index]!;
        expect(recorded.id).toBe(written.id);
        expect(recorded.type).toBe(written.type);
        expect(recorded.data).toEqual(written.data);
        expect(recorded.metadata).toEqual(written.metadata);
        expect(recorded.streamId).toBe(stream);
        expect(recorded.streamVersion).toBe(index);
        expect(typeof recorded.position).toBe('bigint');
        expect(recorded.recordedAt).toBeInstanceOf(Date);
        expect(Number.isNaN(recorded.recordedAt.getTime())).toBe(false);
      });
      expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
      expect(result.position).toBe(read[1]!.position);

      const fromAll = (await readEverythingAfter(store, head)).filter((e) => e.streamId === stream);
      expect(fromAll).toEqual(read);
      expect(await store.readStream(stream, { fromVersion: 1 })).toEqual([read[1]]);
    });

    test('answers the event at a position, and none where no event is', async () => {
      const stream = streamName('car');
      await store.append(stream, 'no_stream', [event('CarUpdated', { i: 0 })]);
      const { position } = await store.append(stream, 0, [event('CarUpdated', { i: 1 })]);
      const [second] = await store.readStream(stream, { fromVersion: 1 });
      expect(await store.eventAt(position)).toEqual(second);
      // Past the head: no event there.
      expect(await store.eventAt(position + 1_000_000n)).toBeUndefined();
    });

    test('a stream that does not exist reads as empty', async () => {
      expect(await store.readStream(streamName('nobody'))).toEqual([]);
    });

    test('positions strictly increase and the head follows the last append', async () => {
      const stream = streamName('car');
      const positions: bigint[] = [];
      for (let i = 0; i < 5; i++) {
        const { position } = await store.append(stream, i - 1 < 0 ? 'no_stream' : i - 1, [
          event('CarUpdated', { i }),
        ]);
        positions.push(position);
        // Other adapters' users may write too, so the head is at least our position.
        expect((await store.headPosition()) ?? -1n).toBeGreaterThanOrEqual(position);
      }
      expect(isStrictlyIncreasing(positions)).toBe(true);
      expect((await store.readStream(stream)).map((e) => e.position)).toEqual(positions);
    });

    test('readAll pages through every event once, in position order', async () => {
      const head = await store.headPosition();
      const stream = streamName('car');
      const written = Array.from({ length: 7 }, (_, i) => event('CarUpdated', { i }));
      await store.append(stream, 'no_stream', written.slice(0, 4));
      await store.append(stream, 3, written.slice(4));

      const pages: RecordedEvent[][] = [];
      let after = head;
      for (;;) {
        const page = await store.readAll({ after, limit: 3 });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(3);
        pages.push(page);
        after = page.at(-1)!.position;
      }
      const all = pages.flat();
      expect(isStrictlyIncreasing(all.map((e) => e.position))).toBe(true);
      expect(all.filter((e) => e.streamId === stream).map((e) => e.id)).toEqual(
        written.map((e) => e.id),
      );
      expect(all).toEqual(await readEverythingAfter(store, head));
    });
  });

  describe('subscriptions', () => {
    test('delivers from a checkpoint on, then live events', async () => {
      const stream = streamName('car');
      const first = [event('CarListed'), event('CarAdvertised'), event('CarBooked')];
      await store.append(stream, 'no_stream', first);
      const checkpoint = (await store.readStream(stream))[1]!.position;

      const controller = new AbortController();
      const seen: RecordedEvent[] = [];
      const later = [event('CarDeleted'), event('CarRestored')];
      const done = (async () => {
        for await (const recorded of store.subscribe({
          after: checkpoint,
          signal: controller.signal,
        })) {
          if (recorded.streamId !== stream) continue;
          seen.push(recorded);
          if (seen.length === 1) await store.append(stream, 2, later);
          if (seen.length === 3) controller.abort();
        }
      })();
      await done;
      expect(seen.map((e) => e.id)).toEqual([first[2]!, ...later].map((e) => e.id));
      expect(seen.map((e) => e.streamVersion)).toEqual([2, 3, 4]);
    });

    test('ends cleanly when its signal aborts while it waits for events', async () => {
      const controller = new AbortController();
      const head = await store.headPosition();
      const seen: RecordedEvent[] = [];
      const done = (async () => {
        for await (const recorded of store.subscribe({ after: head, signal: controller.signal })) {
          seen.push(recorded);
        }
        return 'ended';
      })();
      // Timed: the abort must land while the subscriber idles at the head, which nothing exposes.
      setTimeout(() => controller.abort(), 50);
      await expect(done).resolves.toBe('ended');
    });

    test('ends when the consumer stops iterating', async () => {
      const stream = streamName('car');
      await store.append(stream, 'no_stream', [event('A'), event('B')]);
      const [first, second] = await store.readStream(stream);
      let count = 0;
      for await (const recorded of store.subscribe({ after: first!.position })) {
        expect(recorded.id).toBe(second!.id);
        count += 1;
        break;
      }
      expect(count).toBe(1);
    });

    test('closing one store leaves a shared connection usable for the others', async () => {
      const another = await opened.openAnother();
      const stream = streamName('car');
      await another.append(stream, 'no_stream', [event('CarListed')]);
      await another.close();
      await another.close();
      expect(await store.readStream(stream)).toHaveLength(1);
      await store.append(stream, 0, [event('CarAdvertised')]);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    test('a write through another handle on the same storage wakes a live subscriber', async () => {
      // With an hour between polls, only the adapter's notification can deliver in time.
      const listener = await opened.openAnother({ pollIntervalMs: 3_600_000 });
      try {
        const head = await listener.headPosition();
        const stream = streamName('car');
        // The subscriber's first read finds this one; the write comes only after that read.
        const earlier = event('CarListed');
        await store.append(stream, 'no_stream', [earlier]);
        const written = event('CarAdvertised');
        const controller = new AbortController();
        const caughtUp = Promise.withResolvers<void>();
        const seen = (async () => {
          for await (const recorded of listener.subscribe({
            after: head,
            signal: controller.signal,
          })) {
            if (recorded.id === earlier.id) caughtUp.resolve();
            if (recorded.id === written.id) return recorded;
          }
          return undefined;
        })();
        // The subscriber has read up to the head: the write can only reach it by notification.
        await Promise.race([caughtUp.promise, seen]);
        await store.append(stream, 0, [written]);
        expect((await seen)?.streamId).toBe(stream);
        controller.abort();
      } finally {
        await listener.close();
      }
    });

    test('concurrent writers: live and catching-up subscribers see every event once, in order', async () => {
      const run = randomUUID().slice(0, 8);
      const ours = (streamId: string) => streamId.includes(run);
      const writers = 8;
      const appendsPerWriter = 50;
      const head = await store.headPosition();

      const controller = new AbortController();
      const sentinel = event('StressDone');
      const subscribe = async (after: bigint | undefined) => {
        const seen: RecordedEvent[] = [];
        for await (const recorded of store.subscribe({ after, signal: controller.signal })) {
          if (recorded.id === sentinel.id) return seen;
          if (ours(recorded.streamId)) seen.push(recorded);
        }
        throw new Error('the subscription ended before the last event arrived');
      };

      const live = subscribe(head);
      let startCatchingUp: () => void = () => {};
      const catchingUpStarts = new Promise<void>((resolve) => {
        startCatchingUp = resolve;
      });
      // Starts from the same checkpoint once a fifth of the work is done: it catches up while
      // writers are still busy and must hand over to live reading without a gap or a repeat.
      const catchingUp = catchingUpStarts.then(() => subscribe(head));

      const written: string[] = [];

      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const own = `stress-${run}-writer-${w}`;
          let version = -1;
          for (let i = 0; i < appendsPerWriter; i++) {
            if (w === 0 && i === appendsPerWriter / 5) startCatchingUp();
            const mine = event('Written', { w, i });
            if (i % 5 === 4) {
              // Contested: every writer appends to one stream at its current version.
              const contested = `stress-${run}-contested`;
              for (;;) {
                const current = (await store.readStream(contested)).length - 1;
                try {
                  await store.append(contested, current < 0 ? 'no_stream' : current, [mine]);
                  break;
                } catch (error) {
                  if (!(error instanceof WrongExpectedVersionError)) throw error;
                }
              }
              written.push(mine.id);
              continue;
            }
            const expected = version < 0 ? 'no_stream' : version;
            if (i % 3 === 0) {
              const shared = event('Shared', { w, i });
              await store.appendMany([
                { stream: own, expected, events: [mine] },
                { stream: `stress-${run}-shared-${i % 4}`, expected: 'any', events: [shared] },
              ]);
              written.push(mine.id, shared.id);
            } else {
              await store.append(own, expected, [mine]);
              written.push(mine.id);
            }
            version += 1;
          }
        }),
      );
      await store.append(streamName('stress-done'), 'no_stream', [sentinel]);

      const [liveSeen, catchingUpSeen] = await Promise.all([live, catchingUp]);
      controller.abort();

      const stored = (await readEverythingAfter(store, head)).filter((e) => ours(e.streamId));
      expect(new Set(stored.map((e) => e.id))).toEqual(new Set(written));
      expect(stored).toHaveLength(written.length);
      for (const seen of [liveSeen, catchingUpSeen]) {
        expect(isStrictlyIncreasing(seen.map((e) => e.position))).toBe(true);
        expect(seen.map((e) => e.id)).toEqual(stored.map((e) => e.id));
      }
      for (let w = 0; w < writers; w++) {
        const own = await store.readStream(`stress-${run}-writer-${w}`);
        expect(own.map((e) => e.streamVersion)).toEqual(own.map((_, i) => i));
      }
      const contested = await store.readStream(`stress-${run}-contested`);
      expect(contested).toHaveLength(writers * (appendsPerWriter / 5));
    }, 180_000);
  });
}

function event(type: string, data: Record<string, unknown> = {}): EventData {
  return { id: randomUUID(), type, data, metadata: { schemaVersion: 1 } };
}

function streamName(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

function isStrictlyIncreasing(values: bigint[]): boolean {
  return values.every((value, i) => i === 0 || value > values[i - 1]!);
}

async function readEverythingAfter(
  store: EventStore,
  after: bigint | undefined,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let from = after;
  for (;;) {
    const page = await store.readAll({ after: from, limit: 1000 });
    all.push(...page);
    if (page.length < 1000) return all;
    from = page.at(-1)!.position;
  }
}
