import { describe, expect, test } from 'vitest';
import { AppendFailure, AppendQueue } from '../src/sql/append-queue.ts';
import type { AppendBatchRow } from '../src/sql/statements.ts';

/**
 * The queue's grouping alone. The batches go to a write function that stands in for
 * `append_batch` and answers what the test tells it to; the SQL is tested on real databases in
 * sql-adapters.int.test.ts.
 */
function controlledWrite() {
  const calls: { appends: unknown[][]; finish: (rows?: AppendBatchRow[]) => void }[] = [];
  const fails: Error[] = [];
  const write = (batch: string) =>
    new Promise<AppendBatchRow[]>((resolve, reject) => {
      const appends = JSON.parse(batch) as unknown[][];
      calls.push({
        appends,
        finish: (rows) => {
          const failure = fails.shift();
          if (failure) reject(failure);
          else resolve(rows ?? appends.map((_, i) => written(i, `s${i}`)));
        },
      });
    });
  return { write, calls, fails };
}

function written(append: number, stream: string): AppendBatchRow {
  return {
    out_append: append,
    out_stream: stream,
    out_version: 0,
    out_position: String(append + 1),
    out_error: null,
    out_message: null,
    out_detail: null,
    out_constraint: null,
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('appendQueue', () => {
  test('appends of one turn go together; those that arrive meanwhile wait for the next batch', async () => {
    const { write, calls } = controlledWrite();
    const queue = new AppendQueue(write);
    const submit = (payload: string) => queue.submit(payload);
    const first = [submit('[1]'), submit('[2]')];
    await nextTurn();
    expect(calls.map((c) => c.appends)).toEqual([[[1], [2]]]);

    // Arrive while the first batch is being written.
    const later = [submit('[3]'), submit('[4]'), submit('[5]')];
    await nextTurn();
    expect(calls).toHaveLength(1);

    calls[0]?.finish();
    await expect(Promise.all(first)).resolves.toEqual([
      [{ stream: 's0', version: 0, position: '1' }],
      [{ stream: 's1', version: 0, position: '2' }],
    ]);
    await nextTurn();
    expect(calls[1]?.appends).toEqual([[3], [4], [5]]);
    calls[1]?.finish();
    await expect(Promise.all(later)).resolves.toHaveLength(3);
  });

  test('a batch holds at most maxBatch appends', async () => {
    const { write, calls } = controlledWrite();
    const queue = new AppendQueue(write, 2);
    const submit = (payload: string) => queue.submit(payload);
    const all = Promise.all([submit('[1]'), submit('[2]'), submit('[3]')]);
    await nextTurn();
    calls[0]?.finish();
    await nextTurn();
    calls[1]?.finish();
    await all;
    expect(calls.map((c) => c.appends)).toEqual([[[1], [2]], [[3]]]);
  });

  test('a failed append fails alone, with the database error it was given', async () => {
    const { write, calls } = controlledWrite();
    const queue = new AppendQueue(write);
    const submit = (payload: string) => queue.submit(payload);
    const outcomes = Promise.allSettled([submit('[1]'), submit('[2]')]);
    await nextTurn();
    calls[0]?.finish([
      written(0, 's0'),
      {
        ...written(1, 's1'),
        out_stream: null,
        out_version: null,
        out_position: null,
        out_error: 'ES409',
        out_message: 'Stream s1: expected version 3, but it is at 0',
        out_detail: '{"index":0}',
      },
    ]);
    const [ok, failed] = await outcomes;
    expect(ok).toMatchObject({ status: 'fulfilled' });
    expect(failed).toMatchObject({ status: 'rejected' });
    const reason = (failed as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(AppendFailure);
    expect(reason).toMatchObject({ code: 'ES409', detail: '{"index":0}' });
  });

  test('a batch that fails as a whole fails each of its appends, and the next batch still goes', async () => {
    const { write, calls, fails } = controlledWrite();
    const queue = new AppendQueue(write);
    const submit = (payload: string) => queue.submit(payload);
    const lost = new Error('connection lost');
    fails.push(lost);
    const first = Promise.allSettled([submit('[1]'), submit('[2]')]);
    await nextTurn();
    const second = submit('[3]');
    calls[0]?.finish();
    expect((await first).map((o) => o.status === 'rejected' && o.reason)).toEqual([lost, lost]);
    await nextTurn();
    calls[1]?.finish();
    await expect(second).resolves.toHaveLength(1);
  });

  test('an append submitted as the answers arrive goes in a batch of its own', async () => {
    const { write, calls } = controlledWrite();
    const queue = new AppendQueue(write);
    // A writer that appends again as soon as its append is answered, several awaits later.
    const again = queue.submit('[1]').then(async () => {
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
      return queue.submit('[2]');
    });
    await nextTurn();
    calls[0]?.finish();
    await nextTurn();
    await nextTurn();
    calls[1]?.finish();
    await expect(again).resolves.toHaveLength(1);
  });

  test('closing fails the appends still waiting and waits for the batch being written', async () => {
    const { write, calls } = controlledWrite();
    const queue = new AppendQueue(write, 1);
    const first = queue.submit('[1]');
    const waiting = queue.submit('[2]');
    await nextTurn();
    let closed = false;
    const closing = queue.close().then(() => {
      closed = true;
    });
    await expect(waiting).rejects.toThrow('The event store is closed');
    await nextTurn();
    expect(closed).toBe(false);
    calls[0]?.finish();
    await closing;
    await expect(first).resolves.toHaveLength(1);
    await expect(queue.submit('[3]')).rejects.toThrow('The event store is closed');
    expect(calls).toHaveLength(1);
  });
});
