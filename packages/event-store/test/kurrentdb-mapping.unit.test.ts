import {
  AppendConsistencyViolationError,
  excludeSystemEvents,
  jsonEvent,
  StreamDeletedError as KurrentStreamDeletedError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  StreamTombstonedError,
  UnavailableError,
  UnknownError,
  UnsupportedError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, test } from 'vitest';
import { type EventData, StreamDeletedError, WrongExpectedVersionError } from '../src/index.ts';
import {
  capabilitiesOf,
  capabilityProblem,
  checkpointOf,
  comparePositions,
  decodeMetadata,
  fromCheckpoint,
  isAfter,
  isUnavailable,
  isUnimplemented,
  METADATA_PROPERTY,
  positionOf,
  refuseReservedMetadata,
  repeatedStream,
  sameStreamName,
  streamNameKey,
  toJsonEvent,
  toPropertiesEvent,
  toReadError,
  toRecordedEvent,
  toStoreError,
  toStreamState,
  withoutCredentials,
} from '../src/kurrentdb/mapping.ts';
import {
  noServerFeatures,
  type Placement,
  propertiesStruct,
  readByBridge,
  readBySubscription,
  sentByAppend,
  sentByAppendRecords,
  sentByMultiStreamAppend,
  serverFeatures,
  storedFromV1,
  storedFromV2,
  v1StreamDeleted,
  v2ConsistencyViolation,
  v2StreamTombstoned,
} from './kurrentdb-wire.ts';

const requests = [
  { stream: 'user-1', expected: 'no_stream' as const, events: [] },
  { stream: 'email-a@example.com', expected: 3, events: [] },
];

/** Metadata that takes JSON at its word: nesting, arrays, nulls, numbers, escapes, scripts. */
const metadata = {
  actor: { uid: 'u-1', email: 'ana@example.com', role: 'Seller' },
  occurredAt: '2026-01-01T00:00:00.000Z',
  correlationId: 'c-1',
  causationId: 'd-2',
  schemaVersion: 1,
  price: 12_345.67,
  tiny: 1e-7,
  huge: 1e21,
  negative: -3,
  flags: [true, false, null],
  nothing: null,
  empty: {},
  text: 'quote " backslash \\ newline \n tab \t line separator \u2028 Åsa Çelik 日本 🚗',
  'key with spaces and . dots': 'ok',
};

function carEvent(overrides: Partial<EventData> = {}): EventData {
  return {
    id: '0b6f4a64-3c1e-4d0f-9a57-6a1f2b1e9c10',
    type: 'CarListed',
    data: { carId: 'c-1', name: 'Volvo 240', price: 9_000 },
    metadata,
    ...overrides,
  };
}

const at: Placement = {
  streamId: 'car-1',
  id: '0b6f4a64-3c1e-4d0f-9a57-6a1f2b1e9c10',
  revision: 2n,
  commit: 5_000n,
  prepare: 5_000n,
  created: new Date('2026-01-01T00:00:00Z'),
};

const reads = [
  ['readStream / readAll', readByBridge],
  ['subscribeToAll', readBySubscription],
] as const;

describe('KurrentDB mapping', () => {
  test('expected versions become stream states', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState(4)).toBe(4n);
  });

  test('a checkpoint resumes at commit = prepare; none starts at the beginning', () => {
    expect(fromCheckpoint(undefined)).toBe('start');
    expect(fromCheckpoint(1234n)).toEqual({ commit: 1234n, prepare: 1234n });
    expect(checkpointOf(undefined)).toBeUndefined();
  });
});

