import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReadModelDb,
  isSchemaComplete,
  LIVE_SCHEMA,
  migrateReadModel,
  migrations,
  pendingMigrations,
  type ReadModelDb,
  readCheckpoints,
  toPosition,
  waitForPosition,
} from '../src/index.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../src/testing.ts';

interface Backend {
  name: string;
  open: () => Promise<{ db: ReadModelDb; close: () => Promise<void> }>;
}

const pgDatabase = await createTestPostgresDatabase('sg_rm');
if ('skipped' in pgDatabase)
  console.warn(`read-model: PostgreSQL suite skipped. ${pgDatabase.skipped}`);

const backends: Backend[] = [
  {
    name: 'PGlite',
    open: async () => {
      const pglite = await PGlite.create();
      return { db: createReadModelDb({ pglite }), close: () => pglite.close() };
    },
  },
];
if (!('skipped' in pgDatabase)) {
  const { connectionString } = pgDatabase as TestPostgresDatabase;
  backends.push({
    name: 'PostgreSQL',
    open: async () => {
      const db = createReadModelDb({ connectionString });
      return { db, close: () => db.destroy() };
    },
  });
}

afterAll(async () => {
  if (!('skipped' in pgDatabase)) await pgDatabase.drop();
});

describe.each(backends)('read model on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  it('applies every migration once, and again changes nothing', async () => {
    expect(await migrateReadModel(db, LIVE_SCHEMA)).toEqual(migrations.map((m) => m.name));
    expect(await migrateReadModel(db, LIVE_SCHEMA)).toEqual([]);
  });

  it('round-trips bigint positions, json and timestamps', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await db
      .withSchema(LIVE_SCHEMA)
      .insertInto('audit_log')
      .values({
        position: 9007199254740993n,
        event_id: 'e1',
        event_type: 'CarListed',
        action: 'listed',
        actor_uid: 'u1',
        actor_email: 'a@example.com',
        actor_role: 'Seller',
        subject_type: 'car',
        subject_id: 'c1',
        subject_label: 'Civic',
        occurred_at: at,
        correlation_id: 'k',
        causation_id: 'k',
        details: sql<string>`cast(${JSON.stringify({ price: 10 })}::text as jsonb)`,
      })
      .execute();
    const row = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('audit_log')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(toPosition(row.position)).toBe(9007199254740993n);
    expect(row.details).toEqual({ price: 10 });
    expect(new Date(row.occurred_at).toISOString()).toBe(at.toISOString());
  });

  it('rolls back a failed transaction and keeps other work out of it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .withSchema(LIVE_SCHEMA)
          .insertInto('projection_checkpoints')
          .values({ name: 'x', position: 5n, events_applied: 1, updated_at: new Date() })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readCheckpoints(db)).toEqual([]);
  });

  it('waits for a position, bounded', async () => {
    const missed = await waitForPosition(db, 10n, 30);
    expect(missed).toEqual({ reached: false, position: undefined });
    const write = (async () => {
      await new Promise((r) => setTimeout(r, 40));
      await db
        .withSchema(LIVE_SCHEMA)
        .insertInto('projection_checkpoints')
        .values({ name: 'cars', position: 12n, events_applied: 3, updated_at: new Date() })
        .execute();
    })();
    const reached = await waitForPosition(db, 10n, 2000);
    await write;
    expect(reached).toEqual({ reached: true, position: 12n });
  });
});

describe.each(backends)('upgrading a read model on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  const FIRST = '0001-read-tables';

  it('stops after the migration it is told to, and refuses one it does not know', async () => {
    const partial = 'rm_partial';
    expect(await pendingMigrations(db, partial)).toBeUndefined();
    expect(await migrateReadModel(db, partial, { through: FIRST })).toEqual([FIRST]);
    const later = migrations.slice(1).map((m) => m.name);
    expect(await pendingMigrations(db, partial)).toEqual(later);
    expect(await isSchemaComplete(db, partial)).toBe(later.length === 0);
    expect(await migrateReadModel(db, partial)).toEqual(later);
    expect(await pendingMigrations(db, partial)).toEqual([]);
    expect(await isSchemaComplete(db, partial)).toBe(true);

    await expect(migrateReadModel(db, 'rm_unknown', { through: '9999-nothing' })).rejects.toThrow(
      'No read model migration is named 9999-nothing',
    );
    expect(await pendingMigrations(db, 'rm_unknown')).toBeUndefined();
  });
});

describe('the PGlite dialect', () => {
  it('keeps other work on the shared instance out of an open transaction', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create();
    const db = createReadModelDb({ pglite });
    try {
      await pglite.exec('create table t (n int)');
      const order: string[] = [];
      let outside: Promise<unknown> | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
          // Another user of the same instance (the event store, say) writes meanwhile ...
          outside = pglite.query('insert into t values (2)').then(() => order.push('outside'));
          await new Promise((r) => setTimeout(r, 50));
          await sql`insert into t values (3)`.execute(trx);
          order.push('transaction');
          throw new Error('roll back');
        })
        .catch(() => {});
      await outside;
      // ... and waits for the transaction: its own row survives the rollback, alone.
      expect(order).toEqual(['transaction', 'outside']);
      expect((await pglite.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});
