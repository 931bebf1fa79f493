import { allProjections } from '@second-gear/features';
import { readCheckpoints, readModelStatus } from '@second-gear/read-model';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rebuildReadModel } from '../src/rebuild.ts';
import { type RunningProjections, startProjections } from '../src/start-projections.ts';
import { backends, eventually, type Setup } from './backends.ts';
import { appendScenario } from './testing.ts';

const list = await backends('store guard');

describe.each(list)('checkpoints of another store on $name', ({ open }) => {
  let setup: Setup;
  let running: RunningProjections | undefined;

  beforeEach(async () => {
    setup = await open();
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await setup.close();
  });

  const start = async (store = setup.store) => {
    running = await startProjections({
      store,
      db: setup.db,
      schema: setup.schema,
      batchSize: 50,
      retryDelayMs: 10,
      recheckMs: 50,
      identityCheckMs: 50,
    });
    return running;
  };
  const caughtUp = async (live: RunningProjections, head: bigint) => {
    await eventually(() => (live.position() ?? -1n) >= head);
  };
  const carIds = async () =>
    new Set(
      (await setup.db.withSchema(setup.schema).selectFrom('cars').select('id').execute()).map(
        (c) => c.id,
      ),
    );

  it('records the store and the event with every checkpoint', async () => {
    const { position } = await appendScenario(setup.store);
    await caughtUp(await start(), position);
    const [last] = await setup.store.readAll({ after: position - 1n, limit: 1 });
    const checkpoints = await readCheckpoints(setup.db, setup.schema);
    expect(checkpoints.map((c) => [c.position, c.storeId, c.eventId])).toEqual(
      checkpoints.map(() => [position, expect.any(String), last?.id]),
    );
    expect(checkpoints[0]?.storeId).toBe(await setup.store.storeId());
  });

  it('refuses a new database until a rebuild, which replaces the model whatever its position', async () => {
    const first = await appendScenario(setup.store);
    await appendScenario(setup.store);
    const { position } = await appendScenario(setup.store);
    await caughtUp(await start(), position);
    await running?.stop();

    // The same read model, now pointed at another store: a new database with fewer events.
    const other = await setup.openAnotherStore();
    const fresh = await appendScenario(other);
    expect(fresh.position).toBeLessThan(position);
    const live = await start(other);
    await eventually(() => Object.keys(live.refusals()).length === allProjections.length);
    expect(live.refusals().cars).toMatch(/written against another event store/);
    // Nothing of the other store was applied, and readers see the old model as it was.
    const cars = await carIds();
    expect(cars.has(fresh.cars.plain)).toBe(false);
    expect(cars.has(first.cars.plain)).toBe(true);
    const status = await readModelStatus(other, setup.db, setup.schema);
    expect(status.projections.every((p) => p.refused?.includes('another event store'))).toBe(true);

    const rebuilt = await rebuildReadModel({
      store: other,
      db: setup.db,
      liveSchema: setup.schema,
      nextSchema: setup.nextSchema,
    });
    expect(rebuilt.position).toBe(fresh.position);
    await eventually(() => Object.keys(live.refusals()).length === 0);
    const more = await appendScenario(other);
    await caughtUp(live, more.position);
    const after = await carIds();
    expect(after.has(fresh.cars.plain) && after.has(more.cars.plain)).toBe(true);
    expect(after.has(first.cars.plain)).toBe(false);
  });

  it('refuses a store restored from an older backup, whose positions come again', async () => {
    const { position: kept } = await appendScenario(setup.store);
    const { position } = await appendScenario(setup.store);
    await caughtUp(await start(), position);
    await running?.stop();

    // Restored from a backup taken at `kept`; then new events take the lost positions.
    await sql
      .raw(`delete from ${setup.storeSchema}.events where position > ${kept}`)
      .execute(setup.db);
    const live = await start();
    await eventually(() => Object.keys(live.refusals()).length === allProjections.length);
    expect(live.refusals().users).toMatch(/no event \(its head is \d+\)/);
    await running?.stop();

    const reused = await appendScenario(setup.store);
    expect(reused.position).toBeGreaterThanOrEqual(position);
    const again = await start();
    await eventually(() => Object.keys(again.refusals()).length === allProjections.length);
    expect(again.refusals().audit).toMatch(/not .* it applied: the store hands out its positions/);
    expect((await carIds()).has(reused.cars.plain)).toBe(false);
  });

  it('refuses a store rolled back in place while it runs, before applying what comes next', async () => {
    const { position: kept } = await appendScenario(setup.store);
    const { position } = await appendScenario(setup.store);
    const live = await start();
    await caughtUp(live, position);

    // Rolled back under the running projections: their checkpoints' event is gone.
    await sql
      .raw(`delete from ${setup.storeSchema}.events where position > ${kept}`)
      .execute(setup.db);
    await eventually(() => Object.keys(live.refusals()).length === allProjections.length);
    expect(live.refusals().cars).toMatch(/no event/);
    const next = await appendScenario(setup.store);
    await eventually(async () => (await setup.store.headPosition()) === next.position);
    // Still refused, and nothing of the new events was applied.
    expect(Object.keys(live.refusals())).toHaveLength(allProjections.length);
    expect((await carIds()).has(next.cars.plain)).toBe(false);
  });
});