describe('metadata, written either way, reads back exactly', () => {
  describe.each(reads)('read through %s', (_, read) => {
    test('written by append (v1: custom metadata, JSON)', async () => {
      const [sent] = await sentByAppend('car-1', [toJsonEvent(carEvent())]);
      const recorded = toRecordedEvent(read(storedFromV1(sent!), at));
      expect(recorded).toEqual({
        id: at.id,
        type: 'CarListed',
        data: carEvent().data,
        metadata,
        streamId: 'car-1',
        streamVersion: 2,
        position: 5_000n,
        recordedAt: at.created,
      });
    });

    test('written by appendRecords (v2: properties, returned as one JSON object)', async () => {
      const [record] = await sentByAppendRecords([
        { streamName: 'car-1', record: toPropertiesEvent(carEvent()) },
      ]);
      const recorded = toRecordedEvent(read(storedFromV2(record!), at));
      expect(recorded?.metadata).toEqual(metadata);
      expect(recorded?.data).toEqual(carEvent().data);
      expect(recorded?.type).toBe('CarListed');
    });

    test('written by multiStreamAppend (v2: properties, returned as one JSON object)', async () => {
      const [sent] = await sentByMultiStreamAppend([
        {
          streamName: 'car-1',
          expectedState: 'no_stream',
          events: [toPropertiesEvent(carEvent())],
        },
      ]);
      expect(sent?.stream).toBe('car-1');
      const recorded = toRecordedEvent(read(storedFromV2(sent!.record), at));
      expect(recorded?.metadata).toEqual(metadata);
    });

    test('properties handed back as the bytes of their protobuf Struct', async () => {
      const [record] = await sentByAppendRecords([
        { streamName: 'car-1', record: toPropertiesEvent(carEvent()) },
      ]);
      const resolved = read(storedFromV2(record!, { raw: true }), at);
      // The client could not read them as JSON and hands over the bytes as they came.
      expect(resolved.event?.metadata).toBeInstanceOf(Uint8Array);
      expect(toRecordedEvent(resolved)?.metadata).toEqual(metadata);
    });

    test('empty metadata, and none at all', async () => {
      const [v1] = await sentByAppend('car-1', [toJsonEvent(carEvent({ metadata: {} }))]);
      expect(toRecordedEvent(read(storedFromV1(v1!), at))?.metadata).toEqual({});
      const [v2] = await sentByAppendRecords([
        { streamName: 'car-1', record: toPropertiesEvent(carEvent({ metadata: {} })) },
      ]);
      expect(toRecordedEvent(read(storedFromV2(v2!), at))?.metadata).toEqual({});
      const [bare] = await sentByAppend('car-1', [jsonEvent({ type: 'CarListed', data: {} })]);
      expect(toRecordedEvent(read(storedFromV1(bare!), at))?.metadata).toEqual({});
    });
  });

  test('the v2 calls take only string properties, hence the one wrapped property', async () => {
    const [record] = await sentByAppendRecords([
      { streamName: 'car-1', record: toPropertiesEvent(carEvent()) },
    ]);
    expect([...record!.getPropertiesMap().keys()]).toEqual([METADATA_PROPERTY]);
    expect(record!.getPropertiesMap().get(METADATA_PROPERTY)?.getStringValue()).toBe(
      JSON.stringify(metadata),
    );
    expect(propertiesStruct(record!)).toBeInstanceOf(Uint8Array);
    await expect(
      sentByAppendRecords([{ streamName: 'car-1', record: toJsonEvent(carEvent()) }]),
    ).rejects.toThrow(/string values/);
  });

  test('keys the server adds beside the wrapped metadata are not the metadata', () => {
    const found = {
      [METADATA_PROPERTY]: JSON.stringify({ a: 1 }),
      '$schema.name': 'CarListed',
      '$schema.format': 'Json',
    };
    expect(decodeMetadata(found, 'e-1')).toEqual({ a: 1 });
  });

  test('the key the adapter keeps for itself is refused on writing', () => {
    expect(() =>
      refuseReservedMetadata([
        {
          stream: 'car-1',
          expected: 'any',
          events: [carEvent({ metadata: { [METADATA_PROPERTY]: '{}' } })],
        },
      ]),
    ).toThrow(/keeps for itself/);
    expect(() =>
      refuseReservedMetadata([{ stream: 'car-1', expected: 'any', events: [carEvent()] }]),
    ).not.toThrow();
  });

  test('metadata that is not what the adapter wrote is refused with the event named', () => {
    expect(() => decodeMetadata([1, 2], 'e-1')).toThrow(/e-1: its metadata is not a JSON object/);
    expect(() => decodeMetadata({ [METADATA_PROPERTY]: 7 }, 'e-1')).toThrow(/does not hold/);
    expect(() => decodeMetadata({ [METADATA_PROPERTY]: '[1]' }, 'e-1')).toThrow(/does not hold/);
    expect(() => decodeMetadata(new Uint8Array([0xff, 0xff, 0xff]), 'e-1')).toThrow(/e-1/);
  });
});

