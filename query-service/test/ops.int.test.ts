// The operations page's read: every projection and reactor, where it stands and how far behind.
import { OpsStatus } from '@second-gear/features/contract';
import { startProjections } from '@second-gear/projection-service';
import { appendScenario, type ScenarioIds } from '@second-gear/projection-service/testing';
import { projectionNames, waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness } from './support.ts';

const { list, dropAll } = await backends('query-service ops');
afterAll(dropAll);

describe.each(list)('GET /api/ops/status ($name)', (backend) => {
  let h: Harness;
  let ids: ScenarioIds & { position: bigint };
  const get = (token?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/api/ops/status',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    // No call here verifies a Firebase ID token: nothing answers at the emulator's address.
    h = await backend.open('127.0.0.1:1', 'ops-test');
    ids = await appendScenario(h.store);
    expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
    // Each test runs the projectors it needs and stops them, so no test finds them stopped, or
    // behind, by another.
    await h.projections.stop();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Projectors of the test's own, caught up with everything the store holds. */
  const catchUp = async () => {
    const head = (await h.store.headPosition()) ?? 0n;
    const running = await startProjections({
      store: h.store,
      db: h.db,
      batchSize: 100,
      retryDelayMs: 20,
    });
    const { reached } = await waitForPosition(h.db, head, 10_000);
    if (!reached) await running.stop();
    expect(reached).toBe(true);
    return { head, running };
  };

  it('shows admins each projection caught up with the store, with what it applied', async () => {
    const { head, running } = await catchUp();
    try {
      const answer = await get(h.app.serviceTokens.sign({ ...ids.admin, role: 'Admin' }));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const status = OpsStatus.parse(answer.json());
      expect(status.head).toBe(head.toString());
      expect(status.projections.map((p) => p.name).sort()).toEqual([...projectionNames].sort());
      for (const projection of status.projections) {
        expect(projection).toMatchObject({
          position: head.toString(),
          lagEvents: 0,
          lagSeconds: 0,
          parked: 0,
          refused: null,
        });
      }
      expect(status.projections.find((p) => p.name === 'cars')?.eventsApplied).toBeGreaterThan(0);
      expect(status.rebuild.command).toBe('npm run projections -- rebuild');
      // No webhook has failed here (the deliverer's own tests fill this list).
      expect(status.failedDeliveries).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('counts the events a projection has not applied yet, and how old the oldest is', async () => {
    const { head: stopped, running } = await catchUp();
    await running.stop();
    const more = await appendScenario(h.store);
    const status = OpsStatus.parse(
      (await get(h.app.serviceTokens.sign({ ...ids.admin, role: 'Admin' }))).json(),
    );
    expect(status.head).toBe(more.position.toString());
    const cars = status.projections.find((p) => p.name === 'cars');
    expect(cars?.position).toBe(stopped.toString());
    // Every event of the second scenario is after the stopped checkpoint.
    const behind = await h.store.readAll({ after: stopped, limit: 10_000 });
    expect(cars?.lagEvents).toBe(behind.length);
    expect(cars?.lagEvents).toBeGreaterThan(10);
    expect(cars?.lagSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is for admins only', async () => {
    expect((await get()).statusCode).toBe(401);
    const seller = await get(h.app.serviceTokens.sign({ ...ids.seller, role: 'Seller' }));
    expect(seller.statusCode).toBe(403);
    expect(seller.headers['content-type']).toContain('application/problem+json');
  });
});
