import pg from 'pg';
import type { EventStore } from '../event-store.ts';
import { postgresExecutor } from './postgres-executor.ts';
import { createSqlEventStore, type SqlEventStoreOptions } from './sql-event-store.ts';

export interface PostgresEventStoreOptions extends SqlEventStoreOptions {
  /** A pool to share; the store never ends it. */
  pool?: pg.Pool;
  /** Used to open a pool of the store's own when no `pool` is given. */
  connectionString?: string;
}

/**
 * A pool of the store's own. A pooled connection that dies must not take the process down: the
 * pool replaces an idle one, and the query a busy one was running fails on its own. The pool
 * listens on idle connections only, so every connection gets a listener of its own.
 */
export function ownPool(connectionString: string, max?: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, ...(max === undefined ? {} : { max }) });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export async function createPostgresEventStore(
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  const { pool, connectionString, ...storeOptions } = options;
  if (pool) return createSqlEventStore(postgresExecutor(pool, false), storeOptions);
  if (!connectionString) {
    throw new TypeError('The PostgreSQL event store needs a pool or a connectionString');
  }
  const own = ownPool(connectionString);
  try {
    return await createSqlEventStore(postgresExecutor(own, true), storeOptions);
  } catch (error) {
    await own.end();
    throw error;
  }
}
