export * from './demo-data.ts';
export * from './embedded-database.ts';
export { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';
export * from './folder-watch.ts';
export * from './marketplace.ts';
export * from './web-build.ts';
