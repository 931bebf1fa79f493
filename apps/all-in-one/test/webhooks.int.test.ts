// Webhooks from end to end, in the all-in-one: an API key registers an endpoint, cars are listed
// through the API, and a real receiver on 127.0.0.1 (loopback is allowed here, as the all-in-one
// allows it by default) verifies every delivery with the standardwebhooks package. Retries come
// quickly (short delays), a receiver that is down gets its messages in order once it is back, a
// replay sends them again under the same webhook ids, an endpoint that keeps failing is
// reported failing and then healthy again, and a name that resolves inside at delivery time is
// refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventData } from '@second-gear/projection-service/testing';
import { Ajv } from 'ajv';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { callMarketplace, serviceTokenOf, startBareMarketplace } from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-webhooks-0123456789';
const system = { uid: 'system', email: 'system@second-gear.local', role: 'System' } as const;

/** A service token, as `GET /api/jwt` would sign it (HS256 with the secret). */
const serviceToken = (actor: { uid: string; email: string; role: string }) =>
  serviceTokenOf(SECRET, actor);

type Delivery = {
  id: string;
  timestamp: string;
  body: string;
  payload: { type: string; position: string; carId: string };
};

/** A receiver that verifies what it gets, can answer with another status, and be stopped. */
const receiver = () => {
  let server: Server | undefined;
  let port = 0;
  let secret = '';
  let status = 204;
  const received: Delivery[] = [];
  const refused: string[] = [];
  const start = async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const payload = new Webhook(secret).verify(
            body,
            request.headers as Record<string, string>,
          );
          if (status < 300) {
            received.push({
              id: String(request.headers['webhook-id']),
              timestamp: String(request.headers['webhook-timestamp']),
              body,
              payload: payload as Delivery['payload'],
            });
          }
          response.writeHead(status).end(status < 300 ? '' : 'not now');
        } catch (error) {
          refused.push((error as Error).message);
          response.writeHead(400).end('bad signature');
        }
      });
    });
    await new Promise<void>((done) => server?.listen(port, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  };
  return {
    received,
    refused,
    start,
    stop: () =>
      new Promise<void>((done) => {
        server?.close(() => done());
        server?.closeAllConnections();
      }),
    get url() {
      return `http://127.0.0.1:${port}/hooks/second-gear`;
    },
    get port() {
      return port;
    },
    set secret(value: string) {
      secret = value;
    },
    set status(value: number) {
      status = value;
    },
  };
};

const eventually = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    // Timed: the poll interval of a bounded wait for deliveries to a receiver and their records.
    await new Promise((done) => setTimeout(done, 50));
  }
};

