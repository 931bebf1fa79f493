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
    this.detail = row.out_detail ?? undefined;
    this.constraint = row.out_constraint ?? undefined;
  }
}

interface Pending {
  /** One append's requests, as JSON text. */
  payload: string;
  resolve: (streams: AppendedStream[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Appends are written one transaction at a time anyway (they number their events
 * under one lock), so instead of each paying its own lock hand-over and its own WAL flush, the
 * appends that arrive while a transaction is being written wait and go together in the next
 * one, through `append_batch`. One append alone is written at once, so a lone writer waits for
 * nothing; under load the batch grows with the number of writers. Each append of a batch
 * succeeds or fails alone, as if it had been written by itself.
 *
 * `write` sends a batch (a JSON array of appends) and returns `append_batch`'s rows. A batch
 * that fails as a whole (the connection was lost) fails every append in it with that error.
 */
export function appendQueue(
  write: (batch: string) => Promise<AppendBatchRow[]>,
  maxBatch = 128,
): (payload: string) => Promise<AppendedStream[]> {
  const queue: Pending[] = [];
  let writing = false;

  const writeBatch = async (batch: Pending[]): Promise<void> => {
    let rows: AppendBatchRow[];
    try {
      rows = await write(`[${batch.map((pending) => pending.payload).join(',')}]`);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
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
      if (!outcome) return;
      if (outcome.error) pending.reject(outcome.error);
      else pending.resolve(outcome.streams);
    });
  };

  const drain = async (): Promise<void> => {
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  };

  return (payload) =>
    new Promise<AppendedStream[]>((resolve, reject) => {
      queue.push({ payload, resolve, reject });
      if (writing) return;
      writing = true;
      // Appends whose requests arrived in the same turn of the event loop start together.
      setImmediate(() => void drain());
    });
}
