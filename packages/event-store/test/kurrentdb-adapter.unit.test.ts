import {
  type AllStreamResolvedEvent,
  StreamDeletedError as ClientStreamDeletedError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  type Position,
  type ResolvedEvent,
  StreamNotFoundError,
  UnsupportedError,
} from '@kurrent/kurrentdb-client';
import { StartupError } from '@second-gear/config';
import { describe, expect, test } from 'vitest';
import {
  type EventData,
  type RecordedEvent,
  StreamDeletedError,
  WrongExpectedVersionError,
} from '../src/index.ts';
import {
  createKurrentDbEventStore,
  KurrentDbEventStore,
} from '../src/kurrentdb/kurrentdb-event-store.ts';
import { comparePositions, toJsonEvent } from '../src/kurrentdb/mapping.ts';
import {
  readByBridge,
  readBySubscription,
  type StoredEvent,
  sentByAppend,
  storedFromV1,
  v2ConsistencyViolation,
} from './kurrentdb-wire.ts';

// The adapter over a stand-in for the client that answers as the client does: events built by
// the client's own conversions, errors of the client's own types.

interface LogEntry {
  stored: StoredEvent;
  streamId: string;
  id: string;
  revision: bigint;
  position: Position;
}

type Call = { name: string; args: unknown[] };

function fakeClient(log: LogEntry[], overrides: Record<string, unknown> = {}) {
  const calls: Call[] = [];
  const visible = (entry: LogEntry, filter?: { regex?: string }) =>
    !filter?.regex || new RegExp(filter.regex).test(entry.stored.type);
  const placed = (entry: LogEntry) => ({
    streamId: entry.streamId,
    id: entry.id,
    revision: entry.revision,
    commit: entry.position.commit,
    prepare: entry.position.prepare,
  });
  const client = {
    calls,
    readAll(options: {
      fromPosition: 'start' | 'end' | Position;
      maxCount: number;
      direction: 'forwards' | 'backwards';
      filter?: { regex?: string };
    }) {
      calls.push({ name: 'readAll', args: [options] });
      const { fromPosition: from, maxCount, direction, filter } = options;
      let entries = log.filter((e) => visible(e, filter));
      if (direction === 'backwards') entries = [...entries].reverse();
      else if (typeof from === 'object') {
        // Inclusive of the start position, as the server may be.
        entries = entries.filter((e) => comparePositions(e.position, from) >= 0);
      }
      const page = entries.slice(0, maxCount).map((e) => readByBridge(e.stored, placed(e)));
      return (async function* () {
        yield* page;
      })();
    },
    readStream(stream: string) {
      calls.push({ name: 'readStream', args: [stream] });
      const entries = log.filter((e) => e.streamId === stream);
      return (async function* (): AsyncGenerator<ResolvedEvent> {
        if (entries.length === 0) throw new StreamNotFoundError(undefined, stream);
        for (const e of entries) yield readByBridge(e.stored, placed(e));
      })();
    },
    subscribeToAll(options: { fromPosition: 'start' | Position; filter?: { regex?: string } }) {
      calls.push({ name: 'subscribeToAll', args: [options] });
      const from = options.fromPosition;
      const entries = log.filter(
        (e) =>
          visible(e, options.filter) &&
          (from === 'start' || comparePositions(e.position, from) >= 0),
      );
      // A reconnecting server may send an event again.
      const sent = entries.flatMap((e, i) => (i === 1 ? [e, e] : [e]));
      return Object.assign(
        (async function* (): AsyncGenerator<AllStreamResolvedEvent> {
          for (const e of sent) yield readBySubscription(e.stored, placed(e));
        })(),
        { unsubscribe: async () => {} },
      );
    },
    async appendToStream(stream: string, events: unknown) {
      calls.push({ name: 'appendToStream', args: [stream, events] });
      return { success: true, nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } };
    },
    async dispose() {},
    ...overrides,
  };
  return client;
}

function store(client: ReturnType<typeof fakeClient>) {
  return new KurrentDbEventStore(client as never);
}

let counter = 0;
async function entry(
  streamId: string,
  position: Position,
  overrides: Partial<EventData> = {},
): Promise<LogEntry> {
  counter++;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const event: EventData = {
    id,
    type: 'CarListed',
    data: { n: counter },
    metadata: { n: counter },
    ...overrides,
  };
  const [sent] = await sentByAppend(streamId, [toJsonEvent(event)]);
  return { stored: storedFromV1(sent!), streamId, id, revision: 0n, position };
}

