import { freePort } from '@second-gear/identity';
import { rebuildReadModel } from '@second-gear/projection-service';
import { appendScenario, readModelSnapshot } from '@second-gear/projection-service/testing';
import { readCheckpoints } from '@second-gear/read-model';
import { expect, it } from 'vitest';
import { eventually } from '../src/processes.ts';
import {
  describeOnMachinePostgres,
  startProjectionService,
  useMachineDatabase,
} from './support.ts';

describeOnMachinePostgres('the projection service killed in the middle of a batch', () => {
  const database = useMachineDatabase('projector');

  it('starts again and ends with a read model equal to a fresh rebuild, row for row', async () => {
    // Enough history for many batches (about 60 of 50 events): killed while catching up, it is
    // mid-batch.
    const { store, db, url } = database;
    for (let i = 0; i < 80; i++) await appendScenario(store);
    const head = (await store.headPosition()) ?? 0n;
    const port = await freePort();
    // The scenarios happened months ago by their clock: their notifications are kept, as a
    // rebuild makes them, rather than pruned for their age.
    const env = {
      LOG_LEVEL: 'warn',
      PROJECTION_BATCH_SIZE: '50',
      NOTIFICATION_RETENTION_DAYS: '36500',
    };
    const lowest = async () => {
      const checkpoints = await readCheckpoints(db);
      if (checkpoints.length < 5) return 0n;
      return checkpoints.reduce(
        (min, c) => (c.position === undefined || c.position < min ? (c.position ?? 0n) : min),
        head,
      );
    };

    const first = startProjectionService(url, port, env);
    await eventually(
      async () => (await readCheckpoints(db).catch(() => [])).some((c) => c.position),
      60_000,
      'the first batches',
    );
    expect(await lowest()).toBeLessThan(head);
    await first.kill();

    const second = startProjectionService(url, port, env);
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
});