describe("another writer's events", () => {
  test('bytes that are not JSON are handed on, saying so, instead of failing the read', () => {
    const resolved = {
      event: {
        id: 'foreign-1',
        type: 'SensorReading',
        streamId: 'sensors-1',
        revision: 0n,
        position: { commit: 42n, prepare: 42n },
        created: new Date('2026-01-01T00:00:00Z'),
        data: new Uint8Array([0xff, 0xfe, 0x00]),
        metadata: new Uint8Array([0xff]),
        isJson: false,
        contentType: 'application/octet-stream',
      },
    } as unknown as Parameters<typeof toRecordedEvent>[0];
    const recorded = toRecordedEvent(resolved);
    expect(recorded).toMatchObject({ id: 'foreign-1', type: 'SensorReading', position: 42n });
    expect(recorded?.data).toEqual({});
    expect(recorded?.metadata.unreadable).toMatch(/foreign-1/);
  });
});

describe('positions', () => {
  test('an event read either way has its full position: commit and prepare', async () => {
    const [sent] = await sentByAppend('car-1', [toJsonEvent(carEvent())]);
    const placed = { ...at, commit: 9_000n, prepare: 8_500n };
    for (const [, read] of reads) {
      expect(positionOf(read(storedFromV1(sent!), placed))).toEqual({
        commit: 9_000n,
        prepare: 8_500n,
      });
    }
    expect(positionOf({ commitPosition: 7n })).toEqual({ commit: 7n, prepare: 7n });
    expect(positionOf({})).toBeUndefined();
  });

  test('$all order: commit position first, then prepare position', () => {
    expect(comparePositions({ commit: 1n, prepare: 1n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 1n }, { commit: 2n, prepare: 3n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 3n }, { commit: 2n, prepare: 3n })).toBe(0);
    expect(comparePositions({ commit: 3n, prepare: 0n }, { commit: 2n, prepare: 9n })).toBe(1);
  });

  test('events that share a commit position are told apart; a checkpoint at it covers them all', () => {
    const first = { commit: 1_000n, prepare: 900n };
    const second = { commit: 1_000n, prepare: 950n };
    expect(isAfter(first, undefined)).toBe(true);
    expect(isAfter(first, checkpointOf(800n))).toBe(true);
    expect(isAfter(second, first)).toBe(true);
    expect(isAfter(first, second)).toBe(false);
    // Readers keep one number: having seen position 1000 means having seen all of it.
    expect(isAfter(second, checkpointOf(1_000n))).toBe(false);
    expect(isAfter({ commit: 1_100n, prepare: 1_100n }, checkpointOf(1_000n))).toBe(true);
  });
});

describe('stream names inside one multi-stream append', () => {
  test('compare ordinally, ignoring case, as the server does there', () => {
    expect(sameStreamName('Car-1', 'car-1')).toBe(true);
    expect(sameStreamName('EMAIL-ÅSA@EXAMPLE.COM', 'email-åsa@example.com')).toBe(true);
    expect(sameStreamName('car-1', 'car-2')).toBe(false);
    // ß has no one-letter upper case: it stays itself.
    expect(sameStreamName('straße', 'STRASSE')).toBe(false);
    expect(streamNameKey('straße')).toBe('STRAßE');
    expect(sameStreamName('car-🚗', 'CAR-🚗')).toBe(true);
  });

  test('a second spelling of one stream is found before anything is sent', () => {
    const event = carEvent();
    expect(
      repeatedStream([
        { stream: 'car-1', expected: 'any', events: [event] },
        { stream: 'user-1', expected: 'any', events: [event] },
        { stream: 'Car-1', expected: 'any', events: [event] },
      ]),
    ).toEqual(['car-1', 'Car-1']);
    expect(repeatedStream(requests)).toBeUndefined();
  });

  test("a conflict names the stream as the request spelled it, whatever the server's spelling", () => {
    const error = v2ConsistencyViolation([
      { checkIndex: 1, stream: 'EMAIL-A@EXAMPLE.COM', expected: 3n, actual: 5n },
    ]);
    expect(error).toBeInstanceOf(AppendConsistencyViolationError);
    expect(toStoreError(error, requests)).toMatchObject({
      stream: 'email-a@example.com',
      expected: 3,
      actual: 5,
    });
  });
});

