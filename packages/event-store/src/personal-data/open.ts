import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ErasureLedger, EventStoreConfig, PersonalDataConfig } from '../create-event-store.ts';
import type { EventStore } from '../event-store.ts';
import type { SqlExecutor } from '../sql/executor.ts';
import { pgliteExecutor } from '../sql/pglite-executor.ts';
import { postgresExecutor } from '../sql/postgres-executor.ts';
import { createSqlKeyStore, type KeyStore } from './key-store.ts';
import { type ProtectedEventStore, protectPersonalData } from './protected-store.ts';

const quietPool = (connectionString: string, max?: number) => {
  const pool = new pg.Pool({ connectionString, ...(max ? { max } : {}) });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
};

/** Keys whose destruction is recorded in the ledger first (`PersonalDataConfig`). */
const withLedger = (keys: KeyStore, ledger: ErasureLedger | undefined): KeyStore =>
  ledger
    ? {
        ...keys,
        async destroy(subjects) {
          if (subjects.length === 0) return;
          await ledger.record(subjects);
          await keys.destroy(subjects);
        },
      }
    : keys;

/**
 * The configured store, protected, with its key store: in the same database as a SQL store
 * (one connection or pool serves both), or at `keyStoreUrl`.
 */
export async function openProtectedStore(
  config: EventStoreConfig,
  personal: PersonalDataConfig,
  create: (config: EventStoreConfig) => Promise<EventStore>,
): Promise<ProtectedEventStore> {
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  };
  try {
    let plain = config;
    let keyExecutor: SqlExecutor;
    if (personal.keyStoreUrl) {
      const pool = quietPool(personal.keyStoreUrl, 4);
      closers.push(() => pool.end());
      keyExecutor = postgresExecutor(pool, false);
    } else if (config.kind === 'pglite') {
      let db = config.db;
      if (!db) {
        const own = await PGlite.create(config.dir ?? 'memory://');
        closers.push(() => own.close());
        db = own;
        plain = { ...config, db };
      }
      keyExecutor = pgliteExecutor(db, false);
    } else if (config.kind === 'postgres') {
      let pool = config.pool;
      if (!pool) {
        if (!config.connectionString)
          throw new TypeError('The PostgreSQL event store needs a pool or a connectionString');
        const own = quietPool(config.connectionString);
        closers.push(() => own.end());
        pool = own;
        plain = { ...config, pool };
      }
      keyExecutor = postgresExecutor(pool, false);
    } else {
      throw new TypeError(
        'A KurrentDB event store keeps its personal keys in PostgreSQL: set KEY_STORE_URL',
      );
    }
    const keys = withLedger(
      await createSqlKeyStore(keyExecutor, { schema: personal.keySchema }),
      personal.erasureLedger,
    );
    if (personal.erasureLedger) await keys.destroy(await personal.erasureLedger.read());
    const store = await create(plain);
    closers.push(() => store.close());
    return protectPersonalData(store, { policy: personal.policy, keys, close: closeAll });
  } catch (error) {
    await closeAll();
    throw error;
  }
}
