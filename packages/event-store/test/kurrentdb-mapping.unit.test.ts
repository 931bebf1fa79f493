import {
  AppendConsistencyViolationError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  UnknownError,
  UnsupportedError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, test } from 'vitest';
import { WrongExpectedVersionError } from '../src/index.ts';
import {
  fromCheckpoint,
  isUnimplemented,
  METADATA_PROPERTY,
  toPropertiesEvent,
  toRecordedEvent,
  toStreamState,
  toWrongExpectedVersion,
} from '../src/kurrentdb/mapping.ts';

const requests = [
  { stream: 'user-1', expected: 'no_stream' as const, events: [] },
  { stream: 'email-a@example.com', expected: 3, events: [] },
];

describe('KurrentDB mapping', () => {
  test('expected versions become stream states', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState(4)).toBe(4n);
  });

  test('a checkpoint resumes at commit = prepare; none starts at the beginning', () => {
    expect(fromCheckpoint(undefined)).toBe('start');
    expect(fromCheckpoint(1234n)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  test("the client's conflict becomes ours, naming the request's expectation", () => {
    const error = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'email-a@example.com',
      expected: 3n,
      current: 5n,
    });
    const mapped = toWrongExpectedVersion(error, requests);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ stream: 'email-a@example.com', expected: 3, actual: 5 });

    const missing = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'user-1',
      expected: 'no_stream',
      current: 'no_stream',
    });
    expect(toWrongExpectedVersion(missing, requests)).toMatchObject({ actual: 'no_stream' });
  });

  test('a failed consistency check becomes a conflict on its stream', () => {
    const error: AppendConsistencyViolationError = Object.assign(
      Object.create(AppendConsistencyViolationError.prototype),
      {
        violations: [
          { checkIndex: 0, streamName: 'user-1', expectedState: 'no_stream', actualState: 0n },
        ],
      },
    );
    expect(toWrongExpectedVersion(error, requests)).toMatchObject({
      stream: 'user-1',
      expected: 'no_stream',
      actual: 0,
    });
  });

  test('other errors are left alone', () => {
    expect(toWrongExpectedVersion(new Error('boom'), requests)).toBeUndefined();
  });

  test('an older server is recognised by UNSUPPORTED or gRPC UNIMPLEMENTED', () => {
    expect(isUnimplemented(new UnsupportedError('appendRecords', '26.1'))).toBe(true);
    expect(isUnimplemented(Object.assign(new UnknownError(undefined, 'x'), { code: 12 }))).toBe(
      true,
    );
    expect(isUnimplemented(Object.assign(new Error('unavailable'), { code: 14 }))).toBe(false);
  });

  test('metadata travels as one string property on the v2 append calls', () => {
    const metadata = { actor: { uid: 'u-1', role: 'Seller' }, schemaVersion: 1 };
    const event = toPropertiesEvent({ id: 'e-1', type: 'CarListed', data: { a: 1 }, metadata });
    expect(event.metadata).toEqual({ [METADATA_PROPERTY]: JSON.stringify(metadata) });
  });

  test('recorded events: wrapped or plain metadata, positions, versions', () => {
    const metadata = { actor: { uid: 'u-1' }, schemaVersion: 1 };
    const base = {
      streamId: 'car-1',
      id: 'e-1',
      revision: 2n,
      type: 'CarListed',
      created: new Date('2026-01-01T00:00:00Z'),
      data: { name: 'Volvo' },
      isJson: true as const,
      position: { commit: 500n, prepare: 500n },
    };
    const wrapped = toRecordedEvent({
      event: { ...base, metadata: { [METADATA_PROPERTY]: JSON.stringify(metadata) } },
    });
    expect(wrapped).toEqual({
      id: 'e-1',
      type: 'CarListed',
      data: { name: 'Volvo' },
      metadata,
      streamId: 'car-1',
      streamVersion: 2,
      position: 500n,
      recordedAt: base.created,
    });
    expect(toRecordedEvent({ event: { ...base, metadata } })?.metadata).toEqual(metadata);
  });

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
