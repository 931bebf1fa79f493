import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  createEventStore,
  DuplicateEventIdError,
  type EventData,
  type EventStore,
  migrateEventStore,
  migrationSql,
  WrongExpectedVersionError,
} from '../src/index.ts';
import type { SqlExecutor } from '../src/sql/executor.ts';
import { createSqlEventStore } from '../src/sql/sql-event-store.ts';
import { adaptersUnderTest, freshPGlite, type OpenedStore } from './adapters.ts';

/** What only the SQL adapters promise, beyond the conformance suite. */
const sqlAdapters = (await adaptersUnderTest()).filter((a) => a.name !== 'KurrentDB adapter');

for (const adapter of sqlAdapters) {
  const suite = adapter.skipReason ? describe.skip : describe;
  const title = adapter.skipReason
    ? `${adapter.name}, SQL specifics (skipped: ${adapter.skipReason})`
    : `${adapter.name}, SQL specifics`;
  suite(title, () => {
    let opened: OpenedStore;
    let store: EventStore;
    beforeAll(async () => {
      opened = await adapter.open();
      store = opened.store;
    }, 60_000);
    afterAll(() => opened?.dispose(), 60_000);

    test('a request without events still has its expectation checked', async () => {
      const car = `car-${randomUUID()}`;
      const category = `category-${randomUUID()}`;
      await store.append(category, 'no_stream', [event('CategoryCreated')]);
      const error = await store
        .appendMany([
          { stream: car, expected: 'no_stream', events: [event('CarListed')] },
          { stream: category, expected: 5, events: [] },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(car)).toEqual([]);

      const result = await store.appendMany([
        { stream: car, expected: 'no_stream', events: [event('CarListed')] },
        { stream: category, expected: 0, events: [] },
      ]);
      expect(result.versions).toEqual([
        { stream: car, version: 0 },
        { stream: category, version: 0 },
      ]);
    });

    test('an event id names one event: an append that repeats one writes nothing', async () => {
      const first = event('CarListed');
      await store.append(`car-${randomUUID()}`, 'no_stream', [first]);
      const head = await store.headPosition();
      const other = `car-${randomUUID()}`;
      const error = await store
        .appendMany([{ stream: other, expected: 'no_stream', events: [event('CarListed'), first] }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(other)).toEqual([]);
      expect(await store.headPosition()).toBe(head);
    });

    test('appends that arrive together share one transaction, and each fails alone', async () => {
      // The store's executor, counting the batches it sends.
      const executor = opened.sqlExecutor?.();
      if (!executor) throw new Error('a SQL adapter opens an executor');
      const batches: string[] = [];
      const counting: SqlExecutor = {
        ...executor,
        query(text, params) {
          if (text.includes('append_batch')) batches.push(String(params[0]));
          return executor.query(text, params);
        },
      };
      const grouped = await createSqlEventStore(counting, { migrate: false });
      try {
        const taken = `car-${randomUUID()}`;
        const stored = event('CarListed');
        await grouped.append(taken, 'no_stream', [stored]);
        const head = (await grouped.headPosition()) ?? 0n;
        batches.length = 0;

        const fresh = Array.from({ length: 10 }, () => ({
          stream: `car-${randomUUID()}`,
          event: event('CarListed'),
        }));
        const outcomes = await Promise.allSettled([
          ...fresh.slice(0, 4).map((f) => grouped.append(f.stream, 'no_stream', [f.event])),
          // The stream is at 0: this expectation fails.
          grouped.append(taken, 5, [event('CarPriceChanged')]),
          ...fresh.slice(4, 7).map((f) => grouped.append(f.stream, 'no_stream', [f.event])),
          // An id the store holds: refused.
          grouped.append(`car-${randomUUID()}`, 'no_stream', [stored]),
          // A version beyond what the column holds: the database refuses it for its own reason.
          grouped.append(taken, 2 ** 40, [event('CarPriceChanged')]),
          ...fresh.slice(7).map((f) => grouped.append(f.stream, 'no_stream', [f.event])),
        ]);

        expect(batches).toHaveLength(1);
        const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
        expect(reasons).toHaveLength(3);
        expect(reasons[0]).toBeInstanceOf(WrongExpectedVersionError);
        expect(reasons[0]).toMatchObject({ stream: taken, expected: 5, actual: 0 });
        expect(reasons[1]).toBeInstanceOf(DuplicateEventIdError);
        expect(reasons[2]).toBeInstanceOf(Error);
        expect(reasons[2]).not.toBeInstanceOf(WrongExpectedVersionError);
        expect(reasons[2]).toMatchObject({ code: '22003' });

        // The others are written, in the order they were asked for, with no gap left by the
        // appends that failed.
        const positions = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
        expect(positions.map((p) => p.position)).toEqual(fresh.map((_, i) => head + BigInt(i + 1)));
        const written = await grouped.readAll({ after: head, limit: 20 });
        expect(written.map((e) => e.id)).toEqual(fresh.map((f) => f.event.id));
        expect(await grouped.readStream(taken)).toHaveLength(1);
      } finally {
        await grouped.close();
      }
    });

    test('the time recorded never goes back, even when the clock is stepped back', async () => {
      const executor = opened.sqlExecutor?.();
      if (!executor) throw new Error('a SQL adapter opens an executor');
      const stream = `car-${randomUUID()}`;
      const { position } = await store.append(stream, 'no_stream', [event('A')]);
      // The last event written an hour ahead of the clock: as if the clock went back since.
      const ahead = new Date(Date.now() + 3_600_000);
      await executor.query(`update event_store.events set recorded_at = $1 where position = $2`, [
        ahead.toISOString(),
        position.toString(),
      ]);
      await store.append(stream, 0, [event('B')]);
      const [, later] = await store.readStream(stream);
      expect(later?.recordedAt.getTime()).toBeGreaterThanOrEqual(ahead.getTime());
      await executor.close();
    });

    test('positions have no gaps, also after a failed append', async () => {
      const head = (await store.headPosition()) ?? 0n;
      const stream = `car-${randomUUID()}`;
      await store.append(stream, 'no_stream', [event('A')]);
      await store.append(stream, 'no_stream', [event('B')]).catch(() => {});
      const { position } = await store.append(stream, 0, [event('C'), event('D')]);
      expect(position).toBe(head + 3n);
    });

    // Needs a second connection, which PGlite does not have.
    if (adapter.name === 'PostgreSQL adapter') {
      test('an append that commits late cannot be overtaken: readers never see past it', async () => {
        const head = (await store.headPosition()) ?? 0n;
        const slow = new pg.Client({ connectionString: opened.postgresUrl });
        await slow.connect();
        try {
          // A writer that has appended but not yet committed, holding the append lock.
          await slow.query('begin');
          const first = event('CarListed');
          await slow.query('select * from event_store.append_events($1::jsonb)', [
            JSON.stringify([{ stream: `car-${randomUUID()}`, expected: 'any', events: [first] }]),
          ]);

          const second = event('CarListed');
          const overtaking = store.append(`car-${randomUUID()}`, 'any', [second]);
          // Wait until the second append is queued behind the lock (observed, not timed).
          await vi.waitFor(
            async () => {
              const { rows } = await slow.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_locks
                 where locktype = 'advisory' and not granted`,
              );
              expect(rows[0]?.waiting ?? 0).toBeGreaterThan(0);
            },
            { timeout: 10_000, interval: 10 },
          );
          // With a plain sequence the second append would be visible here, ahead of a gap.
          expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);

          await slow.query('commit');
          const { position } = await overtaking;
          const visible = await store.readAll({ after: head, limit: 10 });
          expect(visible.map((e) => e.id)).toEqual([first.id, second.id]);
          expect(position).toBe(visible[1]?.position);
        } finally {
          await slow.query('rollback').catch(() => {});
          await slow.end();
        }
      });
    }

    test('an append whose answer was lost is answered from its events when they were written', async () => {
      // The database's answer to a batch is lost as the connection drops: after the commit,
      // or before the statement ran.
      const base = opened.sqlExecutor!();
      let lose: 'after' | 'before' | undefined;
      const faulty: SqlExecutor = {
        ...base,
        async query<R>(text: string, params: unknown[]): Promise<R[]> {
          const when = text.includes('append_batch') ? lose : undefined;
          if (when === 'before') throw new Error('Connection terminated unexpectedly');
          const rows = await base.query<R>(text, params);
          if (when === 'after') throw new Error('Connection terminated unexpectedly');
          return rows;
        },
      };
      const writer = await createSqlEventStore(faulty, { migrate: false });
      const stream = `car-${randomUUID()}`;
      const claim = `booking-${randomUUID()}`;
      const first = [event('listed'), event('priced')];
      try {
        lose = 'after';
        const written = await writer.appendMany([
          { stream, expected: 'no_stream', events: first },
          { stream: claim, expected: 'no_stream', events: [] },
        ]);
        expect(written.versions).toEqual([
          { stream, version: 1 },
          { stream: claim, version: -1 },
        ]);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.id)).toEqual(first.map((e) => e.id));
        expect(written.position).toBe(read.at(-1)?.position);

        lose = 'before';
        const next = event('sold');
        await expect(writer.append(stream, 1, [next])).rejects.toThrow(/Connection terminated/);
        expect(await store.readStream(stream)).toHaveLength(2);
        lose = undefined;
        // Tried again with the same event: written once.
        expect((await writer.append(stream, 1, [next])).versions).toEqual([{ stream, version: 2 }]);
      } finally {
        await writer.close();
      }
    });

    test('opening again on the same storage migrates idempotently', async () => {
      const again = await opened.openAnother();
      expect(await again.headPosition()).toBe(await store.headPosition());
      await again.close();
    });
  });
}

describe('PGlite adapter, storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'event-store-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a data directory keeps events across restarts', async () => {
    const first = await createEventStore({ kind: 'pglite', dir });
    const written = event('CarListed', { name: 'Volvo 240' });
    await first.append('car-1', 'no_stream', [written]);
    const firstId = await first.storeId();
    await first.close();

    const second = await createEventStore({ kind: 'pglite', dir });
    const [read] = await second.readStream('car-1');
    expect(read).toMatchObject({ id: written.id, data: written.data, streamVersion: 0 });
    // The same store, so the same identity.
    expect(await second.storeId()).toBe(firstId);
    await second.close();
  }, 60_000);

  test('a given instance stays open, and another schema keeps its own events', async () => {
    const db = await freshPGlite();
    try {
      const a = await createEventStore({ kind: 'pglite', db, schema: 'events_a' });
      const b = await createEventStore({ kind: 'pglite', db, schema: 'events_b' });
      await a.append('car-1', 'no_stream', [event('CarListed')]);
      expect(await b.readStream('car-1')).toEqual([]);
      // Another store, another identity.
      expect(await a.storeId()).not.toBe(await b.storeId());
      await a.close();
      await b.close();
      expect(db.closed).toBe(false);
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from events_a.events',
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);

  test('the migration script can be run by hand, twice', async () => {
    const db = await freshPGlite();
    try {
      await db.exec(migrationSql('by_hand'));
      await db.exec(migrationSql('by_hand'));
      const store = await createEventStore({
        kind: 'pglite',
        db,
        schema: 'by_hand',
        migrate: false,
      });
      await store.append('car-1', 'no_stream', [event('CarListed')]);
      expect(await store.headPosition()).toBe(1n);
      await store.close();
    } finally {
      await db.close();
    }
  }, 60_000);

  test('migrateEventStore prepares a shared instance and leaves it open', async () => {
    const db = await freshPGlite();
    try {
      await migrateEventStore({ kind: 'pglite', db, schema: 'deployed' });
      expect(db.closed).toBe(false);
      const store = await createEventStore({
        kind: 'pglite',
        db,
        schema: 'deployed',
        migrate: false,
      });
      expect((await store.append('car-1', 'no_stream', [event('CarListed')])).position).toBe(1n);
      await store.close();
    } finally {
      await db.close();
    }
  }, 60_000);

  test('a schema name that is not a plain identifier is refused', async () => {
    await expect(
      createEventStore({ kind: 'pglite', db: {} as PGlite, schema: 'x; drop table y' }),
    ).rejects.toThrow(/schema name/);
  });
});

function event(type: string, data: Record<string, unknown> = {}): EventData {
  return { id: randomUUID(), type, data, metadata: { schemaVersion: 1 } };
}
