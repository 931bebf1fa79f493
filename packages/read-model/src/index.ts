export * from './checkpoints.ts';
export * from './database.ts';
export * from './migrations.ts';
export { PGliteDialect } from './pglite-dialect.ts';
export * from './schema.ts';
