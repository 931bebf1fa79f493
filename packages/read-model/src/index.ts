export * from './changes.ts';
export * from './checkpoints.ts';
export { copyRows } from './copy.ts';
export * from './database.ts';
export * from './migrations.ts';
export { lockDatabaseDirectory } from './pglite-lock.ts';
export * from './position-watcher.ts';
export * from './schema.ts';
export * from './status.ts';
