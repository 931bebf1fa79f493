// The OpenAPI document as tools see it: Redocly's recommended rules pass with nothing to say,
// and the client openapi-typescript generates from it talks to the running service. The types
// are checked in where the web calls the API through them, web/src/api/generated/commands.ts,
// and the workspace's type-check compiles the calls below against the same file.

import { type InsertAnswer, writeCalls } from '@second-gear/features/contract';
import { carBody } from '@second-gear/features/test/matrix';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { openApiTypes, redoclyProblems } from '@second-gear/service-http/testing';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../web/src/api/generated/commands.ts';
import { OPENAPI_PATH } from '../src/index.ts';
import { backends, startWorld, type World } from './support.ts';

const emulator = useAuthEmulator();
const [pglite] = await backends();

type Problem = components['schemas']['Problem'];

describe('the OpenAPI document of the commands', () => {
  let world: World;
  let dispose: () => Promise<void>;
  let document: Record<string, unknown>;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    const opened = await pglite.open();
    dispose = opened.dispose;
    world = await startWorld(opened.store, emulator);
    const address = await world.app.listen({ host: '127.0.0.1', port: 0 });
    client = createClient<paths>({ baseUrl: address });
    const answer = await world.call('GET', OPENAPI_PATH);
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await dispose?.();
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    expect(await redoclyProblems(document)).toEqual([]);
  });

  it('names each write after its call in the contract', () => {
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>)
      .flatMap((methods) => Object.values(methods))
      .map((operation) => (operation as { operationId?: string }).operationId);
    expect(operations.sort()).toEqual([...Object.keys(writeCalls), 'uploadImage'].sort());
  });

  it('generates the client types the web calls the API through', async () => {
    const types = await openApiTypes(
      document,
      'npx vitest run --project command-service test/openapi -u',
    );
    await expect(types).toMatchFileSnapshot('../../web/src/api/generated/commands.ts');
  });

  it('lists a car through the generated client, and types the refusal as a problem', async () => {
    const admin = await world.user('Admin');
    const seller = await world.user('Seller');
    const category = await world.category(admin);
    const authorization = `Bearer ${seller.token}`;
    const body = { ...carBody(category), original_price: 20_000, price: 12_500, use: 6 };

    const listed = await client.POST('/api/product', { body, headers: { authorization } });
    expect(listed.response.status).toBe(201);
    expectTypeOf(listed.data).toEqualTypeOf<InsertAnswer | undefined>();
    expect(listed.data).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });

    const refused = await client.POST('/api/product', {
      body: { ...body, price: 0 },
      headers: { authorization },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expectTypeOf(refused.error).toEqualTypeOf<Problem | undefined>();
    expect(refused.error?.errors?.map((error) => error.field)).toEqual(['price']);

    const anonymous = await client.POST('/api/product', { body });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toMatchObject({ status: 401, title: 'Unauthorized' });
  });
});
