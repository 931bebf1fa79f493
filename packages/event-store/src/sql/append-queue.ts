import type { AppendBatchRow } from './statements.ts';

/** A stream an append wrote or checked: its version after it, the position of its last event. */
export interface AppendedStream {
  stream: string;
  version: number;
  /** Null when the request carried no events (a check only). */
  position: string | null;
}

/** The database's error for one append of a batch, shaped like a driver's database error. */
export class AppendFailure extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(row: AppendBatchRow) {
    super(row.out_message ?? `The append failed with SQLSTATE ${row.out_error}`);
    this.name = 'AppendFailure';
    this.code = row.out_error ?? '';
    // PostgreSQL reports a missing detail or constraint as an empty string.
    this.detail = row.out_detail || undefined;
    this.constraint = row.out_constraint || undefined;
  }
}

interface Pending {
  /** One append's requests, as JSON text. */
  payload: string;
  resolve: (streams: AppendedStream[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Most appends in one batch. Each append of a batch runs in a subtransaction with a transaction
 * id of its own, and PostgreSQL keeps 64 of those per transaction in shared memory; beyond that
 * every other session's snapshot must look them up on disk while the batch is open.
 */
export const MAX_BATCH = 50;

/**
 * Group commit. Appends are written one transaction at a time anyway (they number their events
 * under one lock), so instead of each paying its own lock hand-over and its own WAL flush, the
 * appends that arrive while a transaction is being written wait and go together in the next
 * one, through `append_batch`. An append that finds nothing being written starts a batch after
 * the current turn of the event loop, so a lone writer waits for no other; under load the batch
 * grows with the number of writers. Each append of a batch succeeds or fails alone, as if it had
 * been written by itself.
 *
 * `write` sends a batch (a JSON array of appends) and returns `append_batch`'s rows. A batch
 * that fails as a whole (the connection was lost) fails every append in it with that error.
 */
export class AppendQueue {
  readonly #write: (batch: string) => Promise<AppendBatchRow[]>;
  readonly #maxBatch: number;
  readonly #queue: Pending[] = [];
  #draining: Promise<void> | undefined;
  #closed = false;

  constructor(write: (batch: string) => Promise<AppendBatchRow[]>, maxBatch = MAX_BATCH) {
    this.#write = write;
    this.#maxBatch = maxBatch;
  }

  /** Writes one append (its requests as JSON text) with the next batch. */
  submit(payload: string): Promise<AppendedStream[]> {
    if (this.#closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise<AppendedStream[]>((resolve, reject) => {
      this.#queue.push({ payload, resolve, reject });
      if (this.#draining) return;
      // Appends whose requests arrived in the same turn of the event loop start together.
      this.#draining = new Promise<void>((started) => setImmediate(started)).then(() =>
        this.#drain(),
      );
    });
  }

  /**
   * Takes no more appends, fails those still waiting, and resolves once the batch being
   * written (if any) has its answer, so the connection can be closed after it.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) {
      pending.reject(new Error('The event store is closed'));
    }
    await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0, this.#maxBatch));
    } finally {
      // In the same turn as the last look at the queue: an append submitted from now on starts
      // a batch of its own.
      this.#draining = undefined;
    }
  }

  async #writeBatch(batch: Pending[]): Promise<void> {
    try {
      const rows = await this.#write(`[${batch.map((pending) => pending.payload).join(',')}]`);
      const outcomes = batch.map(() => ({
        streams: [] as AppendedStream[],
        error: undefined as AppendFailure | undefined,
      }));
      for (const row of rows) {
        const outcome = outcomes[row.out_append];
        if (!outcome) continue;
        if (row.out_error !== null) outcome.error = new AppendFailure(row);
        else if (row.out_stream !== null && row.out_version !== null) {
          outcome.streams.push({
            stream: row.out_stream,
            version: row.out_version,
            position: row.out_position,
          });
        }
      }
      batch.forEach((pending, index) => {
        const outcome = outcomes[index];
        if (outcome?.error) pending.reject(outcome.error);
        else pending.resolve(outcome?.streams ?? []);
      });
    } catch (error) {
      // Settling twice does nothing, so every append of the batch has an answer.
      for (const pending of batch) pending.reject(error);
    }
  }
}
