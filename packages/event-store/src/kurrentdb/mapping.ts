import {
  type AllStreamResolvedEvent,
  ANY,
  AppendConsistencyViolationError,
  type AppendStreamState,
  jsonEvent,
  type EventData as KurrentEventData,
  StreamDeletedError as KurrentStreamDeletedError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  START,
  StreamTombstonedError,
  UnavailableError,
  UnsupportedError,
} from '@kurrent/kurrentdb-client';
import streamsService from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb.js';
import struct from 'google-protobuf/google/protobuf/struct_pb.js';
import {
  type AppendRequest,
  type EventData,
  type ExpectedVersion,
  type JsonObject,
  type RecordedEvent,
  StreamDeletedError,
  WrongExpectedVersionError,
} from '../event-store.ts';

// Translation between the store's types and the KurrentDB client's, with no I/O.

/**
 * Multi-stream appends carry metadata as record properties (a map of strings), so the whole
 * metadata object travels as JSON under this one key and is unwrapped on reading. Callers may
 * not use the key themselves, so what they read back is always exactly what they wrote.
 */
export const METADATA_PROPERTY = 'second-gear.metadata';

/**
 * The oldest KurrentDB whose multi-stream appends check a stream they do not write to
 * (`appendRecords`), which `appendMany` needs: a decision that only read a stream must fail when
 * that stream changed meanwhile.
 */
export const NEEDED_SERVER_VERSION = '26.1';

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

export function toJsonEvent(event: EventData): KurrentEventData {
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
}

/** For the v2 append calls, whose metadata is a map of strings (record properties). */
export function toPropertiesEvent(event: EventData): KurrentEventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { [METADATA_PROPERTY]: JSON.stringify(event.metadata) },
  });
}

/** Refuses metadata that uses the key reserved for the v2 append calls. */
export function refuseReservedMetadata(requests: AppendRequest[]): void {
  for (const { stream, events } of requests) {
    for (const event of events) {
      if (Object.hasOwn(event.metadata, METADATA_PROPERTY)) {
        throw new TypeError(
          `append to ${stream}: metadata of ${event.id} uses the key ${METADATA_PROPERTY}, which the KurrentDB adapter keeps for itself`,
        );
      }
    }
  }
}

// Stream names

/**
 * Inside one multi-stream append, KurrentDB tells streams apart by name ordinally, ignoring
 * case: two names that differ only in case are one stream to it (`appendRecords` merges them,
 * `multiStreamAppend` refuses the second). Each character counts by its one-to-one upper-case
 * form; a character whose upper case is several characters (ß) stays as it is. Everywhere
 * else (reads, single-stream appends, what is stored) names are compared exactly.
 */
export function streamNameKey(name: string): string {
  let key = '';
  for (const character of name) {
    const upper = character.toUpperCase();
    key += upper.length === character.length ? upper : character;
  }
  return key;
}

export function sameStreamName(a: string, b: string): boolean {
  return a === b || streamNameKey(a) === streamNameKey(b);
}

/** Two requests that name one stream by the server's rule, or undefined. */
export function repeatedStream(requests: AppendRequest[]): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const { stream } of requests) {
    const key = streamNameKey(stream);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, stream];
    seen.set(key, stream);
  }
  return undefined;
}

// Positions

/**
 * A checkpoint as a position in `$all`. Every event this adapter writes is its own commit in
 * the log (commit = prepare), so the one number a reader keeps is both.
 */
export function checkpointOf(after: bigint | undefined): Position | undefined {
  return after === undefined ? undefined : { commit: after, prepare: after };
}

export function fromCheckpoint(after: bigint | undefined): ReadPosition {
  return checkpointOf(after) ?? START;
}

/** The event's full position in `$all`: its commit position and its prepare position. */
export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): Position | undefined {
  const position = resolved.event?.position;
  if (position) return { commit: position.commit, prepare: position.prepare };
  const commit = resolved.commitPosition;
  return commit === undefined ? undefined : { commit, prepare: commit };
}