describe('errors', () => {
  test("the client's conflict becomes ours, naming the request's expectation", () => {
    const error = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'email-a@example.com',
      expected: 3n,
      current: 5n,
    });
    const mapped = toStoreError(error, requests);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ stream: 'email-a@example.com', expected: 3, actual: 5 });

    const missing = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'user-1',
      expected: 'no_stream',
      current: 'no_stream',
    });
    expect(toStoreError(missing, requests)).toMatchObject({ actual: 'no_stream' });
  });

  test('a failed consistency check becomes a conflict on its stream', () => {
    const error = v2ConsistencyViolation([
      { checkIndex: 0, stream: 'user-1', expected: -1n, actual: 0n },
    ]);
    expect(toStoreError(error, requests)).toMatchObject({
      stream: 'user-1',
      expected: 'no_stream',
      actual: 0,
    });
  });

  test('a soft-deleted stream is, to a writer, a stream that does not exist', () => {
    const error = v2ConsistencyViolation([
      { checkIndex: 1, stream: 'email-a@example.com', expected: 3n, actual: -5n },
    ]);
    const mapped = toStoreError(error, requests);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ actual: 'no_stream' });
  });

  describe('a stream deleted for good (tombstoned) becomes StreamDeletedError', () => {
    test('append (v1)', () => {
      const error = v1StreamDeleted('user-1');
      expect(error).toBeInstanceOf(KurrentStreamDeletedError);
      const mapped = toStoreError(error, [requests[0]!]);
      expect(mapped).toBeInstanceOf(StreamDeletedError);
      expect(mapped).toMatchObject({ stream: 'user-1' });
    });

    test('multiStreamAppend', () => {
      const error = v2StreamTombstoned('USER-1');
      expect(error).toBeInstanceOf(StreamTombstonedError);
      expect(toStoreError(error, requests)).toEqual(new StreamDeletedError('user-1'));
    });

    test('appendRecords, checked or only written to, whichever violation comes first', () => {
      const error = v2ConsistencyViolation([
        { checkIndex: 0, stream: 'user-1', expected: -1n, actual: 0n },
        { checkIndex: 1, stream: 'email-a@example.com', expected: -2n, actual: -6n },
      ]);
      expect(toStoreError(error, requests)).toEqual(new StreamDeletedError('email-a@example.com'));
      const earlier = v2ConsistencyViolation([
        { checkIndex: 0, stream: 'user-1', expected: -1n, actual: -100n },
      ]);
      expect(toStoreError(earlier, requests)).toEqual(new StreamDeletedError('user-1'));
    });

    test('readStream', () => {
      // The client's bridge reports a deleted stream by name only.
      const error = KurrentStreamDeletedError.fromStreamName('car-1');
      expect(toReadError(error, 'car-1')).toEqual(new StreamDeletedError('car-1'));
      const other = new Error('boom');
      expect(toReadError(other, 'car-1')).toBe(other);
    });
  });

  test('other errors are left alone', () => {
    expect(toStoreError(new Error('boom'), requests)).toBeUndefined();
    expect(toStoreError(v2ConsistencyViolation([]), requests)).toBeUndefined();
  });

  test('an older server is recognised by UNSUPPORTED or gRPC UNIMPLEMENTED', () => {
    expect(isUnimplemented(new UnsupportedError('appendRecords', '26.1'))).toBe(true);
    expect(isUnimplemented(Object.assign(new UnknownError(undefined, 'x'), { code: 12 }))).toBe(
      true,
    );
    expect(isUnimplemented(Object.assign(new Error('unavailable'), { code: 14 }))).toBe(false);
  });

  test('a server out of reach is recognised by the client or by gRPC UNAVAILABLE', () => {
    expect(isUnavailable(new UnavailableError(undefined))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('12 UNIMPLEMENTED'), { code: 12 }))).toBe(false);
  });
});

