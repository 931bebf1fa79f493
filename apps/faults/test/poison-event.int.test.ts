import { randomUUID } from 'node:crypto';
import { freePort } from '@second-gear/identity';
import { appendScenario } from '@second-gear/projection-service/testing';
import { projectionNames, readModelStatus } from '@second-gear/read-model';
import { expect, it } from 'vitest';
import { call, eventually } from '../src/processes.ts';
import {
  describeOnMachinePostgres,
  startProjectionService,
  useMachineDatabase,
} from './support.ts';

describeOnMachinePostgres('a poison event appended straight to the store', () => {
  const database = useMachineDatabase('poison');

  it('is parked by every projection, which go on; status and health name it', async () => {
    const { store, db, url } = database;
    await appendScenario(store);
    const { position: poison } = await store.append(`car-${randomUUID()}`, 'any', [
      { id: randomUUID(), type: 'CarBooked', data: { carId: 42 }, metadata: {} },
    ]);
    const after = await appendScenario(store);
    const port = await freePort();
    const projector = startProjectionService(url, port, { LOG_LEVEL: 'error' });
    try {
      await eventually(
        async () => {
          const status = await readModelStatus(store, db).catch(() => undefined);
          return (
            status !== undefined &&
            status.projections.length === projectionNames.length &&
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
        parked: {
          users: 1,
          categories: 1,
          cars: 1,
          bookings: 1,
          audit: 1,
          members: 1,
          integrations: 1,
          messages: 1,
        },
      });
      expect(projector.output()).toContain(`"position":"${poison}"`);
      expect(projector.output()).toContain('event parked');
    } finally {
      await projector.stop();
    }
  });
});
