// What the command service tells an operator: /metrics moves with each command, and readiness
// follows the event store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@second-gear/event-store';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { metricValue } from '@second-gear/service-http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommandService, localImageStorage } from '../src/index.ts';
import { backends, startWorld, type TestUser, TOKEN_SECRET, type World } from './support.ts';

const emulator = useAuthEmulator();
const [pglite] = await backends();

describe('the command service’s metrics and health', () => {
  let world: World;
  let dispose: () => Promise<void>;
  let admin: TestUser;
  const scrape = async () => {
    const answer = await world.call('GET', '/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.body;
  };

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    const opened = await pglite.open();
    dispose = opened.dispose;
    world = await startWorld(opened.store, emulator);
    admin = await world.user('Admin');
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await dispose?.();
  });

  it('counts the appends of a command and times its route, by pattern', async () => {
    const before = await scrape();
    const route = { method: 'DELETE', route: '/api/category/:id', service: 'command-service' };
    const categoryId = await world.category(admin);
    const deleted = await world.call('DELETE', `/api/category/${categoryId}`, {
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await scrape();

    const calls = (text: string, outcome: string) =>
      metricValue(text, 'second_gear_append_calls_total', { outcome }) ?? 0;
    expect(calls(after, 'ok') - calls(before, 'ok')).toBe(2);
    expect(metricValue(after, 'second_gear_append_calls_total', { outcome: 'conflict' })).toBe(0);
    const appended = (text: string) => metricValue(text, 'second_gear_appended_events_total') ?? 0;
    expect(appended(after) - appended(before)).toBeGreaterThanOrEqual(2);

    const ok = { ...route, status_code: '200' };
    expect(metricValue(before, 'http_requests_total', ok) ?? 0).toBe(0);
    expect(metricValue(after, 'http_requests_total', ok)).toBe(1);
    expect(metricValue(after, 'http_request_duration_seconds_count', ok)).toBe(1);
    // The id never becomes a label.
    expect(after).not.toContain(categoryId);
    // Node's own, labelled with the service.
    expect(
      metricValue(after, 'nodejs_heap_size_used_bytes', { service: 'command-service' }),
    ).toBeGreaterThan(0);
  });

  it('is alive and ready while its store answers', async () => {
    expect((await world.call('GET', '/health/live')).json()).toEqual({
      status: 'live',
      service: 'command-service',
    });
    const ready = await world.call('GET', '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', reasons: [] });
  });

  it('is alive but not ready when its store does not answer', async () => {
    // A store gone away: closed before the service asks it anything.
    const store = await createEventStore({ kind: 'pglite' });
    await store.close();
    const imageDir = await mkdtemp(join(tmpdir(), 'command-service-images-'));
    const app = await buildCommandService({
      store,
      auth: { verifyIdToken: () => Promise.reject(new Error('not used')) },
      tokenSecret: TOKEN_SECRET,
      images: { storage: localImageStorage({ dir: imageDir }), maxBytes: 1024, maxPixels: 1024 },
      logger: false,
    });
    try {
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not-ready',
        reasons: [expect.stringContaining('the event store does not answer')],
      });
    } finally {
      await app.close();
      await rm(imageDir, { recursive: true, force: true });
    }
    // Starting PGlite alone takes seconds on a busy machine.
  }, 30_000);
});
