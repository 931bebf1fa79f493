/**
 * The event store, as every part of the system sees it. Adapters: PostgreSQL (`pg`),
 * PGlite (the same SQL, embedded) and KurrentDB. One conformance suite holds them to it.
 *
 * Versions and positions:
 * - A stream's version is the 0-based index of its last event (-1 or "no stream" when empty),
 *   as KurrentDB counts revisions.
 * - A position orders every event of the store: strictly increasing in commit order, so a
 *   reader who has seen position p has seen every event at or before p. Positions are bigint
 *   (KurrentDB's commit position; PostgreSQL's global sequence). They are not dense.
 */

export type JsonObject = { [key: string]: unknown };

export interface EventData {
  /** A unique id (uuid). Given by the caller so retries can be recognised. */
  id: string;
  type: string;
  data: JsonObject;
  metadata: JsonObject;
}

export interface RecordedEvent extends EventData {
  streamId: string;
  /** 0-based index of the event in its stream. */
  streamVersion: number;
  position: bigint;
  recordedAt: Date;
}

/**
 * - `any`: no check.
 * - `no_stream`: the stream must not exist (uniqueness reservations, new aggregates).
 * - a number: the stream's current version must be exactly this (optimistic concurrency).
 */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export interface AppendRequest {
  stream: string;
  expected: ExpectedVersion;
  events: EventData[];
}

export interface AppendResult {
  /** Position of the last event written. */
  position: bigint;
  /** Each stream's version after the append, in request order. */
  versions: { stream: string; version: number }[];
}

export class WrongExpectedVersionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedVersion;
  readonly actual: number | 'no_stream';

  constructor(stream: string, expected: ExpectedVersion, actual: number | 'no_stream') {
    super(`Stream ${stream}: expected version ${String(expected)}, but it is at ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * An event of the append carries an id the store already holds: the append is refused as a
 * whole, so a request retried with the same event ids never writes them twice. (On KurrentDB
 * the server recognises a repeated id only in the same stream shortly after; see
 * docs/event-store.md.)
 */
export class DuplicateEventIdError extends Error {
  constructor(detail?: string) {
    super(`An event with one of these ids was appended already${detail ? `: ${detail}` : ''}`);
    this.name = 'DuplicateEventIdError';
  }
}

/**
 * The stream was deleted for good (a tombstone on KurrentDB): it can be neither read nor written
 * again, under any expectation. Retrying cannot help. The SQL adapters never delete streams.
 */
export class StreamDeletedError extends Error {
  readonly stream: string;

  constructor(stream: string) {
    super(`Stream ${stream} was deleted for good: it can be neither read nor written again`);
    this.name = 'StreamDeletedError';
    this.stream = stream;
  }
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; undefined means from the very first. */
  after?: bigint;
  /** Stops the subscription; the iterator then ends. */
  signal?: AbortSignal;
}

export interface EventStore {
  /**
   * Appends to one stream. Throws WrongExpectedVersionError when the expectation fails,
   * StreamDeletedError when the stream was deleted for good, and DuplicateEventIdError when an
   * event's id is taken.
   */
  append(stream: string, expected: ExpectedVersion, events: EventData[]): Promise<AppendResult>;
  /**
   * Appends to several streams atomically: every expectation holds and every event is written,
   * or nothing is. Positions of the events follow request order. A request without events only
   * checks its stream's expectation.
   */
  appendMany(requests: AppendRequest[]): Promise<AppendResult>;
  /**
   * The events of one stream in order; empty when the stream does not exist. Throws
   * StreamDeletedError when it was deleted for good.
   */
  readStream(stream: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]>;
  /**
   * Events of every stream in position order, strictly after `after`, at most `limit`. Events
   * that share one position (on KurrentDB, those of a legacy explicit transaction, which this
   * system never writes) are never split across pages: such a group may run past `limit`.
   */
  readAll(options: { after?: bigint; limit: number }): Promise<RecordedEvent[]>;
  /**
   * The event recorded at exactly `position` (the first, where several share it), or undefined
   * when none is: how a reader checks that the event at its checkpoint is still the one it
   * applied. Positions need not be dense (on KurrentDB they are offsets in the log), so a
   * reader never computes one from another.
   */
  eventAt(position: bigint): Promise<RecordedEvent | undefined>;
  /** Catches up from `after`, then delivers live events: never skipping, repeating or reordering. */
  subscribe(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the last event in the store, or undefined when it is empty. */
  headPosition(): Promise<bigint | undefined>;
  /**
   * The store's identity, made once when it was created: a copy restored from a backup keeps
   * it, any other store (a new database, another cluster) has another. Readers that keep a
   * checkpoint record it beside the checkpoint.
   */
  storeId(): Promise<string>;
  close(): Promise<void>;
}
