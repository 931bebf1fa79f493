import type { EventStore } from '../event-store.ts';
import { createPGlite } from './create-pglite.ts';
import { type PGliteLike, pgliteExecutor } from './pglite-executor.ts';
import { createSqlEventStore, type SqlEventStoreOptions } from './sql-event-store.ts';

export interface PgliteEventStoreOptions extends SqlEventStoreOptions {
  /** An instance to share (for example with the read model); the store never closes it. */
  db?: PGliteLike;
  /** A data directory to open when no `db` is given; in memory when both are absent. */
  dir?: string;
}

export async function createPgliteEventStore(
  options: PgliteEventStoreOptions = {},
): Promise<EventStore> {
  const { db, dir, ...storeOptions } = options;
  if (db) return createSqlEventStore(pgliteExecutor(db, false), storeOptions);
  const own = await createPGlite(dir);
  try {
    return await createSqlEventStore(pgliteExecutor(own, true), storeOptions);
  } catch (error) {
    await own.close();
    throw error;
  }
}
