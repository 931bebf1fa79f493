export { batched } from './batches.ts';
export * from './create-event-store.ts';
export * from './event-store.ts';
export {
  createKeyStore,
  createSqlKeyStore,
  DEFAULT_KEY_SCHEMA,
  type KeyStore,
} from './personal-data/key-store.ts';
export {
  type PersonalDataPolicy,
  type PersonalValue,
  type ProtectedEventStore,
  protectPersonalData,
} from './personal-data/protected-store.ts';
export { isSealed, type SealedValue } from './personal-data/sealing.ts';
export { createPGlite } from './sql/create-pglite.ts';
export { createPgliteEventStore, type PgliteEventStoreOptions } from './sql/pglite-event-store.ts';
export type { PGliteLike } from './sql/pglite-executor.ts';
export {
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from './sql/postgres-event-store.ts';
export type { SqlEventStoreOptions } from './sql/sql-event-store.ts';
export { DEFAULT_SCHEMA, migrationSql } from './sql/statements.ts';
