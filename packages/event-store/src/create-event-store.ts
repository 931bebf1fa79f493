import type { Pool } from 'pg';
import type { EventStore } from './event-store.ts';
import type { PersonalDataPolicy, ProtectedEventStore } from './personal-data/protected-store.ts';
import type { PGliteLike } from './sql/pglite-executor.ts';
import type { SqlEventStoreOptions } from './sql/sql-event-store.ts';

/**
 * Seal personal values with each person's own key (docs/security.md). The keys live in the
 * PostgreSQL at `keyStoreUrl`, or, without one, in the SQL store's own database under a schema
 * of their own; a KurrentDB store needs a `keyStoreUrl`.
 */
export interface PersonalDataConfig {
  policy: PersonalDataPolicy;
  keyStoreUrl?: string | undefined;
  /** The key table's schema (default `personal_keys`). */
  keySchema?: string;
  /**
   * Who was erased, kept apart from the database: every erasure is recorded there first, and
   * every one recorded is applied again when the store opens, so that a database restored from
   * a backup older than an erasure does not bring that person's key back.
   */
  erasureLedger?: ErasureLedger | undefined;
}

export interface ErasureLedger {
  record(subjects: readonly string[]): Promise<void>;
  read(): Promise<string[]>;
}

export type EventStoreConfig =
  | ({ kind: 'pglite'; dir?: string; db?: PGliteLike } & SqlEventStoreOptions)
  | ({ kind: 'postgres'; connectionString?: string; pool?: Pool } & SqlEventStoreOptions)
  | { kind: 'kurrentdb'; connectionString: string };

/**
 * The configuration of a store named by its kind and location, as processes read them from
 * their environment: a directory for PGlite (in memory when absent), a URL for the others.
 */
export function eventStoreConfig(
  kind: EventStoreConfig['kind'],
  location: string | undefined,
): EventStoreConfig {
  if (kind === 'pglite') return location ? { kind, dir: location } : { kind };
  if (!location) throw new TypeError(`A ${kind} event store needs a URL`);
  return { kind, connectionString: location };
}

/**
 * Opens the configured event store, ready to use (the SQL adapters have run their migration).
 * Adapters load lazily, so a process pays only for the client it uses.
 */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'pglite': {
      const { kind: _, ...options } = config;
      const { createPgliteEventStore } = await import('./sql/pglite-event-store.ts');
      return createPgliteEventStore(options);
    }
    case 'postgres': {
      const { kind: _, ...options } = config;
      const { createPostgresEventStore } = await import('./sql/postgres-event-store.ts');
      return createPostgresEventStore(options);
    }
    case 'kurrentdb': {
      const { createKurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store.ts');
      return createKurrentDbEventStore({ connectionString: config.connectionString });
    }
    default: {
      const unknown: never = config;
      throw new TypeError(`Unknown event store kind: ${JSON.stringify(unknown)}`);
    }
  }
}

/** Opens the configured event store with personal values sealed (`protectPersonalData`). */
export async function createProtectedEventStore(
  config: EventStoreConfig,
  personal: PersonalDataConfig,
): Promise<ProtectedEventStore> {
  const { openProtectedStore } = await import('./personal-data/open.ts');
  return openProtectedStore(config, personal, createEventStore);
}

/**
 * Runs the SQL adapters' idempotent migration and returns, for a deployment step that prepares
 * the database before the services start. A given `db` or `pool` is left open.
 */
export async function migrateEventStore(
  config: Extract<EventStoreConfig, { kind: 'pglite' | 'postgres' }>,
): Promise<void> {
  const store = await createEventStore({ ...config, migrate: true });
  await store.close();
}