describe('server capabilities, checked at start', () => {
  const service = 'kurrentdb.protocol.v2.streams.StreamsService';

  test('25.1 lists multiStreamAppend, which cannot check a stream it does not write: refused', () => {
    const capabilities = capabilitiesOf(serverFeatures('25.1.0', [[service, 'AppendSession']]));
    expect(capabilities).toEqual({
      version: '25.1.0',
      multiStreamAppend: true,
      appendRecords: false,
    });
    expect(capabilityProblem(capabilities, 'kurrentdb://db:2113')).toBe(
      'KurrentDB at kurrentdb://db:2113 is version 25.1.0 and cannot check a stream it does not write to (appendRecords): Second Gear needs KurrentDB 26.1 or later',
    );
  });

  test('26.1 lists appendRecords too: enough', () => {
    const capabilities = capabilitiesOf(
      serverFeatures('26.1.0', [
        [service, 'AppendSession'],
        [service, 'AppendRecords'],
      ]),
    );
    expect(capabilities).toMatchObject({ multiStreamAppend: true, appendRecords: true });
    expect(capabilityProblem(capabilities, 'kurrentdb://db:2113')).toBeUndefined();
  });

  test('an older server is refused in one line that names its version and the one needed', () => {
    const capabilities = capabilitiesOf(
      serverFeatures('24.10.4', [['event_store.client.streams.Streams', 'BatchAppend']]),
    );
    const problem = capabilityProblem(capabilities, 'kurrentdb://db:2113?tls=false');
    expect(problem).toBe(
      'KurrentDB at kurrentdb://db:2113?tls=false is version 24.10.4 and cannot check a stream it does not write to (appendRecords): Second Gear needs KurrentDB 26.1 or later',
    );
    expect(problem).not.toContain('\n');
  });

  test('a server without a list of its methods says no version', () => {
    const capabilities = capabilitiesOf(noServerFeatures());
    expect(capabilities).toEqual({
      version: 'unknown',
      multiStreamAppend: false,
      appendRecords: false,
    });
    expect(capabilityProblem(capabilities, 'kurrentdb://db:2113')).toMatch(
      /does not report its version .* needs KurrentDB 26\.1 or later$/,
    );
  });

  test('the server is named without its credentials', () => {
    expect(withoutCredentials('kurrentdb://admin:changeit@db:2113?tls=false')).toBe(
      'kurrentdb://db:2113?tls=false',
    );
    expect(withoutCredentials('kurrentdb+discover://db:2113')).toBe('kurrentdb+discover://db:2113');
  });
});

describe('the store identity event', () => {
  test('is accepted as the client sends it and never reaches readers of $all', async () => {
    const [sent] = await sentByAppend('second-gear-store', [
      jsonEvent({ type: '$second-gear-store-created', data: { id: 'store-1' } }),
    ]);
    const stored = storedFromV1(sent!);
    expect(stored.type).toBe('$second-gear-store-created');
    const resolved = readByBridge(stored, { ...at, streamId: 'second-gear-store', revision: 0n });
    expect(resolved.event?.data).toEqual({ id: 'store-1' });
    expect(toRecordedEvent(resolved)).toBeNull();
    // The server-side filter every $all read and subscription uses.
    const filter = excludeSystemEvents() as { regex: string };
    expect(new RegExp(filter.regex).test('$second-gear-store-created')).toBe(false);
    expect(new RegExp(filter.regex).test('CarListed')).toBe(true);
  });
});

describe('what is never an event', () => {
  test('system events and empty resolutions are dropped', () => {
    const system = {
      streamId: '$stats-127.0.0.1:2113',
      id: 'e-2',
      revision: 0n,
      type: '$statsCollected',
      created: new Date(),
      data: {},
      metadata: undefined,
      isJson: true as const,
      position: { commit: 1n, prepare: 1n },
    };
    expect(toRecordedEvent({ event: system })).toBeNull();
    expect(toRecordedEvent({ commitPosition: 7n })).toBeNull();
  });
});
