// How far back the car feed may be read without an API key: a week by default; further back is
// for integrators with a key.

import { streams } from '@second-gear/features';
import { newApiKey } from '@second-gear/identity';
import { appendScenario, eventData } from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness, parseSse } from './support.ts';

const { list, dropAll } = await backends('query-service feed history', 'both');
afterAll(dropAll);

describe.each(list)('the feed without a key on $name', (backend) => {
  let h: Harness;
  let key: ReturnType<typeof newApiKey>;
  let recent: bigint;

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    h = await backend.open('127.0.0.1:9', 'demo-second-gear');
    const ids = await appendScenario(h.store);
    const admin = { uid: ids.admin.uid, email: ids.admin.email, role: 'Admin' } as const;
    key = newApiKey();
    const { keyId, prefix, secretHash } = key;
    await h.store.append(streams.apiKey(keyId), 'no_stream', [
      eventData(
        'ApiKeyIssued',
        { keyId, name: 'History', scopes: ['feed:read'], prefix, secretHash },
        admin,
      ),
    ]);
    // Everything so far happened ten days ago; then a price changes now.
    await sql`update event_store.events set recorded_at = recorded_at - interval '10 days'`.execute(
      h.db,
    );
    recent = (await h.store.headPosition()) ?? 0n;
    const carId = ids.cars.plain;
    const seller = { uid: ids.seller.uid, email: ids.seller.email, role: 'Seller' } as const;
    const { position } = await h.store.append(streams.car(carId), 'any', [
      eventData('CarPriceChanged', { carId, oldPrice: 15000, price: 14000 }, seller),
    ]);
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses to start further back than a week, naming what to do instead', async () => {
    for (const answer of [
      await get('/api/feed/cars?follow=false'),
      await get('/api/feed/cars?follow=false&after=0'),
      await get('/api/feed/cars?follow=true', { 'last-event-id': '1' }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json()).toMatchObject({
        detail: expect.stringMatching(/at most 168 hours back.*key with feed:read/),
        errors: [{ field: 'query.after' }],
      });
    }
  });

  it('serves the last week without a key, and everything with one', async () => {
    const lastWeek = parseSse((await get(`/api/feed/cars?follow=false&after=${recent}`)).body);
    expect(lastWeek.map((m) => m.event)).toEqual(['CarPriceChanged']);
    const everything = parseSse(
      (await get('/api/feed/cars?follow=false', { authorization: `Bearer ${key.key}` })).body,
    );
    expect(everything.length).toBeGreaterThan(1);
    expect(everything.at(-1)?.event).toBe('CarPriceChanged');
  });
});
