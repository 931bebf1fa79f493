export * from './create-event-store.ts';
export * from './event-store.ts';
export { createPgliteEventStore, type PgliteEventStoreOptions } from './sql/pglite-event-store.ts';
export type { PGliteLike } from './sql/pglite-executor.ts';
export {
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from './sql/postgres-event-store.ts';
export type { SqlEventStoreOptions } from './sql/sql-event-store.ts';
export { DEFAULT_SCHEMA, migrationSql } from './sql/statements.ts';
