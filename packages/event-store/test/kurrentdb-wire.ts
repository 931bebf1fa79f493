// The KurrentDB client's own code on both ends of the wire, without a server: what it sends for
// an append (its request messages, captured from a stand-in gRPC stub), what the server keeps
// and hands back (built with the client's generated protobuf classes), and what the client
// makes of it on reading (its own conversion functions). The server's part follows its
// documented behaviour: record properties are kept as a protobuf Struct, and a v1 reader gets
// them as one JSON object with the schema name and format added.
import { createRequire } from 'node:module';
import {
  type AllStreamResolvedEvent,
  type AppendRecordInput,
  type AppendStreamRequest,
  type ConsistencyCheck,
  convertToCommandError,
  type EventData as KurrentEventData,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import serverFeaturesModule from '@kurrent/kurrentdb-client/dist/Client/ServerFeatures.js';
import appendModule from '@kurrent/kurrentdb-client/dist/streams/appendToStream/append.js';
import appendRecordsModule from '@kurrent/kurrentdb-client/dist/streams/appendToStream/appendRecords.js';
import multiStreamAppendModule from '@kurrent/kurrentdb-client/dist/streams/appendToStream/multiStreamAppend.js';
import convertGrpcModule from '@kurrent/kurrentdb-client/dist/utils/convertGrpcEvent.js';
import convertRustModule from '@kurrent/kurrentdb-client/dist/utils/convertRustEvent.js';
import serverFeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import sharedV1 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import statusV1 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb.js';
import streamsV1 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import errorsV2 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/errors_pb.js';
import streamsV2 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_pb.js';
import anyPb from 'google-protobuf/google/protobuf/any_pb.js';
import structPb from 'google-protobuf/google/protobuf/struct_pb.js';

type V1ProposedMessage = InstanceType<typeof streamsV1.AppendReq.ProposedMessage>;
type V2AppendRecord = InstanceType<typeof streamsV2.AppendRecord>;

/** gRPC as the client loads it: its own dependency, not this package's. */
const grpc = createRequire(import.meta.resolve('@kurrent/kurrentdb-client'))('@grpc/grpc-js') as {
  Metadata: new () => { set(key: string, value: string | Buffer): void };
  status: { FAILED_PRECONDITION: number };
};

/** A client-streaming call's sink: keeps every message, answers when the client ends it. */
function sink(messages: unknown[], answer: () => void) {
  const stub = {
    write(message: unknown) {
      messages.push(message);
      return true;
    },
    on: () => stub,
    once: () => stub,
    removeListener: () => stub,
    end: () => answer(),
  };
  return stub;
}

/** `this` for the client's append functions: runs the action on the given stand-in stub. */
function clientWith(stub: Record<string, unknown>) {
  return {
    execute: (_client: unknown, _name: string, action: (client: unknown) => unknown) =>
      action(stub),
    callArguments: () => [],
    throwOnAppendFailure: true,
  };
}

// Writing

/** The messages `appendToStream` sends for these events (the unary v1 `Append` call). */
export async function sentByAppend(
  stream: string,
  events: KurrentEventData[],
): Promise<V1ProposedMessage[]> {
  const messages: unknown[] = [];
  const success = new streamsV1.AppendResp.Success();
  success.setCurrentRevision(String(events.length - 1));
  const response = new streamsV1.AppendResp();
  response.setSuccess(success);
  const stub = {
    append: (...args: unknown[]) => {
      const callback = args.at(-1) as (error: null, response: unknown) => void;
      return sink(messages, () => callback(null, response));
    },
  };
  await appendModule.append.call(clientWith(stub) as never, stream, events, {
    streamState: 'any',
    batchAppendSize: 3 * 1024 * 1024,
  });
  return messages.flatMap((m) => {
    const message = m as InstanceType<typeof streamsV1.AppendReq>;
    return message.hasProposedMessage() ? [message.getProposedMessage()!] : [];
  });
}

/** The records `appendRecords` sends. */
export async function sentByAppendRecords(
  records: AppendRecordInput[],
  checks: ConsistencyCheck[] = [],
): Promise<V2AppendRecord[]> {
  let sent: InstanceType<typeof streamsV2.AppendRecordsRequest> | undefined;
  const stub = {
    appendRecords: (request: typeof sent, ...args: unknown[]) => {
      sent = request;
      const callback = args.at(-1) as (error: null, response: unknown) => void;
      callback(null, new streamsV2.AppendRecordsResponse());
    },
  };
  await appendRecordsModule.appendRecords.call(clientWith(stub) as never, records, checks);
  return sent?.getRecordsList() ?? [];
}

/** The records `multiStreamAppend` sends, with the stream each goes to. */
export async function sentByMultiStreamAppend(
  requests: AppendStreamRequest[],
): Promise<{ stream: string; record: V2AppendRecord }[]> {
  const messages: unknown[] = [];
  const stub = {
    appendSession: (...args: unknown[]) => {
      const callback = args.at(-1) as (error: null, response: unknown) => void;
      return sink(messages, () => callback(null, new streamsV2.AppendSessionResponse()));
    },
  };
  await multiStreamAppendModule.multiStreamAppend.call(clientWith(stub) as never, requests);
  return messages.flatMap((m) => {
    const request = m as InstanceType<typeof streamsV2.AppendRequest>;
    return request.getRecordsList().map((record) => ({ stream: request.getStream(), record }));
  });
}

// What the server keeps and hands back

export interface StoredEvent {
  type: string;
  isJson: boolean;
  data: Uint8Array;
  /** The custom metadata bytes a v1 reader gets. */
  metadata: Uint8Array;
}

/** An event written by a v1 append: its custom metadata is kept and returned as sent. */
export function storedFromV1(message: V1ProposedMessage): StoredEvent {
  const meta = message.getMetadataMap();
  return {
    type: meta.get('type') ?? '',
    isJson: meta.get('content-type') === 'application/json',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}

/** A record's properties as the server keeps them: the bytes of a protobuf Struct. */
export function propertiesStruct(record: V2AppendRecord): Uint8Array {
  const properties = new structPb.Struct();
  for (const [key, value] of record.getPropertiesMap().entries()) {
    properties.getFieldsMap().set(key, value);
  }
  return properties.serializeBinary();
}

/**
 * A record written by a v2 append, as a v1 reader gets it: the properties as one JSON object,
 * with the schema name and (for JSON data) the format added by the server. With `raw`, the
 * properties as kept, the bytes of the Struct.
 */
export function storedFromV2(record: V2AppendRecord, options: { raw?: boolean } = {}): StoredEvent {
  const schema = record.getSchema();
  const type = schema?.getName() ?? '';
  const isJson = schema?.getFormat() === streamsV2.SchemaFormat.SCHEMA_FORMAT_JSON;
  const struct = propertiesStruct(record);
  let metadata = struct;
  if (!options.raw) {
    const properties = structPb.Struct.deserializeBinary(struct).toJavaScript();
    const synthesized = {
      ...properties,
      '$schema.name': type,
      ...(isJson ? { '$schema.format': 'Json' } : {}),
    };
    metadata = new Uint8Array(Buffer.from(JSON.stringify(synthesized), 'utf8'));
  }
  return { type, isJson, data: record.getData_asU8(), metadata };
}

export interface Placement {
  streamId: string;
  id: string;
  revision: bigint;
  commit: bigint;
  prepare: bigint;
  created?: Date;
}

/** What `readStream` and `readAll` yield for a stored event (through the client's bridge). */
export function readByBridge(stored: StoredEvent, at: Placement): ResolvedEvent {
  return convertRustModule.convertRustEvent({
    event: {
      streamId: at.streamId,
      id: at.id,
      type: stored.type,
      isJson: stored.isJson,
      revision: at.revision,
      created: (at.created ?? new Date(0)).getTime(),
      data: stored.data,
      metadata: stored.metadata,
      position: { commit: at.commit, prepare: at.prepare },
    },
    commitPosition: at.commit,
  }) as ResolvedEvent;
}

/** What `subscribeToAll` yields for a stored event (through the client's gRPC conversion). */
export function readBySubscription(stored: StoredEvent, at: Placement): AllStreamResolvedEvent {
  const recorded = new streamsV1.ReadResp.ReadEvent.RecordedEvent();
  const id = new sharedV1.UUID();
  id.setString(at.id);
  recorded.setId(id);
  const streamIdentifier = new sharedV1.StreamIdentifier();
  streamIdentifier.setStreamName(Buffer.from(at.streamId, 'utf8'));
  recorded.setStreamIdentifier(streamIdentifier);
  recorded.setStreamRevision(String(at.revision));
  recorded.setCommitPosition(String(at.commit));
  recorded.setPreparePosition(String(at.prepare));
  recorded.getMetadataMap().set('type', stored.type);
  recorded
    .getMetadataMap()
    .set('created', String(BigInt((at.created ?? new Date(0)).getTime()) * 10_000n));
  recorded
    .getMetadataMap()
    .set('content-type', stored.isJson ? 'application/json' : 'application/octet-stream');
  recorded.setData(stored.data);
  recorded.setCustomMetadata(stored.metadata);
  const readEvent = new streamsV1.ReadResp.ReadEvent();
  readEvent.setEvent(recorded);
  readEvent.setCommitPosition(String(at.commit));
  return convertGrpcModule.convertGrpcEvent(readEvent) as AllStreamResolvedEvent;
}

// Errors, as the client makes them of what the server answers

/** A failed call as gRPC reports it, through the client's conversion. */
function failed(
  code: number,
  message: string,
  details?: { typeName: string; value: Uint8Array },
  trailers: Record<string, string> = {},
) {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(trailers)) metadata.set(key, value);
  if (details) {
    const any = new anyPb.Any();
    any.setTypeUrl(`type.googleapis.com/${details.typeName}`);
    any.setValue(details.value);
    const status = new statusV1.Status();
    status.setCode(code);
    status.setMessage(message);
    status.setDetails(any);
    metadata.set('grpc-status-details-bin', Buffer.from(status.serializeBinary()));
  }
  return convertToCommandError(
    Object.assign(new Error(`${code} ${message}`), { code, details: message, metadata }),
  );
}

/** The v1 calls' answer for a stream deleted for good. */
export function v1StreamDeleted(stream: string) {
  return failed(grpc.status.FAILED_PRECONDITION, 'Stream deleted', undefined, {
    exception: 'stream-deleted',
    'stream-name': stream,
  });
}

/** `multiStreamAppend`'s answer for a tombstoned stream. */
export function v2StreamTombstoned(stream: string) {
  const details = new errorsV2.StreamTombstonedErrorDetails();
  details.setStream(stream);
  return failed(grpc.status.FAILED_PRECONDITION, `Stream '${stream}' has been tombstoned.`, {
    typeName: 'kurrentdb.protocol.v2.streams.errors.StreamTombstonedErrorDetails',
    value: details.serializeBinary(),
  });
}

/** `appendRecords`' answer when consistency checks fail. */
export function v2ConsistencyViolation(
  violations: { checkIndex: number; stream: string; expected: bigint; actual: bigint }[],
) {
  const details = new errorsV2.AppendConsistencyViolationErrorDetails();
  for (const v of violations) {
    const state = new errorsV2.ConsistencyViolation.StreamStateViolation();
    state.setStream(v.stream);
    state.setExpectedState(String(v.expected));
    state.setActualState(String(v.actual));
    const violation = new errorsV2.ConsistencyViolation();
    violation.setCheckIndex(v.checkIndex);
    violation.setStreamState(state);
    details.addViolations(violation);
  }
  return failed(grpc.status.FAILED_PRECONDITION, 'Append failed due to consistency violations.', {
    typeName: 'kurrentdb.protocol.v2.streams.errors.AppendConsistencyViolationErrorDetails',
    value: details.serializeBinary(),
  });
}

// Server features

/** What the client makes of the server's list of methods (`ServerFeatures`). */
export function serverFeatures(version: string, methods: [service: string, method: string][]) {
  const supported = new serverFeaturesPb.SupportedMethods();
  supported.setEventStoreServerVersion(version);
  for (const [service, method] of methods) {
    const entry = new serverFeaturesPb.SupportedMethod();
    entry.setServiceName(service);
    entry.setMethodName(method);
    supported.addMethods(entry);
  }
  return new serverFeaturesModule.ServerFeatures(null, supported);
}

/** The client's answer when the server has no list of methods at all. */
export function noServerFeatures() {
  return new serverFeaturesModule.ServerFeatures(
    Object.assign(new Error('12 UNIMPLEMENTED'), {
      code: 12,
      details: '',
      metadata: new grpc.Metadata(),
    }) as never,
    new serverFeaturesPb.SupportedMethods(),
  );
}
