import { parseEnv, projectionsCliSettings } from '@second-gear/config';

export interface CliEnv {
  /** The read model's PostgreSQL, or undefined to use the PGlite directory. */
  readModelUrl: string | undefined;
  pgliteDir: string | undefined;
  eventStore: 'pglite' | 'postgres' | 'kurrentdb';
  eventStoreUrl: string | undefined;
  keyStoreUrl: string | undefined;
  batchSize: number;
}

/** A configuration problem, naming each wrong variable. */
export { ConfigError as CliEnvError } from '@second-gear/config';

/** Reads the operator CLI's environment; a bad value names its variable. */
export const parseCliEnv = (env: Record<string, string | undefined> = process.env): CliEnv => {
  const value = parseEnv(projectionsCliSettings, env);
  return {
    readModelUrl: value.DATABASE_URL,
    pgliteDir: value.PGLITE_DIR,
    eventStore: value.EVENT_STORE ?? (value.PGLITE_DIR ? 'pglite' : 'postgres'),
    eventStoreUrl: value.EVENT_STORE_URL,
    keyStoreUrl: value.KEY_STORE_URL,
    batchSize: value.PROJECTION_BATCH_SIZE,
  };
};
