import { randomUUID } from 'node:crypto';
import { createEventStore, type EventStore } from '@second-gear/event-store';
import { freePort } from '@second-gear/identity';
import { ensureDatabase } from '@second-gear/local-cluster';
import { readModelStatus } from '@second-gear/projection-service';
import { appendScenario } from '@second-gear/projection-service/testing';
import { createReadModelDb, type ReadModelDb } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropMachineDatabase, MACHINE_POSTGRES, machinePostgresAnswers } from '../src/postgres.ts';
import { call, entryOf, eventually, startProcess } from '../src/processes.ts';

const server = MACHINE_POSTGRES;
const reachable = await machinePostgresAnswers();

describe.skipIf(!reachable)(
  reachable
    ? 'a poison event appended straight to the store'
    : 'a poison event (skipped: PostgreSQL at 127.0.0.1:5432 does not answer)',
  () => {
    const database = `fault_poison_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const databaseUrl = `${server}/${database}`;
    let store: EventStore;
    let db: ReadModelDb;

    beforeAll(async () => {
      await ensureDatabase(databaseUrl);
      store = await createEventStore({ kind: 'postgres', connectionString: databaseUrl });
      db = createReadModelDb({ connectionString: databaseUrl, maxConnections: 2 });
    });
    afterAll(async () => {
      await store?.close();
      await db?.destroy();
      await dropMachineDatabase(database);
    });

    it('is parked by every projection, which go on; status and health name it', async () => {
      await appendScenario(store);
      const { position: poison } = await store.append(`car-${randomUUID()}`, 'any', [
        { id: randomUUID(), type: 'CarBooked', data: { carId: 42 }, metadata: {} },
      ]);
      const after = await appendScenario(store);
      const port = await freePort();
      const projector = startProcess(entryOf('projection-service'), {
        EVENT_STORE: 'postgres',
        EVENT_STORE_URL: databaseUrl,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      });
      try {
        await eventually(
          async () => {
            const status = await readModelStatus(store, db).catch(() => undefined);
            return (
              status !== undefined &&
              status.projections.length === 5 &&
              status.projections.every((p) => p.position === after.position)
            );
          },
          60_000,
          'the projections to pass the poison event',
        );
        const status = await readModelStatus(store, db);
        expect(status.projections.map((p) => [p.name, p.parked])).toEqual(
          status.projections.map((p) => [p.name, 1]),
        );
        const car = await db
          .withSchema('read_model')
          .selectFrom('cars')
          .select('id')
          .where('id', '=', after.cars.plain)
          .executeTakeFirst();
        expect(car?.id).toBe(after.cars.plain);
        const health = await call(`http://127.0.0.1:${port}`, 'GET', '/health');
        expect(health.status).toBe(200);
        expect(health.body).toMatchObject({
          status: 'degraded',
          parked: { users: 1, categories: 1, cars: 1, bookings: 1, audit: 1 },
        });
        expect(projector.output()).toContain(`"position":"${poison}"`);
        expect(projector.output()).toContain('event parked');
      } finally {
        await projector.stop();
      }
    });
  },
);
