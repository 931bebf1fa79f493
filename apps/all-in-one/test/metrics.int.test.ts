// The all-in-one's one /metrics holds every part's metrics; it is served only when asked, and
// readiness follows the projections.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventData } from '@second-gear/projection-service/testing';
import { metricValue } from '@second-gear/service-http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { startBareMarketplace } from './support.ts';

const system = { uid: 'system', email: 'system@second-gear.local', role: 'System' } as const;

describe('the all-in-one’s metrics and readiness', () => {
  const dirs: string[] = [];
  let marketplace: RunningMarketplace;

  beforeAll(async () => {
    dirs.push(await mkdtemp(join(tmpdir(), 'sg-all-in-one-metrics-')));
    marketplace = await startBareMarketplace(dirs[0] as string, { metrics: 'loopback' });
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const appendCategory = async () => {
    const categoryId = randomUUID();
    const { position } = await marketplace.store.append(`category-${categoryId}`, 'no_stream', [
      eventData('CategoryCreated', { categoryId, name: `Kind ${categoryId.slice(0, 8)}` }, system),
    ]);
    return position;
  };

  it('serves every part’s metrics in one scrape, to this machine', async () => {
    const position = await appendCategory();
    await fetch(`${marketplace.url}/api/categories`, {
      headers: { 'x-min-position': `${position}` },
    }).then((r) => r.arrayBuffer());
    // A write without a token: refused, but answered and counted by the command service.
    const refused = await fetch(`${marketplace.url}/api/category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nope' }),
    });
    expect(refused.status).toBe(401);

    const answer = await fetch(`${marketplace.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await answer.text();
    // The command service: requests and appends.
    expect(
      metricValue(text, 'http_requests_total', {
        service: 'command-service',
        route: '/api/category',
        status_code: '401',
      }),
    ).toBe(1);
    expect(metricValue(text, 'second_gear_append_calls_total', { outcome: 'ok' })).toBe(0);
    // The query service: requests, waits for a position, kept answers.
    expect(
      metricValue(text, 'http_requests_total', {
        service: 'query-service',
        route: '/api/categories',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'second_gear_read_your_writes_wait_seconds_count', { outcome: 'reached' }),
    ).toBe(1);
    expect(metricValue(text, 'second_gear_answer_cache_requests_total')).toBeDefined();
    // The projections and reactors.
    expect(
      metricValue(text, 'second_gear_projection_lag_events', { projection: 'categories' }),
    ).toBe(0);
    expect(
      metricValue(text, 'second_gear_projection_events_applied_total', {
        projection: 'categories',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'second_gear_reactor_lag_events', { reactor: 'identity-accounts' }),
    ).toBeDefined();
    // Node's, once, labelled with the process.
    expect(
      metricValue(text, 'nodejs_heap_size_used_bytes', { service: 'all-in-one' }),
    ).toBeGreaterThan(0);
    expect(text.match(/^# TYPE http_requests_total /gm)).toHaveLength(1);
  });

  it('is alive and ready once its projections have caught up', async () => {
    const live = await fetch(`${marketplace.url}/health/live`);
    expect(await live.json()).toEqual({ status: 'live', service: 'all-in-one' });
    const ready = await fetch(`${marketplace.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', reasons: [] });
  });

  it('serves no metrics unless asked', async () => {
    dirs.push(await mkdtemp(join(tmpdir(), 'sg-all-in-one-metrics-')));
    const quiet = await startBareMarketplace(dirs[1] as string);
    try {
      const answer = await fetch(`${quiet.url}/metrics`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('http_requests_total');
    } finally {
      await quiet.stop();
    }
  }, 60_000);
});
