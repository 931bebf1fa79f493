// Integrators' API keys and webhooks through the command service: an admin issues a key, the key
// manages webhooks in its own name, a revoked key is refused at once, secrets are shown once and
// never stored, and a webhook's host must resolve to addresses webhooks may reach.
import { parseApiKey } from '@second-gear/identity';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { systemResolver, webhookSigningSecret } from '@second-gear/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineIndependent,
  startWorld,
  type TestUser,
  TOKEN_SECRET,
  titleOf,
  typesOf,
  type World,
} from './support.ts';

const emulator = useAuthEmulator();

/** A resolver for the tests' names; every other name goes to the system's resolver's answer. */
const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['10.20.30.40'],
};

/** Everything the events hold, as text, to look for what must not be there. */
const textOf = (events: { data: unknown; metadata: unknown }[]) =>
  JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })));

for (const backend of engineIndependent()) {
  describe.skipIf(backend.skipReason)(`API keys and webhooks: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let admin: TestUser;
    let buyer: TestUser;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator, {
        webhooks: {
          targets: { policy: 'public' },
          resolve: async (host) => names[host] ?? systemResolver(host),
        },
      });
      admin = await world.user('Admin');
      buyer = await world.user('Buyer');
    }, 60_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    const issue = async (scopes: string[], name = 'Price watcher') => {
      const answer = await world.call('POST', '/api/api-keys', {
        token: admin.token,
        body: { name, scopes },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json() as { insertedId: string; key: string; prefix: string; position: string };
    };
    const hook = { url: 'https://hooks.example.com/in', types: ['CarListed', 'CarSold'] };

    it('issues a key once, keeping only the hash of its secret and a prefix', async () => {
      const before = await world.head();
      const issued = await issue(['feed:read', 'webhooks:manage']);
      expect(issued.key).toMatch(new RegExp(`^sgk_${issued.insertedId}_[A-Za-z0-9_-]{43}$`));
      expect(issued.key.startsWith(issued.prefix)).toBe(true);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['ApiKeyIssued']);
      expect(events[0]?.streamId).toBe(`apikey-${issued.insertedId}`);
      expect(events[0]?.data).toMatchObject({
        keyId: issued.insertedId,
        scopes: ['feed:read', 'webhooks:manage'],
        prefix: issued.prefix,
        secretHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const secret = parseApiKey(issued.key)?.secret;
      expect(secret).toHaveLength(43);
      expect(textOf(events)).not.toContain(secret);
    });

    it('shows a key only once: a retry with the same Idempotency-Key is refused, not shown', async () => {
      const headers = { 'idempotency-key': `issue-${Date.now()}` };
      const body = { name: 'Retried', scopes: ['feed:read'] };
      const first = await world.call('POST', '/api/api-keys', {
        token: admin.token,
        body,
        headers,
      });
      expect(first.statusCode).toBe(201);
      const before = await world.head();
      const again = await world.call('POST', '/api/api-keys', {
        token: admin.token,
        body,
        headers,
      });
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(again.body).not.toContain(first.json().key);
      expect(await world.head()).toBe(before);
      // The stored answer has no key either.
      expect(textOf(await world.eventsAfter(0n))).not.toContain(first.json().key);
    });

    it('lets a key with the scope manage webhooks in its own name; the secret verifies what it signs', async () => {
      const key = await issue(['webhooks:manage'], 'Hook manager');
      const before = await world.head();
      const registered = await world.call('POST', '/api/webhooks', { token: key.key, body: hook });
      expect(registered.statusCode, registered.body).toBe(201);
      const { insertedId: id, secret } = registered.json() as {
        insertedId: string;
        secret: string;
      };
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const [event] = await world.eventsAfter(before);
      expect(event?.type).toBe('WebhookEndpointRegistered');
      expect(event?.metadata).toMatchObject({
        actor: { uid: `apikey-${key.insertedId}`, email: 'Hook manager', role: 'ApiKey' },
      });
      const nonce = (event?.data as { secretNonce?: string } | undefined)?.secretNonce ?? '';
      expect(webhookSigningSecret(TOKEN_SECRET, id, nonce)).toBe(secret);
      expect(textOf(await world.eventsAfter(0n))).not.toContain(secret.slice(6));

      for (const [method, path, status] of [
        ['POST', `/api/webhooks/${id}/pause`, 200],
        ['POST', `/api/webhooks/${id}/pause`, 200],
        ['POST', `/api/webhooks/${id}/resume`, 200],
        ['POST', `/api/webhooks/${id}/replay`, 200],
        ['DELETE', `/api/webhooks/${id}`, 200],
        ['DELETE', `/api/webhooks/${id}`, 404],
      ] as const) {
        const answer = await world.call(method, path, {
          token: key.key,
          ...(path.endsWith('replay') ? { body: { fromPosition: '1' } } : {}),
        });
        expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBe(status);
      }
    });

    it('lets a key manage only its own webhooks: another key’s, and an admin’s, are 404 and untouched', async () => {
      const [mine, theirs] = [
        await issue(['webhooks:manage'], 'Mine'),
        await issue(['webhooks:manage'], 'Theirs'),
      ];
      const register = async (token: string) => {
        const answer = await world.call('POST', '/api/webhooks', { token, body: hook });
        expect(answer.statusCode, answer.body).toBe(201);
        return (answer.json() as { insertedId: string }).insertedId;
      };
      const theirsHook = await register(theirs.key);
      const adminsHook = await register(admin.token);
      await register(mine.key);
      const before = await world.head();
      for (const id of [theirsHook, adminsHook]) {
        for (const [method, path] of [
          ['POST', `/api/webhooks/${id}/pause`],
          ['POST', `/api/webhooks/${id}/resume`],
          ['POST', `/api/webhooks/${id}/replay`],
          ['DELETE', `/api/webhooks/${id}`],
        ] as const) {
          const answer = await world.call(method, path, {
            token: mine.key,
            ...(path.endsWith('replay') ? { body: { fromPosition: '1' } } : {}),
          });
          expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBe(404);
        }
      }
      expect(await world.head()).toBe(before);
      // Its owner, and any admin, still manage it.
      const paused = await world.call('POST', `/api/webhooks/${theirsHook}/pause`, {
        token: theirs.key,
      });
      expect(paused.statusCode).toBe(200);
      const deleted = await world.call('DELETE', `/api/webhooks/${theirsHook}`, {
        token: admin.token,
      });
      expect(deleted.statusCode).toBe(200);
      const [registered] = (await world.eventsAfter(0n)).filter(
        (event) =>
          event.type === 'WebhookEndpointRegistered' &&
          (event.data as { endpointId: string }).endpointId === theirsHook,
      );
      expect(registered?.data).toMatchObject({ ownerKeyId: theirs.insertedId });
    });

    it('derives the same secret again for a registration replayed under its Idempotency-Key', async () => {
      const headers = { 'idempotency-key': `register-${Date.now()}` };
      const first = await world.call('POST', '/api/webhooks', {
        token: admin.token,
        body: hook,
        headers,
      });
      const again = await world.call('POST', '/api/webhooks', {
        token: admin.token,
        body: hook,
        headers,
      });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    });

    it('refuses a key without the scope (403), a revoked key and an unknown one (401) at once', async () => {
      const reader = await issue(['feed:read']);
      const before = await world.head();
      const refused = await world.call('POST', '/api/webhooks', { token: reader.key, body: hook });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().type).toBe('urn:second-gear:rule:api-key-scope-required');

      const manager = await issue(['webhooks:manage']);
      const revoked = await world.call('DELETE', `/api/api-keys/${manager.insertedId}`, {
        token: admin.token,
      });
      expect(revoked.json()).toMatchObject({ deletedCount: 1 });
      const again = await world.call('DELETE', `/api/api-keys/${manager.insertedId}`, {
        token: admin.token,
      });
      expect(again.json()).toMatchObject({ deletedCount: 0 });
      const after = await world.head();
      for (const token of [
        manager.key,
        `${manager.key.slice(0, -1)}${manager.key.endsWith('A') ? 'B' : 'A'}`,
        `sgk_0123456789abcdef_${'x'.repeat(43)}`,
        'sgk_not-a-key',
      ]) {
        const answer = await world.call('POST', '/api/webhooks', { token, body: hook });
        expect(answer.statusCode, token).toBe(401);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      // Keys open only the webhook calls: not a single other one.
      const other = await world.call('POST', '/api/saved-searches', {
        token: reader.key,
        body: { name: 'x', query: 'maxPrice=1000' },
      });
      expect(other.statusCode).toBe(401);
      expect(await world.head()).toBe(after);
      expect(after).toBeGreaterThan(before);
      const buyers = await world.call('DELETE', `/api/api-keys/${reader.insertedId}`, {
        token: buyer.token,
      });
      expect(buyers.statusCode).toBe(403);
    });

    it('refuses targets inside: loopback, private, link-local, names that resolve there', async () => {
      const before = await world.head();
      for (const url of [
        'http://127.0.0.1/hook',
        'http://10.0.0.1/hook',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://localhost:8080/hook',
        'https://inside.example.com/hook',
      ]) {
        const answer = await world.call('POST', '/api/webhooks', {
          token: admin.token,
          body: { ...hook, url },
        });
        expect(answer.statusCode, url).toBe(400);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        const problem = answer.json() as { errors: { field: string; message: string }[] };
        expect(
          problem.errors.map((e) => e.field),
          url,
        ).toEqual(['url']);
        expect(problem.errors[0]?.message, url).toMatch(/may not reach/);
      }
      // Who may act is decided first: a buyer learns nothing of the URL.
      const byBuyer = await world.call('POST', '/api/webhooks', {
        token: buyer.token,
        body: { ...hook, url: 'http://127.0.0.1/hook' },
      });
      expect(byBuyer.statusCode).toBe(403);
      expect(await world.head()).toBe(before);
    });

    it('answers bad input field by field', async () => {
      const before = await world.head();
      const cases: [unknown, string[]][] = [
        [{ types: ['CarListed'] }, ['url']],
        [{ url: 'ftp://hooks.example.com/', types: ['CarListed'] }, ['url']],
        [{ url: 'https://u:p@hooks.example.com/', types: ['CarListed'] }, ['url']],
        [{ ...hook, types: [] }, ['types']],
        [{ ...hook, types: ['UserRegistered'] }, ['types.0']],
        [{ ...hook, secret: 'mine' }, ['secret']],
      ];
      for (const [body, fields] of cases) {
        const answer = await world.call('POST', '/api/webhooks', { token: admin.token, body });
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        const problem = answer.json() as { errors: { field: string }[] };
        expect(problem.errors.map((e) => e.field)).toEqual(fields);
      }
      const keys = await world.call('POST', '/api/api-keys', {
        token: admin.token,
        body: { name: ' ', scopes: ['users:delete'] },
      });
      expect(keys.statusCode).toBe(400);
      expect(
        keys
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['name', 'scopes.0']);
      const replay = await world.call('POST', '/api/webhooks/abc/replay', {
        token: admin.token,
        body: { fromPosition: 'yesterday' },
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().errors.map((e: { field: string }) => e.field)).toEqual(['fromPosition']);
      expect(await world.head()).toBe(before);
    });
  });
}
