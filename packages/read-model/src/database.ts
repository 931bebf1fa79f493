import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDatabaseDirectory } from './pglite-lock.ts';
import type { ReadModelDatabase } from './schema.ts';

export type ReadModelDb = Kysely<ReadModelDatabase>;

export type ReadModelDbOptions =
  /** A PostgreSQL server; the pool is created here and ended by `db.destroy()`. */
  | { connectionString: string; maxConnections?: number }
  /** An existing pool; `db.destroy()` ends it. */
  | { pool: pg.Pool }
  /** An existing PGlite instance, possibly shared with the event store; never closed here. */
  | { pglite: PGlite };

/**
 * Kysely's own PGlite dialect on a PGlite instance that others share (the event store in the
 * same process). PGlite is one connection: the dialect lets one Kysely query or transaction use
 * it at a time, and runs a transaction inside `pglite.transaction()`, which holds PGlite's lock
 * for its whole length, so the event store's statements wait instead of landing inside it. Two
 * things are kept from the instance: `db.destroy()` would close it, but its owner does that; and
 * a transaction begun on a closed instance would wait forever, so it fails at once instead.
 */
const sharedPGlite = (pglite: PGlite) => ({
  get ready() {
    return pglite.ready;
  },
  get closed() {
    return pglite.closed;
  },
  get waitReady() {
    return pglite.waitReady;
  },
  query: pglite.query.bind(pglite),
  transaction: ((callback) => {
    if (pglite.closed) throw new Error('PGlite is closed');
    return pglite.transaction(callback);
  }) as PGlite['transaction'],
  close: async () => {},
});

/** A Kysely instance on the read model's database. */
export const createReadModelDb = (options: ReadModelDbOptions): ReadModelDb => {
  if ('pglite' in options) {
    return new Kysely<ReadModelDatabase>({
      dialect: new PGliteDialect({ pglite: sharedPGlite(options.pglite) }),
    });
  }
  let pool: pg.Pool;
  if ('pool' in options) pool = options.pool;
  else {
    pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
    });
    // A connection that dies must not take the process down: the pool replaces an idle one,
    // and the query a busy one was running fails on its own. The pool listens on idle
    // connections only, so every connection gets a listener of its own.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  return new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
};

/**
 * Opens (or creates) a PGlite database in a directory, in memory when none is given, for a
 * process that owns it (the all-in-one process, the operators' CLI, tests). A directory is
 * locked while it is open, so a second process is refused instead of corrupting it. The caller
 * closes it, which releases the lock.
 */
export const openPGlite = async (dir = 'memory://'): Promise<PGlite> => {
  const { PGlite } = await import('@electric-sql/pglite');
  // Search matches misspelt words with trigrams (pg_trgm), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const options = { extensions: { pg_trgm } };
  if (dir.startsWith('memory://')) return PGlite.create(dir, options);
  const release = lockDatabaseDirectory(dir);
  try {
    const db = await PGlite.create(dir, options);
    const close = db.close.bind(db);
    db.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return db;
  } catch (error) {
    release();
    throw error;
  }
};
