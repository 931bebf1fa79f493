import { anySignal, catchUpThenFollow } from '../catch-up.ts';
import {
  type AppendRequest,
  type AppendResult,
  DuplicateEventIdError,
  type EventData,
  type EventStore,
  type ExpectedVersion,
  type JsonObject,
  type RecordedEvent,
  type SubscribeOptions,
  WrongExpectedVersionError,
} from '../event-store.ts';
import { validateAppendRequests } from '../validate.ts';
import { Wakeup } from '../wakeup.ts';
import { type AppendedStream, AppendFailure, AppendQueue } from './append-queue.ts';
import { isDatabaseError, type SqlExecutor } from './executor.ts';
import {
  type AppendBatchRow,
  DEFAULT_SCHEMA,
  EVENT_ID_INDEX,
  type EventRow,
  migrationSql,
  notificationChannel,
  statements,
  WRONG_EXPECTED_VERSION,
} from './statements.ts';

export interface SqlEventStoreOptions {
  /** The schema that holds the tables (default `event_store`). */
  schema?: string;
  /** Run the idempotent migration before first use (default true). */
  migrate?: boolean;
  /** Events per read while a subscription catches up (default 500). */
  batchSize?: number;
  /** How long a live subscription waits for a notification before it looks anyway (ms). */
  pollIntervalMs?: number;
}

/** The SQL event store over any executor. Runs the migration first unless told not to. */
export async function createSqlEventStore(
  executor: SqlExecutor,
  options: SqlEventStoreOptions = {},
): Promise<EventStore> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  if (options.migrate ?? true) await executor.script(migrationSql(schema));
  return new SqlEventStore(executor, schema, options);
}

class SqlEventStore implements EventStore {
  readonly #executor: SqlExecutor;
  readonly #sql: ReturnType<typeof statements>;
  readonly #channel: string;
  readonly #batchSize: number;
  readonly #pollIntervalMs: number;
  readonly #wakeup = new Wakeup();
  readonly #closing = new AbortController();
  readonly #appends: AppendQueue;
  #listening: Promise<() => Promise<void>> | undefined;
  #subscribers = 0;

