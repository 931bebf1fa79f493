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
  START,
  STREAM_STATE,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type {
  AppendRequest,
  AppendResult,
  EventData,
  EventStore,
  ExpectedVersion,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.ts';
import { validateAppendRequests } from '../validate.ts';
import {
  decodeJson,
  fromCheckpoint,
  isUnimplemented,
  toJsonEvent,
  toPropertiesEvent,
  toRecordedEvent,
  toStreamState,
  toWrongExpectedVersion,
} from './mapping.ts';

/** The stream that holds the store's identity, and the type of its one event. */
const STORE_STREAM = 'second-gear-store';
const STORE_EVENT_TYPE = '$second-gear-store-created';

export interface KurrentDbEventStoreOptions {
  /** For example `kurrentdb://127.0.0.1:2113?tls=false`. */
  connectionString: string;
}

export async function createKurrentDbEventStore(
  options: KurrentDbEventStoreOptions,
): Promise<EventStore> {
  return new KurrentDbEventStore(KurrentDBClient.connectionString(options.connectionString));
}

/**
 * KurrentDB through its gRPC client. A position is the event's commit position in the
 * transaction log. Every append this adapter makes is an implicit transaction, whose events
 * each have commit position = prepare position, so a checkpoint resumes from
 * `{ commit: p, prepare: p }` (see docs/event-store.md).
 */
class KurrentDbEventStore implements EventStore {
  readonly #client: KurrentDBClient;
  readonly #closing = new AbortController();
  /** Whether the server has `appendRecords`; assumed until it says otherwise. */
  #ordered = true;
  #storeId: string | undefined;

  constructor(client: KurrentDBClient) {
    this.#client = client;
  }

  async append(
    stream: string,
    expected: ExpectedVersion,
    events: EventData[],
  ): Promise<AppendResult> {
    validateAppendRequests([{ stream, expected, events }]);
    try {
      const result = await this.#client.appendToStream(stream, events.map(toJsonEvent), {
        streamState: toStreamState(expected),
      });
      return {
        position: result.position?.commit ?? (await this.headPosition()) ?? 0n,
        versions: [{ stream, version: Number(result.nextExpectedRevision) }],
      };
    } catch (error) {
      throw toWrongExpectedVersion(error, [{ stream, expected, events }]) ?? error;
    }
  }

  /**
   * `appendRecords` (KurrentDB 26.1+) keeps the records in request order and checks each
   * expectation on its own, also for a stream that receives no events. On an older server it is
   * not implemented, and the adapter falls back to `multiStreamAppend` (25.1+) for good.
   */
  async appendMany(requests: AppendRequest[]): Promise<AppendResult> {
    validateAppendRequests(requests);
    const streams = new Set(requests.map((r) => r.stream));
    if (streams.size !== requests.length) {
      throw new TypeError('appendMany on KurrentDB: name each stream at most once per call');
    }
    let result: MultiAppendResult;
    try {
      if (this.#ordered) {
        try {
          result = await this.#appendRecords(requests);
        } catch (error) {
          if (!isUnimplemented(error)) throw error;
          this.#ordered = false;
          result = await this.#multiStreamAppend(requests);
        }
      } else {
        result = await this.#multiStreamAppend(requests);
      }
    } catch (error) {
      throw toWrongExpectedVersion(error, requests) ?? error;
    }
    const versions = [];
    for (const request of requests) {
      const written = result.responses.find((r) => r.streamName === request.stream);
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

  #multiStreamAppend(requests: AppendRequest[]): Promise<MultiAppendResult> {
    if (requests.some((r) => r.events.length === 0)) {
      throw new TypeError(
        'appendMany on KurrentDB before 26.1: every stream named needs at least one event',
      );
    }
    return this.#client.multiStreamAppend(
      requests.map((request) => ({
        streamName: request.stream,
        expectedState: toStreamState(request.expected),
        events: request.events.map(toPropertiesEvent),
      })),
    );
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
      if (!(error instanceof StreamNotFoundError)) throw error;
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
      throw error;
    }
    return events;
  }

  async readAll(options: { after?: bigint; limit: number }): Promise<RecordedEvent[]> {
    if (!Number.isInteger(options.limit) || options.limit < 1) {
      throw new RangeError(`readAll: limit must be a positive integer, not ${options.limit}`);
    }
    const { after } = options;
    const events: RecordedEvent[] = [];
    // Reading from a position includes the event at it, hence one more and the filter below.
    for await (const resolved of this.#client.readAll({
      fromPosition: fromCheckpoint(after),
      maxCount: options.limit + 1,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
    })) {
      const recorded = toRecordedEvent(resolved);
      if (!recorded || (after !== undefined && recorded.position <= after)) continue;
      events.push(recorded);
      if (events.length === options.limit) break;
    }
    return events;
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
    let last = options.after;
    try {
      for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
        if (signal.aborted) return;
        const recorded = toRecordedEvent(resolved);
        // Guards the checkpoint itself (a start position may be inclusive) and any repeat.
        if (!recorded || (last !== undefined && recorded.position <= last)) continue;
        last = recorded.position;
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
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      return undefined;
    };
    let id = await read();
    if (id === undefined) {
      try {
        await this.#client.appendToStream(
          STORE_STREAM,
          jsonEvent({ type: STORE_EVENT_TYPE, data: { id: randomUUID() } }),
          { streamState: NO_STREAM },
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
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
