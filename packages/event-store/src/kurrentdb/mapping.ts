import {
  type AllStreamResolvedEvent,
  ANY,
  AppendConsistencyViolationError,
  type AppendStreamState,
  jsonEvent,
  type EventData as KurrentEventData,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  START,
  UnsupportedError,
} from '@kurrent/kurrentdb-client';
import {
  type AppendRequest,
  type EventData,
  type ExpectedVersion,
  type JsonObject,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../event-store.ts';

// Translation between the store's types and the KurrentDB client's, with no I/O.

/**
 * Multi-stream appends carry metadata as a map of strings (record properties), so the whole
 * metadata object travels as JSON under this one key and is unwrapped on reading.
 */
export const METADATA_PROPERTY = 'second-gear.metadata';

export function fromCheckpoint(after: bigint | undefined): ReadPosition {
  if (after === undefined) return START;
  const position: Position = { commit: after, prepare: after };
  return position;
}

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

export function toJsonEvent(event: EventData): KurrentEventData {
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
}

/** For the v2 append APIs, whose metadata is a map of strings (record properties). */
export function toPropertiesEvent(event: EventData): KurrentEventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { [METADATA_PROPERTY]: JSON.stringify(event.metadata) },
  });
}

export function toWrongExpectedVersion(
  error: unknown,
  requests: AppendRequest[],
): WrongExpectedVersionError | undefined {
  let stream: string;
  let actualState: unknown;
  if (error instanceof KurrentWrongExpectedVersionError) {
    stream = error.streamName;
    actualState = error.actualState;
  } else if (error instanceof AppendConsistencyViolationError && error.violations[0]) {
    stream = error.violations[0].streamName;
    actualState = error.violations[0].actualState;
  } else {
    return undefined;
  }
  const request = requests.find((r) => r.stream === stream) ?? requests[0];
  // Deleted and tombstoned streams report negative revisions; to a writer they do not exist.
  const actual =
    typeof actualState === 'bigint' && actualState >= 0n ? Number(actualState) : 'no_stream';
  return new WrongExpectedVersionError(
    stream || request?.stream || '',
    request?.expected ?? 'any',
    actual,
  );
}

/** The server predates the call: the client says so, or gRPC answers UNIMPLEMENTED (12). */
export function isUnimplemented(error: unknown): boolean {
  if (error instanceof UnsupportedError) return true;
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 12;
}

export function toRecordedEvent(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | null {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  const position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined) {
    throw new Error(`KurrentDB returned event ${event.id} without a position`);
  }
  return {
    id: event.id,
    type: event.type,
    data: decodeJson(event.data),
    metadata: decodeMetadata(event.metadata),
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    position,
    recordedAt: event.created,
  };
}

export function decodeJson(value: unknown): JsonObject {
  if (value instanceof Uint8Array) return JSON.parse(Buffer.from(value).toString('utf8'));
  if (typeof value === 'string') return JSON.parse(value);
  return (value ?? {}) as JsonObject;
}

export function decodeMetadata(value: unknown): JsonObject {
  const metadata = decodeJson(value);
  const wrapped = metadata[METADATA_PROPERTY];
  return typeof wrapped === 'string' ? (JSON.parse(wrapped) as JsonObject) : metadata;
}
