import { randomUUID } from 'node:crypto';
import { createEventStore, type EventStore } from '@second-gear/event-store';
import { freePort } from '@second-gear/identity';
import { ensureDatabase } from '@second-gear/local-cluster';
import { rebuildReadModel } from '@second-gear/projection-service';
import { appendScenario, readModelSnapshot } from '@second-gear/projection-service/testing';
import { createReadModelDb, type ReadModelDb, readCheckpoints } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropMachineDatabase, MACHINE_POSTGRES, machinePostgresAnswers } from '../src/postgres.ts';
import { entryOf, eventually, startProcess } from '../src/processes.ts';

const server = MACHINE_POSTGRES;
const reachable = await machinePostgresAnswers();

describe.skipIf(!reachable)(
  reachable
    ? 'the projection service killed in the middle of a batch'
    : 'the projection service killed (skipped: PostgreSQL at 127.0.0.1:5432 does not answer)',
  () => {
    const database = `fault_projector_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const databaseUrl = `${server}/${database}`;
    let store: EventStore;
    let db: ReadModelDb;

    beforeAll(async () => {
      await ensureDatabase(databaseUrl);
      store = await createEventStore({ kind: 'postgres', connectionString: databaseUrl });
      db = createReadModelDb({ connectionString: databaseUrl, maxConnections: 4 });
    });
    afterAll(async () => {
      await store?.close();
      await db?.destroy();
      await dropMachineDatabase(database);
    });

    it('starts again and ends with a read model equal to a fresh rebuild, row for row', async () => {
      // Enough history for many batches: killed while catching up, it is mid-batch.
      for (let i = 0; i < 200; i++) await appendScenario(store);
      const head = (await store.headPosition()) ?? 0n;
      const port = await freePort();
      const env = {
        EVENT_STORE: 'postgres',
        EVENT_STORE_URL: databaseUrl,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PROJECTION_BATCH_SIZE: '200',
        // Its reactors' sign-in service is down here; projections do not depend on it.
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      };
      const lowest = async () => {
        const checkpoints = await readCheckpoints(db);
        if (checkpoints.length < 5) return 0n;
        return checkpoints.reduce(
          (min, c) => (c.position === undefined || c.position < min ? (c.position ?? 0n) : min),
          head,
        );
      };

      const first = startProcess(entryOf('projection-service'), env);
      await eventually(
        async () => (await readCheckpoints(db).catch(() => [])).some((c) => c.position),
        60_000,
        'the first batches',
      );
      expect(await lowest()).toBeLessThan(head);
      await first.kill();

      const second = startProcess(entryOf('projection-service'), env);
      try {
        await eventually(async () => (await lowest()) === head, 120_000, 'catching up');
      } finally {
        await second.stop();
      }

      await rebuildReadModel({
        store,
        db,
        liveSchema: 'fresh_model',
        nextSchema: 'fresh_model_next',
      });
      expect(await readModelSnapshot(db, 'read_model')).toEqual(
        await readModelSnapshot(db, 'fresh_model'),
      );
    });
  },
);