const own = (p: bigint): Position => ({ commit: p, prepare: p });
const positions = (events: RecordedEvent[]) => events.map((e) => e.position);

describe('readAll', () => {
  test('pages strictly after the checkpoint, whether the server includes the start or not', async () => {
    const log = await Promise.all(
      [100n, 200n, 300n, 400n, 500n].map((p) => entry('car-1', own(p))),
    );
    const kurrent = store(fakeClient(log));
    expect(positions(await kurrent.readAll({ limit: 2 }))).toEqual([100n, 200n]);
    expect(positions(await kurrent.readAll({ after: 200n, limit: 2 }))).toEqual([300n, 400n]);
    expect(positions(await kurrent.readAll({ after: 400n, limit: 2 }))).toEqual([500n]);
    expect(await kurrent.readAll({ after: 500n, limit: 2 })).toEqual([]);
  });

  test('events that share one commit position are never split across pages', async () => {
    // A legacy explicit transaction: three events committed at 1000, prepared at 900..980.
    const log = [
      await entry('car-1', own(500n)),
      await entry('car-2', { commit: 1_000n, prepare: 900n }),
      await entry('car-3', { commit: 1_000n, prepare: 950n }),
      await entry('car-4', { commit: 1_000n, prepare: 980n }),
      await entry('car-5', own(1_100n)),
    ];
    const kurrent = store(fakeClient(log));
    const first = await kurrent.readAll({ limit: 2 });
    expect(first.map((e) => e.streamId)).toEqual(['car-1', 'car-2', 'car-3', 'car-4']);
    const next = await kurrent.readAll({ after: first.at(-1)!.position, limit: 2 });
    expect(next.map((e) => e.streamId)).toEqual(['car-5']);
    // Longer than one read of the server: the group is still finished.
    const page = await kurrent.readAll({ after: 500n, limit: 1 });
    expect(page.map((e) => e.streamId)).toEqual(['car-2', 'car-3', 'car-4']);
  });

  test('a read whose events were all skipped reads on', async () => {
    // Events of a $-stream under a user type pass the server's type filter, not the adapter.
    const log = [
      ...(await Promise.all([100n, 200n, 300n, 400n].map((p) => entry('$ce-car', own(p))))),
      await entry('car-1', own(500n)),
    ];
    const client = fakeClient(log);
    expect(positions(await store(client).readAll({ limit: 1 }))).toEqual([500n]);
    expect(client.calls.filter((c) => c.name === 'readAll').length).toBeGreaterThan(1);
  });
});

describe('subscribe', () => {
  test('delivers each event once, after the checkpoint, including events that share a commit', async () => {
    const log = [
      await entry('car-1', own(500n)),
      await entry('car-2', { commit: 1_000n, prepare: 900n }),
      await entry('car-3', { commit: 1_000n, prepare: 950n }),
      await entry('car-4', own(1_100n)),
    ];
    const kurrent = store(fakeClient(log));
    const seen: string[] = [];
    for await (const event of kurrent.subscribe({ after: 500n })) seen.push(event.streamId);
    expect(seen).toEqual(['car-2', 'car-3', 'car-4']);
    const all: string[] = [];
    for await (const event of kurrent.subscribe()) all.push(event.streamId);
    expect(all).toEqual(['car-1', 'car-2', 'car-3', 'car-4']);
  });
});

