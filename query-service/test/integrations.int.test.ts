// Integrators on the read side: API keys on the feed and the webhook reads, checked against the
// read model on every request (revoked: refused as soon as the projection applied it), their
// uses recorded, and the admins' lists of keys and webhooks, never with a secret in them.
import { randomUUID } from 'node:crypto';
import { type Actor, type ApiKeyScope, apiKeyActor, streams } from '@second-gear/features';
import { newApiKey } from '@second-gear/identity';
import {
  appendScenario,
  eventData,
  type ScenarioIds,
} from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, type Harness, parseSse } from './support.ts';

const { list, dropAll } = await backends('query-service integrations');
afterAll(dropAll);

type Key = ReturnType<typeof newApiKey>;

// Every test issues the keys and registers the webhooks it uses, and looks for its own in the
// admins' lists: a key one test revokes or uses is never another test's.
describe.each(list)('API keys and webhooks on $name', (backend) => {
  let h: Harness;
  let ids: ScenarioIds & { position: bigint };
  let adminActor: Actor;
  let admin: string;
  let buyer: string;

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const issue = async (key: Key, name: string, scopes: ApiKeyScope[]) =>
    h.store.append(streams.apiKey(key.keyId), 'no_stream', [
      eventData(
        'ApiKeyIssued',
        { keyId: key.keyId, name, scopes, prefix: key.prefix, secretHash: key.secretHash },
        adminActor,
      ),
    ]);
  /** A reader with both scopes and a manager of webhooks alone, usable once this answers. */
  const issueKeys = async () => {
    const reader = newApiKey();
    const manager = newApiKey();
    await issue(reader, 'Feed reader', ['feed:read', 'webhooks:manage']);
    const { position } = await issue(manager, 'Hook manager', ['webhooks:manage']);
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
    return { reader, manager };
  };
  /** A webhook the manager registers (an event the key makes), readable once this answers. */
  const register = async (manager: Key) => {
    const endpointId = randomUUID();
    const { position } = await h.store.append(streams.webhook(endpointId), 'no_stream', [
      eventData(
        'WebhookEndpointRegistered',
        {
          endpointId,
          url: 'https://hooks.example.com/in',
          types: ['CarListed'],
          description: 'Listings',
          secretNonce: 'nonce-of-the-query-test-0123',
          ownerKeyId: manager.keyId,
        },
        apiKeyActor({ keyId: manager.keyId, name: 'Hook manager' }),
      ),
    ]);
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
    return endpointId;
  };

  beforeAll(async () => {
    // Nothing here signs in with Firebase: service tokens are signed directly.
    h = await backend.open('127.0.0.1:9', 'demo-second-gear');
    ids = await appendScenario(h.store);
    const actor = { uid: ids.admin.uid, email: ids.admin.email, role: 'Admin' } as const;
    adminActor = actor;
    admin = h.app.serviceTokens.sign(actor);
    buyer = h.app.serviceTokens.sign({ uid: ids.buyer.uid, email: ids.buyer.email, role: 'Buyer' });
    expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the feed open to anyone, and lets a key with feed:read read it', async () => {
    const { reader } = await issueKeys();
    const anonymous = await get('/api/feed/cars?follow=false');
    expect(anonymous.statusCode).toBe(200);
    const withKey = await get('/api/feed/cars?follow=false', reader.key);
    expect(withKey.statusCode).toBe(200);
    expect(parseSse(withKey.body)).toEqual(parseSse(anonymous.body));
    expect(parseSse(withKey.body).length).toBeGreaterThan(0);
  });

  it('refuses a key that is not one (401), and one without feed:read (403)', async () => {
    const { reader, manager } = await issueKeys();
    for (const token of [
      `${reader.key.slice(0, -2)}xx`,
      `sgk_${'0'.repeat(16)}_${'a'.repeat(43)}`,
      'sgk_broken',
    ]) {
      const answer = await get('/api/feed/cars?follow=false', token);
      expect(answer.statusCode, token).toBe(401);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const scoped = await get('/api/feed/cars?follow=false', manager.key);
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().detail).toMatch(/feed:read/);
  });

  it('lists webhooks to admins and to the key that registered them; never their secret', async () => {
    const { reader, manager } = await issueKeys();
    const endpointId = await register(manager);
    const readersOwn = await register(reader);
    for (const token of [admin, manager.key]) {
      const all = await get('/api/webhooks?limit=100', token);
      expect(all.statusCode, all.body).toBe(200);
      const mine = (all.json() as { id: string }[]).filter((hook) => hook.id === endpointId);
      expect(mine).toEqual([
        {
          id: endpointId,
          url: 'https://hooks.example.com/in',
          types: ['CarListed'],
          description: 'Listings',
          status: 'active',
          createdAt: expect.any(String),
          createdBy: 'Hook manager',
          ownerKeyId: manager.keyId,
          pending: 0,
          lastDelivery: null,
        },
      ]);
      expect(all.body).not.toContain('nonce-of-the-query-test');
      expect((await get(`/api/webhooks/${endpointId}`, token)).json()).toMatchObject({
        id: endpointId,
      });
      const deliveries = await get(`/api/webhooks/${endpointId}/deliveries`, token);
      expect(deliveries.statusCode).toBe(200);
      expect(deliveries.json()).toEqual([]);
    }
    // Another key with the scope sees only its own: the manager's is not there, and is 404.
    const readers = await get('/api/webhooks?limit=100', reader.key);
    expect((readers.json() as { id: string }[]).map((hook) => hook.id)).toEqual([readersOwn]);
    expect(readers.headers['x-total-count']).toBe('1');
    for (const path of [`/api/webhooks/${endpointId}`, `/api/webhooks/${endpointId}/deliveries`]) {
      const answer = await get(path, reader.key);
      expect(answer.statusCode, path).toBe(404);
    }
    // Admins see both, each with its owner.
    const all = (await get('/api/webhooks?limit=100', admin)).json() as {
      id: string;
      ownerKeyId: string;
    }[];
    expect(all.find((hook) => hook.id === readersOwn)?.ownerKeyId).toBe(reader.keyId);
    expect((await get('/api/webhooks', buyer)).statusCode).toBe(403);
    expect((await get('/api/webhooks')).statusCode).toBe(401);
    expect((await get(`/api/webhooks/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it('lists keys to admins alone, with their last use and never a secret or its hash', async () => {
    const { reader, manager } = await issueKeys();
    // The reader reads the feed (recorded in the access table); the manager registers a webhook
    // (an event): both count as uses.
    expect((await get('/api/feed/cars?follow=false', reader.key)).statusCode).toBe(200);
    await register(manager);
    const mine = new Set([reader.keyId, manager.keyId]);
    type KeyRecord = { id: string; lastUsedAt: string | null };
    const ownKeysOf = (answer: Awaited<ReturnType<typeof get>>) =>
      (answer.json() as KeyRecord[]).filter((key) => mine.has(key.id));
    // A read's use is recorded without the read waiting for it: look until it is there.
    const answer = await vi.waitFor(
      async () => {
        const listed = await get('/api/api-keys?limit=100', admin);
        expect(ownKeysOf(listed).some((key) => key.lastUsedAt === null)).toBe(false);
        return listed;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(answer.statusCode).toBe(200);
    const keys = ownKeysOf(answer);
    expect(keys.map((k) => k.id).sort()).toEqual([manager.keyId, reader.keyId].sort());
    expect(keys.find((k) => k.id === reader.keyId)).toMatchObject({
      name: 'Feed reader',
      scopes: ['feed:read', 'webhooks:manage'],
      prefix: reader.prefix,
      createdBy: ids.admin.email,
      revokedAt: null,
    });
    for (const key of keys) expect(key.lastUsedAt, key.id).toEqual(expect.any(String));
    expect(answer.body).not.toContain(reader.secretHash);
    expect(answer.body).not.toContain(reader.key.slice(-43));
    expect((await get('/api/api-keys', buyer)).statusCode).toBe(403);
    expect((await get('/api/api-keys', reader.key)).statusCode).toBe(401);
    expect((await get('/api/api-keys')).statusCode).toBe(401);
  });

  it('shows a key by its id alone, even one whose stored prefix held part of its secret', async () => {
    const old = newApiKey();
    const secret = old.key.slice(-43);
    const { position } = await issue(
      { ...old, prefix: `sgk_${old.keyId}_${secret.slice(0, 4)}` },
      'Older key',
      ['feed:read'],
    );
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
    const listed = (await get('/api/api-keys?limit=100', admin)).json() as {
      id: string;
      prefix: string;
    }[];
    expect(listed.find((key) => key.id === old.keyId)?.prefix).toBe(`sgk_${old.keyId}_`);
  });

  it('refuses a revoked key as soon as the revocation is read', async () => {
    const { reader, manager } = await issueKeys();
    expect((await get('/api/webhooks', reader.key)).statusCode).toBe(200);
    const { position } = await h.store.append(streams.apiKey(reader.keyId), 'any', [
      eventData('ApiKeyRevoked', { keyId: reader.keyId }, adminActor),
    ]);
    const wait = { 'x-min-position': position.toString() };
    const webhooks = await get('/api/webhooks', reader.key, wait);
    expect(webhooks.headers['x-position-reached']).toBe('true');
    expect(webhooks.statusCode).toBe(401);
    expect((await get('/api/feed/cars?follow=false', reader.key)).statusCode).toBe(401);
    const keys = await get('/api/api-keys?limit=100', admin);
    expect(keys.json().find((k: { id: string }) => k.id === reader.keyId).revokedAt).toEqual(
      expect.any(String),
    );
    // The other key goes on.
    expect((await get('/api/webhooks', manager.key)).statusCode).toBe(200);
  });
});
