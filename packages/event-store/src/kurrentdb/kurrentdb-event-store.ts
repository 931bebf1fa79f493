import { randomUUID } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  type ConsistencyCheck,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  type MultiAppendResult,
  NO_STREAM,
  type Position,
  START,
  STREAM_STATE,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { StartupError } from '@second-gear/config';
import {
  type AppendRequest,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  WrongExpectedVersionError as StoreWrongExpectedVersionError,
  type SubscribeOptions,
} from '../event-store.ts';
import { validateAppendRequests } from '../validate.ts';
import {
  capabilitiesOf,
  capabilityProblem,
  checkpointOf,
  decodeJson,
  fromCheckpoint,
  isAfter,
  isServerFeatures,
  isUnavailable,
  isUnimplemented,
  type KurrentDbCapabilities,
  NEEDED_SERVER_VERSION,
  positionOf,
  refuseReservedMetadata,
  repeatedStream,
  type ServerFeaturesLike,
  sameStreamName,
  toJsonEvent,
  toPropertiesEvent,
  toReadError,
  toRecordedEvent,
  toStoreError,
  toStreamState,
  withoutCredentials,
} from './mapping.ts';

/** The stream that holds the store's identity, and the type of its one event. */
const STORE_STREAM = 'second-gear-store';
const STORE_EVENT_TYPE = '$second-gear-store-created';

export interface KurrentDbEventStoreOptions {
  /** For example `kurrentdb://127.0.0.1:2113?tls=false`. */
  connectionString: string;
}

/**
 * Connects and asks the server what it supports before anything else, so that a server too old
 * for the multi-stream appends the store needs stops the process at start with one line that
 * says so, instead of failing the first command that needs one.
 */
export async function createKurrentDbEventStore(
  options: KurrentDbEventStoreOptions,
): Promise<EventStore> {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const where = withoutCredentials(options.connectionString);
  let capabilities: KurrentDbCapabilities;
  try {
    capabilities = capabilitiesOf(await serverFeatures(client));
  } catch (error) {
    await client.dispose().catch(() => {});
    const reason = (error instanceof Error ? error.message : String(error))
      .replace(/\s+/g, ' ')
      .trim();
    const what = isUnavailable(error) ? 'does not answer' : 'did not say what it supports';
    throw new StartupError(`KurrentDB at ${where} ${what}: ${reason}`, { cause: error });
  }
  const problem = capabilityProblem(capabilities, where);
  if (problem !== undefined) {
    await client.dispose().catch(() => {});
    throw new StartupError(problem);
  }
  return new KurrentDbEventStore(client);
}

/**
 * The server's version and methods, as the client fetches them (once per connection) to decide
 * whether it may make a v2 call. The client keeps them to itself (`capabilities` is protected),
 * so they are read through the same getter its own calls use.
 */
async function serverFeatures(client: KurrentDBClient): Promise<ServerFeaturesLike> {
  const features: unknown = await Reflect.get(client, 'capabilities');
  if (!isServerFeatures(features)) {
    throw new Error('the KurrentDB client did not report the server features');
  }
  return features;
}

/**
 * KurrentDB through its gRPC client. A position is the event's commit position in the
 * transaction log. Every append this adapter makes is an implicit transaction, whose events
 * each have commit position = prepare position, so a checkpoint resumes from
 * `{ commit: p, prepare: p }`; within a read, events are told apart by their full position
 * (see docs/event-store.md).
 */
export class KurrentDbEventStore implements EventStore {
  readonly #client: KurrentDBClient;
  readonly #closing = new AbortController();
  #storeId: string | undefined;

  constructor(client: KurrentDBClient) {
    this.#client = client;
  }