  constructor(executor: SqlExecutor, schema: string, options: SqlEventStoreOptions) {
    this.#executor = executor;
    this.#sql = statements(schema);
    this.#channel = notificationChannel(schema);
    this.#batchSize = options.batchSize ?? 500;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#appends = new AppendQueue((batch) =>
      this.#executor.query<AppendBatchRow>(this.#sql.appendBatch, [batch]),
    );
  }

  append(stream: string, expected: ExpectedVersion, events: EventData[]): Promise<AppendResult> {
    return this.appendMany([{ stream, expected, events }]);
  }

  async appendMany(requests: AppendRequest[]): Promise<AppendResult> {
    this.#assertOpen();
    validateAppendRequests(requests);
    const payload = JSON.stringify(
      requests.map((r) => ({
        stream: r.stream,
        expected: r.expected,
        events: r.events.map((e) => ({
          id: e.id,
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        })),
      })),
    );
    let streams: AppendedStream[];
    try {
      streams = await this.#appends.submit(payload);
    } catch (error) {
      const settled = error instanceof AppendFailure ? undefined : await this.#settle(requests);
      if (!settled) {
        throw toWrongExpectedVersion(error, requests) ?? toDuplicateEventId(error) ?? error;
      }
      streams = settled;
    }
    let position: bigint | undefined;
    for (const stream of streams) {
      if (stream.position !== null) position = BigInt(stream.position);
    }
    if (position === undefined) {
      // Nothing was written: answer with the head, so a reader who waits for it is not stuck.
      position = (await this.headPosition()) ?? 0n;
    } else {
      this.#wakeup.bump();
    }
    return {
      position,
      versions: streams.map(({ stream, version }) => ({ stream, version })),
    };
  }

  /**
   * An append whose answer was lost (the connection dropped while its batch committed, or
   * after) may have been written: its events are looked up by their ids, which are unique in
   * the store. All there: it was written, and is answered as it would have been. None there (or
   * the store cannot be asked): undefined, and the caller gets the original error; trying again
   * with the same ids is safe either way.
   */
  async #settle(requests: AppendRequest[]): Promise<AppendedStream[] | undefined> {
    const ids = requests.flatMap((r) => r.events.map((e) => e.id));
    if (ids.length === 0) return undefined;
    try {
      const rows = await this.#executor.query<{
        event_id: string;
        stream_id: string;
        stream_version: number;
        position: string;
      }>(this.#sql.eventsById, [ids]);
      if (rows.length !== ids.length) return undefined;
      const byId = new Map(rows.map((row) => [row.event_id, row]));
      const streams: AppendedStream[] = [];
      for (const request of requests) {
        const last = byId.get(request.events.at(-1)?.id ?? '');
        if (last) {
          streams.push({
            stream: request.stream,
            version: last.stream_version,
            position: last.position,
          });
          continue;
        }
        // A check only: its expectation held, since the append it belongs to was written.
        const version =
          typeof request.expected === 'number'
            ? request.expected
            : request.expected === 'no_stream'
              ? -1
              : await this.#streamVersion(request.stream);
        streams.push({ stream: request.stream, version, position: null });
      }
      return streams;
    } catch {
      return undefined;
    }
  }

  async #streamVersion(stream: string): Promise<number> {
    const [row] = await this.#executor.query<{ version: number | null }>(this.#sql.streamVersion, [
      stream,
    ]);
    return row?.version ?? -1;
  }

  async readStream(stream: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]> {
    this.#assertOpen();
    const rows = await this.#executor.query<EventRow>(this.#sql.readStream, [
      stream,
      options?.fromVersion ?? 0,
    ]);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: { after?: bigint; limit: number }): Promise<RecordedEvent[]> {
    this.#assertOpen();
    if (!Number.isInteger(options.limit) || options.limit < 1) {
      throw new RangeError(`readAll: limit must be a positive integer, not ${options.limit}`);
    }
    const rows = await this.#executor.query<EventRow>(this.#sql.readAll, [
      (options.after ?? 0n).toString(),
      options.limit,
    ]);
    return rows.map(toRecordedEvent);
  }

  async eventAt(position: bigint): Promise<RecordedEvent | undefined> {
    this.#assertOpen();
    const [row] = await this.#executor.query<EventRow>(this.#sql.eventAt, [position.toString()]);
    return row === undefined ? undefined : toRecordedEvent(row);
  }

  async *subscribe(options: SubscribeOptions = {}): AsyncGenerator<RecordedEvent> {
    this.#assertOpen();
    const signal = anySignal([options.signal, this.#closing.signal]);
    this.#subscribers += 1;
    try {
      await this.#startListening();
      yield* catchUpThenFollow({
        readAll: (after, limit) => this.readAll({ after, limit }),
        after: options.after,
        batchSize: this.#batchSize,
        wakeup: this.#wakeup,
        pollIntervalMs: this.#pollIntervalMs,
        signal,
      });
    } finally {
      this.#subscribers -= 1;
      if (this.#subscribers === 0) await this.#stopListening();
    }
  }

  async headPosition(): Promise<bigint | undefined> {
    this.#assertOpen();
    const [row] = await this.#executor.query<{ head: string | null }>(this.#sql.head, []);
    return row?.head == null ? undefined : BigInt(row.head);
  }

  async storeId(): Promise<string> {
    this.#assertOpen();
    const [row] = await this.#executor.query<{ id: string }>(this.#sql.storeId, []);
    if (!row) throw new Error('The event store has no identity: its migration did not run');
    return row.id;
  }

  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    this.#closing.abort();
    await this.#appends.close();
    await this.#stopListening();
    await this.#executor.close();
  }

  #assertOpen(): void {
    if (this.#closing.signal.aborted) throw new Error('The event store is closed');
  }

  async #startListening(): Promise<void> {
    // One listener per store, shared by all of its subscriptions. A listener that could not
    // start is forgotten, so the next subscription tries again.
    if (!this.#listening) {
      const listening = this.#executor.listen(this.#channel, () => this.#wakeup.bump());
      this.#listening = listening;
      listening.catch(() => {
        if (this.#listening === listening) this.#listening = undefined;
      });
    }
    await this.#listening;
  }

  async #stopListening(): Promise<void> {
    const listening = this.#listening;
    this.#listening = undefined;
    if (!listening) return;
    try {
      await (await listening)();
    } catch {
      // It never started, or its connection is already gone: nothing left to stop.
    }
  }
}

function toWrongExpectedVersion(
  error: unknown,
  requests: AppendRequest[],
): WrongExpectedVersionError | undefined {
  if (!isDatabaseError(error) || error.code !== WRONG_EXPECTED_VERSION || !error.detail) {
    return undefined;
  }
  const detail = JSON.parse(error.detail) as { index: number; stream: string; actual: number };
  const expected = requests[detail.index]?.expected ?? 'any';
  return new WrongExpectedVersionError(
    detail.stream,
    expected,
    detail.actual < 0 ? 'no_stream' : detail.actual,
  );
}

/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';

function toDuplicateEventId(error: unknown): DuplicateEventIdError | undefined {
  if (!isDatabaseError(error) || error.code !== UNIQUE_VIOLATION) return undefined;
  if (
    !String((error as { constraint?: unknown }).constraint ?? error.message).includes(
      EVENT_ID_INDEX,
    )
  ) {
    return undefined;
  }
  return new DuplicateEventIdError(error.detail);
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data as JsonObject,
    metadata: row.metadata as JsonObject,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: BigInt(row.position),
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}
