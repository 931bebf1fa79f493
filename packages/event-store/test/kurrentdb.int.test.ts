import { randomUUID } from 'node:crypto';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createEventStore,
  type EventData,
  type EventStore,
  type RecordedEvent,
  StreamDeletedError,
} from '../src/index.ts';

/**
 * What only the KurrentDB adapter promises, on a real server (KURRENTDB_URL): the rules the
 * unit tests check against the client's own types, here against what the server does.
 */
const url = process.env.KURRENTDB_URL;
const suite = url ? describe : describe.skip;
if (!url) console.warn('KurrentDB adapter, server rules: skipped: KURRENTDB_URL is not set');

suite(`KurrentDB adapter, server rules${url ? '' : ' (skipped: KURRENTDB_URL is not set)'}`, () => {
  let store: EventStore;
  let client: KurrentDBClient;

  beforeAll(async () => {
    store = await createEventStore({ kind: 'kurrentdb', connectionString: url ?? '' });
    client = KurrentDBClient.connectionString(url ?? '');
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await client?.dispose();
  });

  const metadata = {
    actor: { uid: 'u-1', email: 'åsa@example.com', role: 'Seller' },
    price: 12_345.67,
    flags: [true, null],
    text: 'quote " backslash \\ 日本 🚗',
  };
  const event = (type: string): EventData => ({ id: randomUUID(), type, data: { type }, metadata });

  test('metadata written by appendMany reads back exactly, however it is read', async () => {
    const car = `car-${randomUUID()}`;
    const user = `user-${randomUUID()}`;
    const head = await store.headPosition();
    const written = [event('CarListed'), event('UserPromoted')];
    const result = await store.appendMany([
      { stream: car, expected: 'no_stream', events: [written[0]!] },
      { stream: user, expected: 'any', events: [written[1]!] },
    ]);

    const fromStreams = [...(await store.readStream(car)), ...(await store.readStream(user))];
    const fromAll = (await store.readAll({ after: head, limit: 1000 })).filter((e) =>
      [car, user].includes(e.streamId),
    );
    const controller = new AbortController();
    const fromSubscription: RecordedEvent[] = [];
    for await (const recorded of store.subscribe({ after: head, signal: controller.signal })) {
      if ([car, user].includes(recorded.streamId)) fromSubscription.push(recorded);
      if (fromSubscription.length === 2) controller.abort();
    }
    for (const read of [fromStreams, fromAll, fromSubscription]) {
      expect(read.map((e) => e.metadata)).toEqual([metadata, metadata]);
      expect(read.map((e) => e.id)).toEqual(written.map((e) => e.id));
    }
    // Each record of one append has a commit position of its own; the result is the last.
    expect(fromAll[1]!.position).toBeGreaterThan(fromAll[0]!.position);
    expect(result.position).toBe(fromAll[1]!.position);
  });

  test('inside one appendMany two spellings of a stream are one; outside they are two', async () => {
    const name = `car-${randomUUID()}`;
    await expect(
      store.appendMany([
        { stream: name, expected: 'any', events: [event('CarListed')] },
        { stream: name.toUpperCase(), expected: 'any', events: [event('CarListed')] },
      ]),
    ).rejects.toThrow(TypeError);
    await store.append(name, 'no_stream', [event('CarListed')]);
    await store.append(name.toUpperCase(), 'no_stream', [event('CarListed')]);
    expect(await store.readStream(name)).toHaveLength(1);
    expect(await store.readStream(name.toUpperCase())).toHaveLength(1);
  });

  test('a stream deleted for good answers StreamDeletedError to every call', async () => {
    const stream = `car-${randomUUID()}`;
    await store.append(stream, 'no_stream', [event('CarListed')]);
    await client.tombstoneStream(stream);
    const deleted = new StreamDeletedError(stream);
    await expect(store.readStream(stream)).rejects.toEqual(deleted);
    await expect(store.append(stream, 'any', [event('CarListed')])).rejects.toEqual(deleted);
    await expect(
      store.appendMany([
        { stream, expected: 0, events: [event('CarBooked')] },
        {
          stream: `user-${randomUUID()}`,
          expected: 'no_stream',
          events: [event('UserRegistered')],
        },
      ]),
    ).rejects.toEqual(deleted);
  });

  test('the store identity is the first event of second-gear-store, of a $-type', async () => {
    const id = await store.storeId();
    const events = [];
    for await (const resolved of client.readStream('second-gear-store', { maxCount: 1 })) {
      events.push(resolved.event);
    }
    expect(events[0]?.type).toBe('$second-gear-store-created');
    expect(events[0]?.data).toEqual({ id });
  });
});