/**
 * `$all` order: by commit position, then by prepare position. Events that share a commit (the
 * legacy explicit transactions) differ in their prepare position only.
 */
export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** True when `position` comes after `seen`; always when nothing was seen. */
export function isAfter(position: Position, seen: Position | undefined): boolean {
  return seen === undefined || comparePositions(position, seen) > 0;
}

// Errors

/** Actual states the v2 append calls report for a stream deleted for good. */
const TOMBSTONED_STATES: ReadonlySet<unknown> = new Set([-6n, -100n]);

/** The request about `stream` (the only one, when the server did not name it). */
function requestAbout(
  stream: string | undefined,
  requests: AppendRequest[],
): AppendRequest | undefined {
  if (stream) {
    const named = requests.find((r) => sameStreamName(r.stream, stream));
    if (named) return named;
  }
  return requests.length === 1 ? requests[0] : undefined;
}

function spelledAsRequested(stream: string | undefined, requests: AppendRequest[]): string {
  return requestAbout(stream, requests)?.stream ?? stream ?? '';
}

/**
 * The client's error as one the store's callers understand: a failed expectation becomes
 * WrongExpectedVersionError, a stream deleted for good StreamDeletedError, both naming the
 * stream as the request did. Anything else is left alone (undefined).
 */
export function toStoreError(
  error: unknown,
  requests: AppendRequest[],
): WrongExpectedVersionError | StreamDeletedError | undefined {
  if (error instanceof KurrentStreamDeletedError) {
    return new StreamDeletedError(spelledAsRequested(error.streamName, requests));
  }
  if (error instanceof StreamTombstonedError) {
    return new StreamDeletedError(spelledAsRequested(error.stream, requests));
  }
  let stream: string;
  let actualState: unknown;
  if (error instanceof KurrentWrongExpectedVersionError) {
    stream = error.streamName;
    actualState = error.actualState;
  } else if (error instanceof AppendConsistencyViolationError) {
    const violation =
      error.violations.find((v) => TOMBSTONED_STATES.has(v.actualState)) ?? error.violations[0];
    if (!violation) return undefined;
    stream = violation.streamName;
    actualState = violation.actualState;
  } else {
    return undefined;
  }
  const request = requestAbout(stream, requests);
  const name = request?.stream ?? stream;
  if (TOMBSTONED_STATES.has(actualState)) return new StreamDeletedError(name);
  // A soft-deleted stream reports a negative state too; to a writer it does not exist.
  const actual =
    typeof actualState === 'bigint' && actualState >= 0n ? Number(actualState) : 'no_stream';
  return new WrongExpectedVersionError(name, request?.expected ?? 'any', actual);
}

/** The error of a read of `stream`, as the store's callers understand it. */
export function toReadError(error: unknown, stream: string): unknown {
  if (error instanceof KurrentStreamDeletedError || error instanceof StreamTombstonedError) {
    return new StreamDeletedError(stream);
  }
  return error;
}

/** The server cannot be reached: the client says so, or gRPC answers UNAVAILABLE (14). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof UnavailableError) return true;
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 14;
}

/** The server predates the call: the client says so, or gRPC answers UNIMPLEMENTED (12). */
export function isUnimplemented(error: unknown): boolean {
  if (error instanceof UnsupportedError) return true;
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 12;
}

// Server capabilities

/** What the client learns from the server's feature list: its version and its methods. */
export interface ServerFeaturesLike {
  serverVersion: string;
  supports(method: { path: string }, feature?: string): boolean;
}

export function isServerFeatures(value: unknown): value is ServerFeaturesLike {
  const candidate = value as Partial<ServerFeaturesLike> | null | undefined;
  return typeof candidate?.serverVersion === 'string' && typeof candidate.supports === 'function';
}

export interface KurrentDbCapabilities {
  /** As the server reports it; `unknown` when it has no feature list. */
  version: string;
  /** `multiStreamAppend` (KurrentDB 25.1+). */
  multiStreamAppend: boolean;
  /** `appendRecords` (KurrentDB 26.1+). */
  appendRecords: boolean;
}

