// The all-in-one's event log and read model on its embedded engine, opened one way for the app,
// its backups' tests and the benchmarks.
import { join } from 'node:path';
import type { ProtectedEventStore } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import {
  createReadModelDb,
  listenToReadModel,
  openPGlite,
  type ReadModelChanges,
  type ReadModelDb,
} from '@second-gear/read-model';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { fileErasureLedger } from './erasure-ledger.ts';

/** The engines the all-in-one runs on, each in a directory of that name under DATA_DIR. */
export type EmbeddedDatabase = 'postgres' | 'pglite';

export interface OpenEmbeddedDatabase {
  store: ProtectedEventStore;
  db: ReadModelDb;
  /**
   * The projections' own connections on PostgreSQL, as the projection service has in the
   * distributed mode, so that requests cannot keep them waiting for a connection. On PGlite,
   * which has one connection, the same as `store` and `db`.
   */
  projecting: { store: ProtectedEventStore; db: ReadModelDb };
  /** The projectors' commits, heard by the query service. */
  listen(): Promise<ReadModelChanges>;
  /** Closes everything opened, the server last. */
  close(): Promise<void>;
}

/**
 * Opens the event log and the read model on `database`, under `dataDir/<engine>`: the embedded
 * PostgreSQL server started on its directory, or PGlite opened in this process.
 */
export const openEmbeddedDatabase = async (
  dataDir: string,
  database: EmbeddedDatabase,
  say: (line: string) => void = () => {},
): Promise<OpenEmbeddedDatabase> => {
  const closers: (() => Promise<unknown>)[] = [];
  // Every step runs, the server's stop last, whatever an earlier one throws; the first
  // failure is thrown at the end.
  const close = async () => {
    let failure: unknown;
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) => {
        failure ??= error;
      });
    }
    if (failure !== undefined) throw failure;
  };
  const erasureLedger = fileErasureLedger(dataDir);
  try {
    if (database === 'postgres') {
      say('starting the embedded PostgreSQL');
      const server = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), say });
      closers.push(() => server.stop());
      const { connectionString } = server;
      const open = async () => {
        const store = await openMarketplaceStore(
          { kind: 'postgres', connectionString },
          { erasureLedger },
        );
        closers.push(() => store.close());
        const db = createReadModelDb({ connectionString });
        closers.push(() => db.destroy());
        return { store, db };
      };
      const { store, db } = await open();
      const projecting = await open();
      return {
        store,
        db,
        projecting,
        listen: () => listenToReadModel({ connectionString }),
        close,
      };
    }
    say('opening the embedded PGlite database');
    const pglite = await openPGlite(join(dataDir, 'pglite'));
    closers.push(() => pglite.close());
    const store = await openMarketplaceStore({ kind: 'pglite', db: pglite }, { erasureLedger });
    closers.push(() => store.close());
    const db = createReadModelDb({ pglite });
    closers.push(() => db.destroy());
    return {
      store,
      db,
      projecting: { store, db },
      listen: () => listenToReadModel({ pglite }),
      close,
    };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
};