  async append(
    stream: string,
    expected: ExpectedVersion,
    events: EventData[],
  ): Promise<AppendResult> {
    const requests = [{ stream, expected, events }];
    validateAppendRequests(requests);
    refuseReservedMetadata(requests);
    try {
      const result = await this.#client.appendToStream(stream, events.map(toJsonEvent), {
        streamState: toStreamState(expected),
      });
      // With `throwOnAppendFailure=false` in the connection string, a conflict is a result.
      if (!result.success) {
        const current = result.nextExpectedRevision;
        throw new StoreWrongExpectedVersionError(
          stream,
          expected,
          current >= 0n ? Number(current) : 'no_stream',
        );
      }
      return {
        position: result.position?.commit ?? (await this.headPosition()) ?? 0n,
        versions: [{ stream, version: Number(result.nextExpectedRevision) }],
      };
    } catch (error) {
      throw toStoreError(error, requests) ?? error;
    }
  }

  /**
   * `appendRecords` (KurrentDB 26.1+, checked at start) keeps the records in request order and
   * checks each expectation on its own, also for a stream that receives no events. A node that
   * answers UNIMPLEMENTED (an older one in a cluster being upgraded) fails the append: writing
   * without the checks of the streams only read would let two decisions both pass.
   */
  async appendMany(requests: AppendRequest[]): Promise<AppendResult> {
    validateAppendRequests(requests);
    refuseReservedMetadata(requests);
    const repeated = repeatedStream(requests);
    if (repeated) {
      const [first, second] = repeated;
      throw new TypeError(
        `appendMany on KurrentDB: name each stream at most once per call (${first} and ${second} are one stream to the server, which ignores case here)`,
      );
    }
    let result: MultiAppendResult;
    try {
      result = await this.#appendRecords(requests);
    } catch (error) {
      if (isUnimplemented(error)) {
        throw new Error(
          `The KurrentDB node that answered has no appendRecords: Second Gear needs KurrentDB ${NEEDED_SERVER_VERSION} or later on every node`,
          { cause: error },
        );
      }
      throw toStoreError(error, requests) ?? error;
    }
    const versions = [];
    for (const request of requests) {
      const written = result.responses.find((r) => sameStreamName(r.streamName, request.stream));
      versions.push({
        stream: request.stream,
        version: written ? Number(written.revision) : await this.#versionOf(request),
      });
    }
    return { position: result.position, versions };
  }

  #appendRecords(requests: AppendRequest[]): Promise<MultiAppendResult> {
    const checks: ConsistencyCheck[] = requests
      .filter((r) => r.expected !== 'any')
      .map((r) => ({
        type: STREAM_STATE,
        streamName: r.stream,
        expectedState: toStreamState(r.expected),
      }));
    const records = requests.flatMap((r) =>
      r.events.map((event) => ({ streamName: r.stream, record: toPropertiesEvent(event) })),
    );
    return this.#client.appendRecords(records, checks);
  }

  /** The version of a stream that was only checked, not written to. */
  async #versionOf(request: AppendRequest): Promise<number> {
    if (typeof request.expected === 'number') return request.expected;
    if (request.expected === 'no_stream') return -1;
    try {
      for await (const resolved of this.#client.readStream(request.stream, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw toReadError(error, request.stream);
    }
    return -1;
  }

  async readStream(stream: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.#client.readStream(stream, {
        fromRevision: BigInt(options?.fromVersion ?? 0),
        direction: FORWARDS,
      })) {
        const recorded = toRecordedEvent(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw toReadError(error, stream);
    }
    return events;
  }

  /**
   * A page never ends between two events that share one position, since a reader who pages on
   * from that position would miss the rest (events of the legacy explicit transactions do; no
   * event this adapter writes does): such a group is finished, even past `limit`. One read of
   * `limit + 2` events covers the checkpoint itself (a start position may be inclusive), the
   * page, and one event to see where the page ends; a page cut short by skipped or grouped
   * events reads on from the last event seen.
   */
  async readAll(options: { after?: bigint; limit: number }): Promise<RecordedEvent[]> {
    const { after, limit } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`readAll: limit must be a positive integer, not ${limit}`);
    }
    const events: RecordedEvent[] = [];
    let seen = checkpointOf(after);
    let from: Position | undefined = seen;
    const maxCount = limit + 2;
    for (;;) {
      let count = 0;
      for await (const resolved of this.#client.readAll({
        fromPosition: from ?? START,
        maxCount,
        direction: FORWARDS,
        filter: excludeSystemEvents(),
      })) {
        count++;
        const position = positionOf(resolved);
        if (position) from = position;
        const recorded = toRecordedEvent(resolved);
        if (!recorded || !position || !isAfter(position, seen)) continue;
        const last = events.at(-1);
        if (events.length >= limit && last && recorded.position !== last.position) return events;
        events.push(recorded);
        seen = position;
      }
      if (count < maxCount) return events;
    }
  }

  /**
   * Reads `$all` forwards from the position itself, which the server includes: the event there
   * is the first one read, or the position is not an event's and the read starts at the next
   * one. (A position inside a record is refused by the server; that error is passed on.)
   */
  async eventAt(position: bigint): Promise<RecordedEvent | undefined> {
    for await (const resolved of this.#client.readAll({
      fromPosition: checkpointOf(position) ?? START,
      maxCount: 1,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
    })) {
      const recorded = toRecordedEvent(resolved);
      return recorded?.position === position ? recorded : undefined;
    }
    return undefined;
  }

  async *subscribe(options: SubscribeOptions = {}): AsyncGenerator<RecordedEvent> {
    const signal = AbortSignal.any(
      [options.signal, this.#closing.signal].filter((s): s is AbortSignal => s !== undefined),
    );
    if (signal.aborted) return;
    // The server catches up from the checkpoint and then streams live events, in $all order.
    const subscription = this.#client.subscribeToAll({
      fromPosition: fromCheckpoint(options.after),
      filter: excludeSystemEvents(),
    });
    const stop = () => {
      subscription.unsubscribe().catch(() => {});
    };
    signal.addEventListener('abort', stop, { once: true });
    // Compared by full position: the checkpoint itself (a start position may be inclusive) and
    // any repeat are dropped, and events that share a commit position are all delivered.
    let seen = checkpointOf(options.after);
    try {
      for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
        if (signal.aborted) return;
        const position = positionOf(resolved);
        const recorded = toRecordedEvent(resolved);
        if (!recorded || !position || !isAfter(position, seen)) continue;
        seen = position;
        yield recorded;
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => {});
    }
  }

  /**
   * Written once, as the first event of the stream `second-gear-store`, with an event type that
   * starts with `$`: readers of `$all` leave it out with the system events (`excludeSystemEvents`),
   * so no projection, reactor or feed ever sees it. Two first starts at once both try; the
   * stream's expected state lets one win, and both read the winner's.
   */
  async storeId(): Promise<string> {
    if (this.#storeId !== undefined) return this.#storeId;
    const read = async (): Promise<string | undefined> => {
      try {
        for await (const resolved of this.#client.readStream(STORE_STREAM, {
          fromRevision: START,
          direction: FORWARDS,
          maxCount: 1,
        })) {
          const id = resolved.event ? decodeJson(resolved.event.data).id : undefined;
          if (typeof id === 'string') return id;
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw toReadError(error, STORE_STREAM);
      }
      return undefined;
    };
    let id = await read();
    if (id === undefined) {
      try {
        // Lost to another first start: a thrown conflict, or a failed result when the
        // connection string asks the client not to throw.
        await this.#client.appendToStream(
          STORE_STREAM,
          jsonEvent({ type: STORE_EVENT_TYPE, data: { id: randomUUID() } }),
          { streamState: NO_STREAM },
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) {
          throw (
            toStoreError(error, [{ stream: STORE_STREAM, expected: 'no_stream', events: [] }]) ??
            error
          );
        }
      }
      id = await read();
    }
    if (id === undefined) throw new Error(`KurrentDB: ${STORE_STREAM} holds no store identity`);
    this.#storeId = id;
    return id;
  }

  async headPosition(): Promise<bigint | undefined> {
    for await (const resolved of this.#client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      const recorded = toRecordedEvent(resolved);
      if (recorded) return recorded.position;
    }
    return undefined;
  }

  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    this.#closing.abort();
    await this.#client.dispose();
  }
}