/** Decided by the methods the server lists, the same test the client makes before each call. */
export function capabilitiesOf(features: ServerFeaturesLike): KurrentDbCapabilities {
  const { StreamsServiceService } = streamsService;
  return {
    version: features.serverVersion,
    multiStreamAppend: features.supports(StreamsServiceService.appendSession),
    appendRecords: features.supports(StreamsServiceService.appendRecords),
  };
}

/** Why this server cannot hold the store, in one line, or undefined when it can. */
export function capabilityProblem(
  capabilities: KurrentDbCapabilities,
  where: string,
): string | undefined {
  if (capabilities.appendRecords) return undefined;
  const { version } = capabilities;
  const found =
    version === '' || version === 'unknown'
      ? 'does not report its version'
      : `is version ${version}`;
  return `KurrentDB at ${where} ${found} and cannot check a stream it does not write to (appendRecords): Second Gear needs KurrentDB ${NEEDED_SERVER_VERSION} or later`;
}

/** A connection string fit for a message: without user name and password. */
export function withoutCredentials(connectionString: string): string {
  return connectionString.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, '$1');
}

// Reading

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
    ...readableParts(event.id, event.data, event.metadata),
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    position,
    recordedAt: event.created,
  };
}

/**
 * The event's data and metadata. Another writer's event in `$all` may hold bytes that are not
 * JSON: it is handed on with empty data and metadata that says so, which no reader takes for an
 * event of its own (its metadata names no actor), so every reader parks it or passes over it
 * instead of stopping at it for good.
 */
function readableParts(
  eventId: string,
  data: unknown,
  metadata: unknown,
): { data: JsonObject; metadata: JsonObject } {
  try {
    return { data: decodeJson(data), metadata: decodeMetadata(metadata, eventId) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { data: {}, metadata: { unreadable: `KurrentDB event ${eventId}: ${why}` } };
  }
}

export function decodeJson(value: unknown): JsonObject {
  if (value instanceof Uint8Array) return JSON.parse(Buffer.from(value).toString('utf8'));
  if (typeof value === 'string') return JSON.parse(value);
  return (value ?? {}) as JsonObject;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Record properties as the client hands them back when it could not read them as JSON: the
 * bytes of a protobuf Struct, the form in which the server keeps them.
 */
function fromBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return struct.Struct.deserializeBinary(bytes).toJavaScript();
  }
}

/**
 * An event's metadata as the client returns it, back to what the event was written with.
 * - Written by `append`: the JSON object itself, which the client has parsed.
 * - Written by `appendMany` (record properties): the server hands v1 readers the properties as
 *   one JSON object, with keys of its own added (the schema name and format); the metadata is
 *   the JSON under `second-gear.metadata`, and the other keys are not ours. Should the client
 *   get the properties as the bytes of a protobuf Struct instead, they are decoded alike.
 * - No metadata at all: an empty object.
 */
export function decodeMetadata(value: unknown, eventId: string): JsonObject {
  if (value === undefined || value === null) return {};
  let found: unknown;
  try {
    found = value instanceof Uint8Array ? fromBytes(value) : value;
  } catch (error) {
    throw new Error(`KurrentDB event ${eventId}: its metadata is neither JSON nor properties`, {
      cause: error,
    });
  }
  if (!isJsonObject(found)) {
    throw new Error(`KurrentDB event ${eventId}: its metadata is not a JSON object`);
  }
  if (!Object.hasOwn(found, METADATA_PROPERTY)) return found;
  const wrapped = found[METADATA_PROPERTY];
  const metadata: unknown = typeof wrapped === 'string' ? JSON.parse(wrapped) : undefined;
  if (!isJsonObject(metadata)) {
    throw new Error(
      `KurrentDB event ${eventId}: ${METADATA_PROPERTY} does not hold a JSON object as a string`,
    );
  }
  return metadata;
}
