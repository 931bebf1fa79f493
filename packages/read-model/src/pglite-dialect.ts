import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect on an existing PGlite instance.
 *
 * PGlite is a single connection shared with the event store in the same process. A Kysely
 * transaction therefore runs inside `pglite.transaction()`, which holds PGlite's transaction
 * lock for its whole length: other callers (the event store, other Kysely queries) wait
 * instead of interleaving statements into it. Queries outside a transaction go through
 * `pglite.query()`, which takes the same lock per statement. The instance is never closed
 * here: whoever created it owns it.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes Kysely<any>.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#pglite);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as PGliteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end(false);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

interface OpenTransaction {
  tx: PGliteTransaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #open: OpenTransaction | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async begin(settings: TransactionSettings): Promise<void> {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    let started!: (tx: PGliteTransaction) => void;
    const ready = new Promise<PGliteTransaction>((resolve) => {
      started = resolve;
    });
    const done = this.#pglite.transaction(async (tx) => {
      started(tx);
      if (!(await decided)) await tx.rollback();
    });
    const tx = await Promise.race([
      ready,
      done.then(() => {
        throw new Error('PGlite transaction ended before it began');
      }),
    ]);
    if (settings.isolationLevel || settings.accessMode) {
      const parts = [
        settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
        settings.accessMode ?? '',
      ];
      await tx.exec(`set transaction ${parts.join(' ').trim()}`);
    }
    this.#open = { tx, finish, done };
  }

  async end(commit: boolean): Promise<void> {
    const open = this.#open;
    if (!open) throw new Error('No transaction is open on this connection');
    this.#open = undefined;
    open.finish(commit);
    await open.done;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#open?.tx ?? this.#pglite;
    const result = await target.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined
        ? {}
        : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += Math.max(1, chunkSize)) {
      yield { rows: rows.slice(i, i + Math.max(1, chunkSize)) };
    }
  }
}
