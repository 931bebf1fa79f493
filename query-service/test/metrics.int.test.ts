// What the query service tells an operator: requests by route, kept answers, waits for a
// position and their time-outs on /metrics, and readiness that follows its database.
import { randomUUID } from 'node:crypto';
import { streams } from '@second-gear/features';
import { appendScenario, eventData } from '@second-gear/projection-service/testing';
import { createReadModelDb, waitForPosition } from '@second-gear/read-model';
import { metricValue } from '@second-gear/service-http/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildQueryService } from '../src/index.ts';
import { backends, type Harness, TOKEN_SECRET } from './support.ts';

const { list, dropAll } = await backends('query-service metrics');
afterAll(dropAll);
const admin = { uid: 'admin-q', email: 'admin-q@example.com', role: 'Admin' as const };
const TIMEOUT_MS = 300;

describe('the query service’s metrics and health', () => {
  let h: Harness;
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const scrape = async () => {
    const answer = await get('/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.body;
  };
  const delta = (before: string, after: string, name: string, labels: Record<string, string>) =>
    (metricValue(after, name, labels) ?? 0) - (metricValue(before, name, labels) ?? 0);
  const appendCategory = async () => {
    const categoryId = randomUUID();
    const { position } = await h.store.append(streams.category(categoryId), 'no_stream', [
      eventData('CategoryCreated', { categoryId, name: `Kind ${categoryId.slice(0, 8)}` }, admin),
    ]);
    return position;
  };

  beforeAll(async () => {
    const backend = list[0];
    if (!backend) throw new Error('No engine to run on');
    // Nothing here signs in: this emulator address is never called.
    h = await backend.open('127.0.0.1:9', 'demo-metrics', { readYourWritesTimeoutMs: TIMEOUT_MS });
    const { position } = await appendScenario(h.store);
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('counts kept answers: misses, hits and 304s, and the requests by route', async () => {
    // The first answer that carries an ETag is read from the database, then kept.
    const first = await vi.waitFor(
      async () => {
        const answer = await get('/api/categories');
        expect(answer.headers.etag).toBeDefined();
        return answer;
      },
      { timeout: 5000, interval: 20 },
    );
    const etag = String(first.headers.etag);
    const before = await scrape();
    expect((await get('/api/categories')).statusCode).toBe(200);
    expect((await get('/api/categories', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/categories?limit=7')).statusCode).toBe(200);
    const after = await scrape();

    const cache = (outcome: string) =>
      delta(before, after, 'second_gear_answer_cache_requests_total', {
        caching: 'public',
        outcome,
      });
    expect(cache('hit')).toBe(1);
    expect(cache('not_modified')).toBe(1);
    expect(cache('miss')).toBe(1);
    const route = { service: 'query-service', method: 'GET', route: '/api/categories' };
    expect(delta(before, after, 'http_requests_total', { ...route, status_code: '200' })).toBe(2);
    expect(delta(before, after, 'http_requests_total', { ...route, status_code: '304' })).toBe(1);
    expect(
      delta(before, after, 'http_request_duration_seconds_count', { ...route, status_code: '200' }),
    ).toBe(2);
  });

  it('times the waits for a position, and counts those that ran out', async () => {
    const waits = (text: string, outcome: string) =>
      metricValue(text, 'second_gear_read_your_writes_wait_seconds_count', { outcome }) ?? 0;
    const timeouts = (text: string) =>
      metricValue(text, 'second_gear_read_your_writes_timeouts_total') ?? 0;

    const before = await scrape();
    const reached = await get('/api/categories', { 'x-min-position': `${await appendCategory()}` });
    expect(reached.headers['x-position-reached']).toBe('true');
    const afterReached = await scrape();
    expect(waits(afterReached, 'reached') - waits(before, 'reached')).toBe(1);
    expect(timeouts(afterReached)).toBe(timeouts(before));

    // With the projectors stopped, a fresh write is never reached.
    await h.projections.stop();
    const late = await get('/api/categories', { 'x-min-position': `${await appendCategory()}` });
    expect(late.headers['x-position-reached']).toBe('false');
    const afterTimeout = await scrape();
    expect(timeouts(afterTimeout) - timeouts(afterReached)).toBe(1);
    expect(waits(afterTimeout, 'timed-out') - waits(afterReached, 'timed-out')).toBe(1);
    const bucket = metricValue(afterTimeout, 'second_gear_read_your_writes_wait_seconds_sum', {
      outcome: 'timed-out',
    });
    expect(bucket).toBeGreaterThanOrEqual((TIMEOUT_MS / 1000) * 0.9);
  });

  it('is alive and ready while its database answers, and not ready when it does not', async () => {
    expect((await get('/health/live')).statusCode).toBe(200);
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', service: 'query-service' });

    // Nothing listens there.
    const db = createReadModelDb({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    const app = await buildQueryService({
      db,
      store: h.store,
      auth: { verifyIdToken: () => Promise.reject(new Error('not used')) },
      tokenSecret: TOKEN_SECRET,
      logger: false,
    });
    try {
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
      const down = await app.inject({ url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'not-ready',
        reasons: [expect.stringContaining('the read model does not answer')],
      });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
