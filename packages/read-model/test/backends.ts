import { afterAll } from 'vitest';
import { createReadModelDb, openPGlite, type ReadModelDb } from '../src/index.ts';
import { createTestPostgresDatabase } from './testing.ts';

export interface Backend {
  name: string;
  open: () => Promise<{ db: ReadModelDb; close: () => Promise<void> }>;
}

/**
 * The databases a suite runs on: PGlite in memory, and a PostgreSQL database of its own when
 * the test server answers (dropped after the suite; a skip is said, naming the suite).
 */
export const readModelBackends = async (suite: string, prefix: string): Promise<Backend[]> => {
  const backends: Backend[] = [
    {
      name: 'PGlite',
      open: async () => {
        const pglite = await openPGlite();
        return { db: createReadModelDb({ pglite }), close: () => pglite.close() };
      },
    },
  ];
  const database = await createTestPostgresDatabase(prefix);
  if ('skipped' in database) {
    console.warn(`${suite}: PostgreSQL suite skipped. ${database.skipped}`);
    return backends;
  }
  afterAll(() => database.drop());
  backends.push({
    name: 'PostgreSQL',
    open: async () => {
      const db = createReadModelDb({ connectionString: database.connectionString });
      return { db, close: () => db.destroy() };
    },
  });
  return backends;
};
