// What the cases on the machine's PostgreSQL share: a database of their own, with an event
// store and a read model on it, and the projection service's process pointed at it.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { ensureDatabase } from '@second-gear/local-cluster';
import { createReadModelDb, type ReadModelDb } from '@second-gear/read-model';
import { afterAll, beforeAll, describe } from 'vitest';
import { dropMachineDatabase, MACHINE_POSTGRES, machinePostgresAnswers } from '../src/postgres.ts';
import { entryOf, startProcess } from '../src/processes.ts';

const reachable = await machinePostgresAnswers();

/** A describe that runs on the machine's PostgreSQL, or says it skipped and why. */
export const describeOnMachinePostgres = (title: string, body: () => void) =>
  describe.skipIf(!reachable)(
    reachable ? title : `${title} (skipped: PostgreSQL at 127.0.0.1:5432 does not answer)`,
    body,
  );

export interface MachineDatabase {
  url: string;
  /** Available once the describe's `beforeAll` has run. */
  store: EventStore;
  db: ReadModelDb;
}

/** A database of the describe's own, created before its tests and dropped after them. */
export const useMachineDatabase = (name: string): MachineDatabase => {
  const database = `fault_${name}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const opened = { url: `${MACHINE_POSTGRES}/${database}` } as MachineDatabase;
  beforeAll(async () => {
    await ensureDatabase(opened.url);
    opened.store = await openMarketplaceStore({ kind: 'postgres', connectionString: opened.url });
    opened.db = createReadModelDb({ connectionString: opened.url, maxConnections: 4 });
  });
  afterAll(async () => {
    await opened.store?.close();
    await opened.db?.destroy();
    await dropMachineDatabase(database);
  });
  return opened;
};

/** The projection service as its own process on the database, answering on `port`. */
export const startProjectionService = (
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
) =>
  startProcess(entryOf('projection-service'), {
    EVENT_STORE: 'postgres',
    EVENT_STORE_URL: databaseUrl,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Its reactors' sign-in service is down here; projections do not depend on it.
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    // Its webhook deliverer derives signing secrets from it; no webhooks are registered here.
    JWT_SECRET: 'faults-secret-of-the-projection-service-0123456789',
    ...env,
  });
