// The service around the commands: its OpenAPI document, the write rate limit, health.
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startWorld, type TestUser, type World } from './support.ts';

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
      rateLimit: { max: 5, timeWindow: '1 minute' },
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
        'POST /api/booking',
        'POST /api/images',
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
    expect(listCar.responses['400'].content['application/json'].schema.properties).toHaveProperty(
      'errors',
    );
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

  it('limits writes per client (429 problem+json), never reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: `Limited ${i}` },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(answer.headers['retry-after']).toBeDefined();
        expect(answer.json()).toMatchObject({ status: 429 });
      }
    }
    // The admin's registration counted too (POST /api/user).
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 10; i++) {
      expect((await world.call('GET', '/health')).statusCode).toBe(200);
    }
  });
});
