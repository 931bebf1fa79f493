import type { PGlite } from '@electric-sql/pglite';
import { createPGlite } from '@second-gear/event-store';
import { Kysely, PGliteDialect, PostgresDialect, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { bulkLoadOf, copyOnClient, copyOnPGlite } from './copy.ts';
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

/** A PGlite query function that also runs the read model's bulk loads (`copyRows`). */
const queryWithCopy = (query: PGlite['query']) =>
  (<T>(text: string, parameters?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const load = bulkLoadOf(text, parameters);
    return load ? copyOnPGlite<T>(query, load, options) : query<T>(text, parameters, options);
  }) as PGlite['query'];

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
  query: queryWithCopy(pglite.query.bind(pglite)),
  transaction: ((callback) => {
    if (pglite.closed) throw new Error('PGlite is closed');
    return pglite.transaction((tx) =>
      callback(Object.assign(Object.create(tx), { query: queryWithCopy(tx.query.bind(tx)) })),
    );
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
  return new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool: withCopy(pool) }) });
};

/**
 * The pool as Kysely sees it: each connection's queries also run the read model's bulk loads
 * (`copyRows`), on that same connection, so inside its transaction. A connection keeps one
 * wrapper, as Kysely keeps one connection object per client.
 */
const withCopy = (pool: pg.Pool) => {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as { processID?: number }).processID;
    },
    query: ((text: string, parameters?: unknown[]) => {
      const load = typeof text === 'string' ? bulkLoadOf(text, parameters) : undefined;
      return load ? copyOnClient(client, load) : client.query(text, parameters);
    }) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    get options() {
      return pool.options;
    },
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
};

/** The extensions every PGlite database loads. */
const pgliteExtensions = async () => {
  // Search matches misspelt words with trigrams (pg_trgm), and finds cars near a place by
  // their points in space (cube), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  return { extensions: { pg_trgm, cube } };
};

/**
 * Opens (or creates) a PGlite database in a directory, in memory when none is given, for a
 * process that owns it (the all-in-one process, the operators' CLI, tests). A directory is
 * locked while it is open, so a second process is refused instead of corrupting it. The caller
 * closes it, which releases the lock.
 */
export const openPGlite = async (dir = 'memory://'): Promise<PGlite> => {
  const options = await pgliteExtensions();
  if (dir.startsWith('memory://')) return createPGlite(dir, options);
  const release = await lockDatabaseDirectory(dir);
  try {
    const db = await createPGlite(dir, options);
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
