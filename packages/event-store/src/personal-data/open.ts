import type { ErasureLedger, EventStoreConfig, PersonalDataConfig } from '../create-event-store.ts';
import type { EventStore } from '../event-store.ts';
import { createPGlite } from '../sql/create-pglite.ts';
import { ownPool } from '../sql/postgres-event-store.ts';
import { createKeyStore, type KeyStore, type KeyStoreOn } from './key-store.ts';
import { type ProtectedEventStore, protectPersonalData } from './protected-store.ts';

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
    let keysOn: KeyStoreOn;
    if (personal.keyStoreUrl) {
      const pool = ownPool(personal.keyStoreUrl, 4);
      closers.push(() => pool.end());
      keysOn = { kind: 'postgres', pool };
    } else if (config.kind === 'pglite') {
      let db = config.db;
      if (!db) {
        const own = await createPGlite(config.dir);
        closers.push(() => own.close());
        db = own;
        plain = { ...config, db };
      }
      keysOn = { kind: 'pglite', db };
    } else if (config.kind === 'postgres') {
      let pool = config.pool;
      if (!pool) {
        if (!config.connectionString)
          throw new TypeError('The PostgreSQL event store needs a pool or a connectionString');
        const own = ownPool(config.connectionString);
        closers.push(() => own.end());
        pool = own;
        plain = { ...config, pool };
      }
      keysOn = { kind: 'postgres', pool };
    } else {
      throw new TypeError(
        'A KurrentDB event store keeps its personal keys in PostgreSQL: set KEY_STORE_URL',
      );
    }
    const keys = withLedger(
      await createKeyStore(keysOn, { schema: personal.keySchema }),
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
