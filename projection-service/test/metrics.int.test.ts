// What the projection service tells an operator: each projection's lag on /metrics, 0 once it
// has caught up, rising while it is stopped, and readiness that follows it.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streams } from '@second-gear/features';
import { createReadModelDb } from '@second-gear/read-model';
import { createMetricsRegistry, type Registry } from '@second-gear/service-http';
import { metricValue } from '@second-gear/service-http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionServiceHttp } from '../src/http.ts';
import { type SubscriptionsWatch, subscriptionsReadiness, watchSubscriptions } from '../src/lag.ts';
import { projectionCounters, reactorCounters, subscriptionGauges } from '../src/metrics.ts';
import type { Reactor, RunningReactors } from '../src/reactions/reactor.ts';
import { startReactors } from '../src/reactions/reactor.ts';
import { type RunningProjections, startProjections } from '../src/start-projections.ts';
import { backends, eventually, type Setup } from './backends.ts';
import { appendScenario, eventData } from './testing.ts';

const [pglite] = await backends('metrics');
const admin = { uid: 'admin-m', email: 'admin-m@example.com', role: 'Admin' as const };
const MAX_LAG = 5;

/** Appends categories, one event each: every projection has them to apply (the audit one). */
const appendCategories = async (setup: Setup, count: number) => {
  for (let i = 0; i < count; i++) {
    const categoryId = randomUUID();
    await setup.store.append(streams.category(categoryId), 'no_stream', [
      eventData('CategoryCreated', { categoryId, name: `Kind ${categoryId.slice(0, 8)}` }, admin),
    ]);
  }
};

const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('the projection service’s metrics and readiness', () => {
  let setup: Setup;
  let registry: Registry;
  let watch: SubscriptionsWatch;
  let projections: RunningProjections;
  let reactors: RunningReactors;
  let server: Server;
  let url = '';
  const counters = { projections: projectionCounters, reactors: reactorCounters };
  const noticed: string[] = [];
  const reactor: Reactor = {
    name: 'test-notices',
    types: new Set(['UserDeleted']),
    react: async (event) => {
      noticed.push(event.id);
    },
  };
  const start = () =>
    startProjections({
      store: setup.store,
      db: setup.db,
      batchSize: 3,
      retryDelayMs: 20,
      metrics: counters.projections(registry),
    });
  const scrape = async () => {
    const answer = await fetch(`${url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.text();
  };
  const lag = (text: string, projection: string) =>
    metricValue(text, 'second_gear_projection_lag_events', { projection });
  const ready = async () => {
    const answer = await fetch(`${url}/health/ready`);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    setup = await pglite.open();
    registry = createMetricsRegistry('projection-service');
    projections = await start();
    reactors = await startReactors({
      store: setup.store,
      db: setup.db,
      reactors: [reactor],
      metrics: counters.reactors(registry),
    });
    // Every scrape looks again, so that a test sees what it just did.
    watch = watchSubscriptions({
      store: setup.store,
      db: setup.db,
      projections,
      reactors,
      maxAgeMs: 0,
    });
    subscriptionGauges(registry, watch);
    server = createServer(
      projectionServiceHttp({
        store: setup.store,
        db: setup.db,
        // The running projections change below; always ask the current ones.
        projections: {
          positions: () => projections.positions(),
          refusals: () => projections.refusals(),
          failures: () => projections.failures(),
        },
        reactors,
        metrics: registry,
        ready: () =>
          subscriptionsReadiness(watch, {
            store: setup.store,
            db: setup.db,
            limits: { maxLagEvents: MAX_LAG, maxLagSeconds: 3600 },
          }),
      }),
    );
    url = await listen(server);
  }, 60_000);
  afterAll(async () => {
    server?.close();
    await reactors?.stop();
    await projections?.stop();
    await setup?.close();
  });

  it('shows every projection caught up, with the events and batches it applied', async () => {
    const { position } = await appendScenario(setup.store);
    await eventually(() => projections.position() === position);
    await eventually(async () => lag(await scrape(), 'cars') === 0);
    const text = await scrape();
    for (const name of Object.keys(projections.positions())) {
      expect(lag(text, name), name).toBe(0);
      expect(metricValue(text, 'second_gear_projection_lag_seconds', { projection: name })).toBe(0);
      expect(metricValue(text, 'second_gear_projection_parked_events', { projection: name })).toBe(
        0,
      );
      expect(metricValue(text, 'second_gear_projection_refused', { projection: name })).toBe(0);
    }
    expect(
      metricValue(text, 'second_gear_projection_events_applied_total', { projection: 'audit' }),
    ).toBeGreaterThan(10);
    expect(
      metricValue(text, 'second_gear_projection_batches_total', {
        projection: 'cars',
        outcome: 'applied',
      }),
    ).toBeGreaterThan(1);
    await eventually(async () => {
      const now = await scrape();
      return metricValue(now, 'second_gear_reactor_lag_events', { reactor: reactor.name }) === 0;
    });
    expect(
      metricValue(text, 'process_resident_memory_bytes', { service: 'projection-service' }),
    ).toBeGreaterThan(0);

    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ready', reasons: [] });
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('shows the lag rising while the projections are stopped, and falling once they run', async () => {
    await projections.stop();
    await appendCategories(setup, MAX_LAG + 2);
    const behind = await scrape();
    expect(lag(behind, 'categories')).toBe(MAX_LAG + 2);
    expect(lag(behind, 'audit')).toBe(MAX_LAG + 2);
    expect(
      metricValue(behind, 'second_gear_projection_lag_seconds', { projection: 'categories' }),
    ).toBeGreaterThan(0);

    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body.status).toBe('not-ready');
    expect(notReady.body.reasons).toContain(
      `projection categories is ${MAX_LAG + 2} events behind the store (at most ${MAX_LAG})`,
    );
    // Alive all the same.
    expect((await fetch(`${url}/health/live`)).status).toBe(200);

    projections = await start();
    await eventually(async () => lag(await scrape(), 'categories') === 0);
    expect((await ready()).status).toBe(200);
  });

  it('is not ready while its database does not answer', async () => {
    // Nothing listens there.
    const db = createReadModelDb({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    try {
      const answer = await subscriptionsReadiness(watch, {
        store: setup.store,
        db,
        limits: { maxLagEvents: MAX_LAG, maxLagSeconds: 3600 },
      });
      expect(answer.ready).toBe(false);
      expect(answer.reasons).toEqual([
        expect.stringContaining('the read model database does not answer'),
      ]);
    } finally {
      await db.destroy();
    }
  });
});