describe('webhooks in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  let rebound = false;
  const admin = {
    uid: `admin-${randomUUID().slice(0, 8)}`,
    email: 'ada@example.com',
    role: 'Admin',
  };
  const seller = {
    uid: `seller-${randomUUID().slice(0, 8)}`,
    email: 'sam@example.com',
    role: 'Seller',
  };
  let category = '';

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const {
      status,
      body: json,
      headers,
    } = await callMarketplace(marketplace.url, {
      method,
      path,
      token,
      body,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' fields freely.
    return { status, body: json as any, headers };
  };
  const listCar = async (name: string) => {
    const answer = await call('POST', '/api/product', serviceToken(seller), {
      name,
      category,
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { insertedId: string; position: string };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-webhooks-'));
    marketplace = await startBareMarketplace(dataDir, {
      // Tokens are signed with this secret.
      jwtSecret: SECRET,
      // The cars' pictures are named on a listed host rather than uploaded.
      imageHosts: ['images.example.com'],
      webhookRetryDelaysMs: [100, 200, 400, 800, 1600, 3200],
      // The one name of these tests: public when registered, then pointing inside.
      webhookResolve: async (host) => {
        if (host !== 'rebind.example.com') throw new Error(`unknown host ${host}`);
        return [rebound ? '10.0.0.5' : '93.184.216.34'];
      },
    });
    const { store } = marketplace;
    for (const person of [admin, seller]) {
      const role = person.role === 'Seller' ? 'Seller' : 'Buyer';
      await store.append(`user-${person.uid}`, 'no_stream', [
        eventData(
          'UserRegistered',
          { userId: person.uid, name: person.uid, email: person.email, role, photoURL: null },
          { ...person, role },
        ),
      ]);
    }
    await store.append(`user-${admin.uid}`, 'any', [
      eventData('UserPromotedToAdmin', { userId: admin.uid }, system),
    ]);
    const created = await call('POST', '/api/category', serviceToken(admin), { name: 'Hatchback' });
    expect(created.status).toBe(201);
    category = 'Hatchback';
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers signed car events in order, after retries, and again with the same ids on replay', async () => {
    const hooks = receiver();
    await hooks.start();
    const key = await call('POST', '/api/api-keys', serviceToken(admin), {
      name: 'Listings bot',
      scopes: ['webhooks:manage', 'feed:read'],
    });
    expect(key.status).toBe(201);
    const registered = await call('POST', '/api/webhooks', key.body.key, {
      url: hooks.url,
      types: ['CarListed'],
      description: 'New listings',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const endpointId = registered.body.insertedId as string;
    hooks.secret = registered.body.secret as string;

    // A car listed: delivered, signed, with the feed's very message as its body.
    const first = await listCar('Toyota Aqua');
    await eventually(() => hooks.received.length === 1);
    const [delivery] = hooks.received;
    expect(delivery?.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(delivery?.payload).toMatchObject({ type: 'CarListed', carId: first.insertedId });
    // The listing's CarListed comes first among the command's events (the answer names the last).
    const listedAt = BigInt(delivery?.payload.position ?? '0');
    expect(listedAt).toBeLessThanOrEqual(BigInt(first.position));
    const feed = await fetch(
      `${marketplace.url}/api/feed/cars?follow=false&after=${listedAt - 1n}`,
      { headers: { authorization: `Bearer ${key.body.key}` } },
    );
    expect(feed.status).toBe(200);
    const message = (await feed.text())
      .split('\n')
      .find((line) => line.startsWith('data: ') && line.includes(first.insertedId));
    expect(message?.slice('data: '.length)).toBe(delivery?.body);
    expect(hooks.refused).toEqual([]);
    // It is the message the AsyncAPI document describes, headers and payload.
    const asyncapi = (await (await fetch(`${marketplace.url}/api/asyncapi.json`)).json()) as {
      components: {
        schemas: Record<string, object>;
        messages: Record<string, { headers: { required: string[] } }>;
      };
    };
    const validate = new Ajv({ strict: false }).compile(
      asyncapi.components.schemas.CarListed ?? {},
    );
    expect(validate(delivery?.payload), JSON.stringify(validate.errors)).toBe(true);
    expect(asyncapi.components.messages.CarListedWebhook?.headers.required).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);

    // The receiver goes away; two more cars are listed; it comes back: both arrive, in order.
    await hooks.stop();
    const second = await listCar('Honda Fit');
    const third = await listCar('Suzuki Swift');
    await eventually(async () => {
      const attempts = await call('GET', `/api/webhooks/${endpointId}/deliveries`, key.body.key);
      return (attempts.body as { ok: boolean }[]).filter((a) => !a.ok).length >= 2;
    });
    const failed = await call('GET', `/api/webhooks/${endpointId}/deliveries`, key.body.key);
    expect(failed.body[0]).toMatchObject({
      ok: false,
      eventType: 'CarListed',
      nextAttemptAt: expect.any(String),
    });
    expect(failed.body[0].error).toBeTruthy();
    expect(BigInt(failed.body[0].position)).toBeLessThanOrEqual(BigInt(second.position));
    expect(BigInt(failed.body[0].position)).toBeGreaterThan(BigInt(first.position));
    expect(hooks.received).toHaveLength(1);
    await hooks.start();
    await eventually(() => hooks.received.length === 3);
    expect(hooks.received.map((d) => d.payload.carId)).toEqual([
      first.insertedId,
      second.insertedId,
      third.insertedId,
    ]);
    const ids = hooks.received.map((d) => d.id);
    expect(new Set(ids).size).toBe(3);

    // The receiver records a message before it answers: the dispatcher books it a moment later.
    let listed = await call('GET', `/api/webhooks/${endpointId}`, serviceToken(admin));
    await eventually(async () => {
      listed = await call('GET', `/api/webhooks/${endpointId}`, serviceToken(admin));
      return listed.body.pending === 0 && listed.body.lastDelivery?.ok === true;
    });
    expect(listed.body).toMatchObject({
      status: 'active',
      pending: 0,
      lastDelivery: { ok: true, messageId: ids[2], eventType: 'CarListed' },
    });

    // A replay from before the first: the same messages, the same ids, in the same order.
    const replay = await call('POST', `/api/webhooks/${endpointId}/replay`, key.body.key, {
      fromPosition: String(listedAt - 1n),
    });
    expect(replay.status).toBe(200);
    await eventually(() => hooks.received.length === 6);
    expect(hooks.received.slice(3).map((d) => d.id)).toEqual(ids);
    expect(hooks.received.slice(3).map((d) => d.body)).toEqual(
      hooks.received.slice(0, 3).map((d) => d.body),
    );
    await eventually(async () => {
      const attempts = await call(
        'GET',
        `/api/webhooks/${endpointId}/deliveries?limit=100`,
        key.body.key,
      );
      return (attempts.body as { replay: boolean }[]).filter((a) => a.replay).length === 3;
    });
    expect(hooks.refused).toEqual([]);

    // Deleted: nothing more is sent.
    expect((await call('DELETE', `/api/webhooks/${endpointId}`, key.body.key)).status).toBe(200);
    await listCar('Nissan Note');
    // Timed: a window in which nothing may be delivered to the deleted endpoint.
    await new Promise((done) => setTimeout(done, 500));
    expect(hooks.received).toHaveLength(6);
    await hooks.stop();
  }, 60_000);

  it('reports an endpoint failing after its last attempt, tells the admins, and healthy again after a success', async () => {
    const hooks = receiver();
    hooks.status = 500;
    await hooks.start();
    const registered = await call('POST', '/api/webhooks', serviceToken(admin), {
      url: hooks.url,
      types: ['CarListed'],
    });
    expect(registered.status).toBe(201);
    const endpointId = registered.body.insertedId as string;
    hooks.secret = registered.body.secret as string;

    const given = await listCar('Mazda Demio');
    await eventually(async () => {
      const endpoint = await call('GET', `/api/webhooks/${endpointId}`, serviceToken(admin));
      return endpoint.body.status === 'failing';
    });
    const attempts = await call(
      'GET',
      `/api/webhooks/${endpointId}/deliveries?limit=100`,
      serviceToken(admin),
    );
    expect(attempts.body).toHaveLength(7);
    expect(attempts.body[0]).toMatchObject({
      attempt: 7,
      ok: false,
      statusCode: 500,
      // Its status and timing, never the body of an answer from this machine.
      response: '',
    });
    expect(attempts.body[0].nextAttemptAt).toBeUndefined();
    // The operations page lists the endpoint's last failed attempt first.
    const ops = await call('GET', '/api/ops/status', serviceToken(admin));
    expect(ops.status).toBe(200);
    expect(ops.body.failedDeliveries[0]).toMatchObject({
      endpointId,
      url: hooks.url,
      attempt: 7,
      statusCode: 500,
    });
    let audit = await call('GET', `/api/audit?subject=${endpointId}`, serviceToken(admin));
    await eventually(async () => {
      audit = await call('GET', `/api/audit?subject=${endpointId}`, serviceToken(admin));
      return audit.body[0]?.action === 'webhook failing';
    });
    expect((audit.body as { action: string; actor: { role: string } }[])[0]).toMatchObject({
      action: 'webhook failing',
      actor: { role: 'System' },
      details: { attempts: 7 },
    });
    expect(BigInt(audit.body[0].details.position)).toBeLessThanOrEqual(BigInt(given.position));
    let told = await call('GET', '/api/notifications', serviceToken(admin));
    await eventually(async () => {
      told = await call('GET', '/api/notifications', serviceToken(admin));
      return told.body.length > 0;
    });
    expect(told.body[0]).toMatchObject({ kind: 'webhook-failing', link: '/user/webhooks' });

    // The next message goes through: healthy again.
    hooks.status = 204;
    const next = await listCar('Mazda Axela');
    await eventually(() => hooks.received.some((d) => d.payload.carId === next.insertedId));
    await eventually(async () => {
      const endpoint = await call('GET', `/api/webhooks/${endpointId}`, serviceToken(admin));
      return endpoint.body.status === 'active';
    });
    // The given-up message stays given up: it was not sent again.
    expect(hooks.received.map((d) => d.payload.carId)).toEqual([next.insertedId]);
    await call('DELETE', `/api/webhooks/${endpointId}`, serviceToken(admin));
    await hooks.stop();
  }, 60_000);

  it('refuses, when sending, a name that resolves inside by then', async () => {
    const hooks = receiver();
    await hooks.start();
    const registered = await call('POST', '/api/webhooks', serviceToken(admin), {
      url: `http://rebind.example.com:${hooks.port}/hook`,
      types: ['CarListed'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const endpointId = registered.body.insertedId as string;
    rebound = true;
    await listCar('Toyota Vitz');
    await eventually(async () => {
      const attempts = await call(
        'GET',
        `/api/webhooks/${endpointId}/deliveries`,
        serviceToken(admin),
      );
      return (attempts.body as unknown[]).length > 0;
    });
    const attempts = await call(
      'GET',
      `/api/webhooks/${endpointId}/deliveries`,
      serviceToken(admin),
    );
    expect(attempts.body[0]).toMatchObject({ ok: false });
    expect(attempts.body[0].error).toMatch(/10\.0\.0\.5 is a private address/);
    expect(hooks.received).toHaveLength(0);
    await call('DELETE', `/api/webhooks/${endpointId}`, serviceToken(admin));
    await hooks.stop();
  }, 30_000);

  it('refuses the marketplace’s own port and its emulator’s, however the address is written', async () => {
    const own = new URL(marketplace.url).port;
    const emulator = new URL(marketplace.authEmulator.url).port;
    for (const url of [
      `http://127.0.0.1:${own}/api/jwt`,
      `http://2130706433:${own}/`,
      `http://0177.0.0.1:${own}/`,
      `http://[::ffff:127.0.0.1]:${own}/`,
      `http://[::7f00:1]:${own}/`,
      `http://[::1]:${emulator}/`,
    ]) {
      const refused = await call('POST', '/api/webhooks', serviceToken(admin), {
        url,
        types: ['CarListed'],
      });
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.body), url).toMatch(/marketplace's own/);
    }
  });
});
