// The service around the commands: its OpenAPI document, the rate limits, health.
import { useAuthEmulator } from '@second-gear/identity/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, multipartBody, startWorld, type TestUser, type World } from './support.ts';

const emulator = useAuthEmulator();
const [pglite] = await backends();

describe('the command service', () => {
  let world: World;
  let dispose: () => Promise<void>;
  let admin: TestUser;

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    const opened = await pglite.open();
    dispose = opened.dispose;
    world = await startWorld(opened.store, emulator, {
      rateLimit: { writes: 5, uploads: 2, timeWindow: '1 minute' },
      // As behind the gateway: only the proxy at 10.0.0.2 may name the client.
      trustProxy: ['10.0.0.2'],
    });
    admin = await world.user('Admin');
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await dispose?.();
  });

  it('serves an OpenAPI document of every write, generated from the validating schemas', async () => {
    const answer = await world.call('GET', '/api/openapi/commands.json');
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(operations).toEqual(
      [
        'POST /api/user',
        'POST /api/user/seller',
        'PUT /api/user/admin/{id}',
        'DELETE /api/user/{id}',
        'POST /api/category',
        'DELETE /api/category/{id}',
        'POST /api/product',
        'PUT /api/products/{id}',
        'DELETE /api/product/{id}',
        'PATCH /api/product/{id}',
        'POST /api/product/{id}/sold',
        'POST /api/booking',
        'POST /api/booking/{id}/accept',
        'POST /api/booking/{id}/decline',
        'POST /api/booking/{id}/cancel',
        'POST /api/images',
        'PUT /api/user/me',
        'PUT /api/favourites/{id}',
        'DELETE /api/favourites/{id}',
        'POST /api/saved-searches',
        'DELETE /api/saved-searches/{id}',
        'POST /api/notifications/read',
        'POST /api/api-keys',
        'DELETE /api/api-keys/{id}',
        'POST /api/webhooks',
        'POST /api/webhooks/{id}/pause',
        'POST /api/webhooks/{id}/resume',
        'DELETE /api/webhooks/{id}',
        'POST /api/webhooks/{id}/replay',
        'POST /api/conversations',
        'POST /api/conversations/{id}/messages',
        'POST /api/conversations/{id}/read',
        'POST /api/conversations/{id}/block',
        'POST /api/conversations/{id}/unblock',
        'POST /api/reports',
        'POST /api/reports/{id}/resolve',
        'POST /api/reports/{id}/view',
        'POST /api/product/{id}/renew',
        'POST /api/reviews',
        'POST /api/reviews/{id}/answer',
      ].sort(),
    );
    const listCar = document.paths['/api/product'].post;
    const body = listCar.requestBody.content['application/json'].schema;
    expect(body.required).toEqual([
      'name',
      'category',
      'image',
      'original_price',
      'price',
      'location',
      'use',
    ]);
    expect(body.properties.price).toMatchObject({
      type: 'number',
      minimum: 1,
      maximum: 10_000_000,
    });
    expect(body.additionalProperties).toBe(false);
    expect(listCar.responses['201'].content['application/json'].schema.required).toEqual([
      'acknowledged',
      'insertedId',
      'position',
    ]);
    expect(listCar.responses['400'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(document.components.schemas.Problem.properties).toHaveProperty('errors');
    expect(Object.keys(document.paths['/api/booking'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '429']),
    );
    const headers = listCar.parameters.filter((p: { in: string }) => p.in === 'header');
    expect(headers.map((p: { name: string }) => p.name)).toContain('idempotency-key');
  });

  it('answers GET /health with the store head', async () => {
    const answer = await world.call('GET', '/health');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ok', service: 'command-service' });
  });

  it('counts every write of a client against one budget, whichever route (429 problem+json), never reads', async () => {
    const seller = await world.user('Seller');
    const from = '192.0.2.10';
    const category = await world.call('POST', '/api/category', {
      token: admin.token,
      body: { name: `Limited ${Date.now()}` },
      from,
    });
    expect(category.statusCode).toBe(201);
    const statuses: number[] = [category.statusCode];
    for (const [url, token, body] of [
      ['/api/user/seller', seller.token, {}],
      ['/api/category', admin.token, { name: '' }],
      ['/api/booking', seller.token, { product_id: 'nothing' }],
      ['/api/product', seller.token, {}],
      ['/api/category', admin.token, { name: `One too many ${Date.now()}` }],
      ['/api/user/seller', seller.token, {}],
    ] as const) {
      const answer = await world.call('POST', url, { token, body, from });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      }
    }
    // Five writes on five routes, then the budget is spent on every route alike.
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual([429, 429]);
    for (let i = 0; i < 10; i++) {
      expect((await world.call('GET', '/health', { from })).statusCode).toBe(200);
    }
    // Another client has a budget of its own.
    const other = await world.call('POST', '/api/user/seller', {
      token: seller.token,
      from: '192.0.2.11',
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const call = (from: string, client: string) =>
      world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: '' },
        from,
        headers: { 'x-forwarded-for': client },
      });
    // A client that names itself anew on every request is still the one connection it is.
    const rotating = [];
    for (const n of [1, 2, 3, 4, 5, 6]) rotating.push(await call('198.51.100.7', `203.0.113.${n}`));
    expect(rotating.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    // Through the trusted proxy, each client it names has a budget of its own.
    const proxied = [];
    for (const n of [1, 2, 3, 4, 5, 6]) proxied.push(await call('10.0.0.2', `203.0.113.${n}`));
    expect(proxied.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
  });

  it('gives picture uploads a tighter budget of their own', async () => {
    const seller = await world.user('Seller');
    const jpeg = await sharp({
      create: { width: 32, height: 24, channels: 3, background: '#2e86c1' },
    })
      .jpeg()
      .toBuffer();
    const from = '192.0.2.20';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { payload, headers } = multipartBody('image', jpeg);
      const answer = await world.call('POST', '/api/images', {
        token: seller.token,
        body: payload,
        headers,
        from,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    // Uploads are not taken from the writes' budget.
    const write = await world.call('POST', '/api/user/seller', { token: seller.token, from });
    expect(write.statusCode).not.toBe(429);
  });
});