describe('appendMany', () => {
  const event = (): EventData => ({
    id: crypto.randomUUID(),
    type: 'CarListed',
    data: {},
    metadata: {},
  });

  test('refuses two spellings of one stream before anything is sent', async () => {
    const client = fakeClient([]);
    const error = await store(client)
      .appendMany([
        { stream: 'car-1', expected: 'no_stream', events: [event()] },
        { stream: 'CAR-1', expected: 'no_stream', events: [event()] },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/car-1 and CAR-1 are one stream/);
    expect(client.calls).toEqual([]);
  });

  test("maps the server's answers back to the requests, whatever its spelling", async () => {
    const client = fakeClient([], {
      appendRecords: async () => ({
        position: 42n,
        responses: [
          { streamName: 'USER-1', revision: 0n },
          { streamName: 'Email-A', revision: 3n },
        ],
      }),
    });
    const result = await store(client).appendMany([
      { stream: 'user-1', expected: 'no_stream', events: [event()] },
      { stream: 'email-a', expected: 2, events: [event()] },
    ]);
    expect(result).toEqual({
      position: 42n,
      versions: [
        { stream: 'user-1', version: 0 },
        { stream: 'email-a', version: 3 },
      ],
    });
  });

  test('a tombstoned stream answers StreamDeletedError, not a conflict to retry', async () => {
    const client = fakeClient([], {
      appendRecords: async () => {
        throw v2ConsistencyViolation([
          { checkIndex: 0, stream: 'user-1', expected: -1n, actual: -6n },
        ]);
      },
    });
    const error = await store(client)
      .appendMany([{ stream: 'user-1', expected: 'no_stream', events: [event()] }])
      .catch((e: unknown) => e);
    expect(error).toEqual(new StreamDeletedError('user-1'));
  });

  test('fails an append that a node without appendRecords answers, never writing it unchecked', async () => {
    const used: string[] = [];
    const client = fakeClient([], {
      appendRecords: async () => {
        used.push('appendRecords');
        throw new UnsupportedError('appendRecords', '26.1');
      },
      multiStreamAppend: async () => {
        used.push('multiStreamAppend');
        return { position: 7n, responses: [{ streamName: 'car-1', revision: 0n }] };
      },
    });
    const request = [
      { stream: 'car-1', expected: 'any' as const, events: [event()] },
      { stream: 'user-1', expected: 3, events: [] },
    ];
    await expect(store(client).appendMany(request)).rejects.toThrow(
      /has no appendRecords: Second Gear needs KurrentDB 26\.1 or later on every node/,
    );
    expect(used).toEqual(['appendRecords']);
  });
});

describe('append and readStream', () => {
  test('a conflict the client returns instead of throwing is still a conflict', async () => {
    const client = fakeClient([], {
      appendToStream: async () => ({
        success: false,
        nextExpectedRevision: 4n,
        position: undefined,
      }),
    });
    const error = await store(client)
      .append('car-1', 2, [{ id: crypto.randomUUID(), type: 'CarBooked', data: {}, metadata: {} }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ stream: 'car-1', expected: 2, actual: 4 });
  });

  test('a stream deleted for good is neither read as empty nor as a server failure', async () => {
    const client = fakeClient([], {
      readStream: () => ({
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(ClientStreamDeletedError.fromStreamName('car-1')),
        }),
      }),
    });
    await expect(store(client).readStream('car-1')).rejects.toEqual(
      new StreamDeletedError('car-1'),
    );
    expect(await store(fakeClient([])).readStream('car-9')).toEqual([]);
  });
});

describe('storeId', () => {
  test('a first start writes the identity; later ones read it', async () => {
    const log: LogEntry[] = [];
    const client = fakeClient(log, {
      async appendToStream(stream: string, event: { data: { id: string }; type: string }) {
        const [sent] = await sentByAppend(stream, [event as never]);
        log.push({
          stored: storedFromV1(sent!),
          streamId: stream,
          id: 'e',
          revision: 0n,
          position: own(1n),
        });
        return { success: true, nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } };
      },
    });
    const id = await store(client).storeId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(log[0]?.stored.type).toBe('$second-gear-store-created');
    expect(await store(client).storeId()).toBe(id);
    expect(client.calls.filter((c) => c.name === 'appendToStream')).toHaveLength(0);
  });

  test('a start that loses the race reads the winner, thrown conflict or failed result', async () => {
    for (const lose of ['throw', 'result'] as const) {
      const winner = await entry('second-gear-store', own(1n), {
        type: '$second-gear-store-created',
        data: { id: 'the-winner' },
      });
      const log: LogEntry[] = [];
      const client = fakeClient(log, {
        async appendToStream() {
          log.push(winner);
          if (lose === 'throw') {
            throw new KurrentWrongExpectedVersionError(undefined, {
              streamName: 'second-gear-store',
              expected: 'no_stream',
              current: 0n,
            });
          }
          return { success: false, nextExpectedRevision: 0n, position: undefined };
        },
      });
      expect(await store(client).storeId()).toBe('the-winner');
    }
  });
});

describe('start', () => {
  test('asks the real client for the server features, and stops in one line without them', async () => {
    // Nothing listens on port 1: the client's own feature request fails at once.
    const error = await createKurrentDbEventStore({
      connectionString: 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const { message } = error as StartupError;
    expect(message).toMatch(
      /^KurrentDB at kurrentdb:\/\/127\.0\.0\.1:1\?tls=false does not answer: /,
    );
    expect(message).not.toContain('changeit');
    expect(message).not.toContain('\n');
  });
});
