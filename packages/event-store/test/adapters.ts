import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createEventStore,
  createPGlite,
  type EventStore,
  type EventStoreConfig,
} from '../src/index.ts';
import type { SqlExecutor } from '../src/sql/executor.ts';
import { pgliteExecutor } from '../src/sql/pglite-executor.ts';
import { postgresExecutor } from '../src/sql/postgres-executor.ts';

/** An event store under test, and how to put the world back afterwards. */
export interface OpenedStore {
  store: EventStore;
  /** A second store on the same storage, for tests that need two handles. */
  openAnother(options?: { pollIntervalMs?: number }): Promise<EventStore>;
  dispose(): Promise<void>;
  /** The database's URL, for tests that need a connection of their own (PostgreSQL only). */
  postgresUrl?: string;
  /** An executor on the same storage that leaves it open (SQL adapters only). */
  sqlExecutor?: () => SqlExecutor;
}

export interface AdapterUnderTest {
  name: string;
  /** Why it cannot run here; undefined when it can. */
  skipReason: string | undefined;
  open(): Promise<OpenedStore>;
}

export const POSTGRES_URL =
  process.env.EVENT_STORE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new in-memory PGlite, as `PGlite.create()` makes one; the tests here open one for each test. */
export const freshPGlite = () => createPGlite();

function pgliteAdapter(): AdapterUnderTest {
  return {
    name: 'PGlite adapter (in memory)',
    skipReason: undefined,
    async open() {
      // One instance shared by two stores, as the all-in-one process shares it with the read
      // model: neither store may close it.
      const db = await freshPGlite();
      const store = await createEventStore({ kind: 'pglite', db });
      return {
        store,
        openAnother: (options) => createEventStore({ kind: 'pglite', db, ...options }),
        sqlExecutor: () => pgliteExecutor(db, false),
        async dispose() {
          await store.close();
          await db.close();
        },
      };
    },
  };
}

async function postgresAdapter(): Promise<AdapterUnderTest> {
  const name = 'PostgreSQL adapter';
  const skipReason = await postgresUnreachable();
  return {
    name,
    skipReason,
    async open() {
      // A database of its own per run, dropped afterwards, so runs never see each other.
      const database = `event_store_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${database}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
      pool.on('error', () => {});
      const store = await createEventStore({ kind: 'postgres', pool });
      return {
        store,
        postgresUrl: url.toString(),
        // The same pool: closing the other store must leave it open.
        openAnother: (options) => createEventStore({ kind: 'postgres', pool, ...options }),
        sqlExecutor: () => postgresExecutor(pool, false),
        async dispose() {
          await store.close();
          await pool.end();
          const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${database} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

async function postgresUnreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${redact(POSTGRES_URL)} does not answer: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

function kurrentDbAdapter(): AdapterUnderTest {
  const url = process.env.KURRENTDB_URL;
  return {
    name: 'KurrentDB adapter',
    skipReason: url ? undefined : 'KURRENTDB_URL is not set',
    async open() {
      // The server is shared and cannot be reset: every test uses streams of its own and
      // reads only from positions it took before writing.
      const config: EventStoreConfig = { kind: 'kurrentdb', connectionString: url ?? '' };
      const store = await createEventStore(config);
      return {
        store,
        openAnother: () => createEventStore(config),
        dispose: () => store.close(),
      };
    },
  };
}

function redact(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}

export async function adaptersUnderTest(): Promise<AdapterUnderTest[]> {
  return [pgliteAdapter(), await postgresAdapter(), kurrentDbAdapter()];
}
