// The OpenAPI document as tools see it: Redocly's recommended rules pass with nothing to say,
// and the client openapi-typescript generates from it talks to the running service. The types
// are checked in where the web calls the API through them, web/src/api/generated/queries.ts,
// and the workspace's type-check compiles the calls below against the same file.
import type { CarRecord } from '@second-gear/features/contract';
import { appendScenario, type ScenarioIds } from '@second-gear/projection-service/testing';
import { openApiTypes, redoclyProblems } from '@second-gear/service-http/testing';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../web/src/api/generated/queries.ts';
import { OPENAPI_PATH } from '../src/index.ts';
import { backends, type Harness } from './support.ts';

const { list, dropAll } = await backends('query-service openapi');
afterAll(dropAll);
const [backend] = list;

type Problem = components['schemas']['Problem'];

describe('the OpenAPI document of the queries', () => {
  let h: Harness;
  let ids: ScenarioIds & { position: bigint };
  let document: Record<string, unknown>;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    if (!backend) throw new Error('No engine to run on');
    // No call here verifies a Firebase ID token: nothing answers at the emulator's address.
    h = await backend.open('127.0.0.1:1', 'openapi-test');
    ids = await appendScenario(h.store);
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    client = createClient<paths>({
      baseUrl: address,
      // Every read waits for the scenario's events to be projected.
      headers: { 'x-min-position': ids.position.toString() },
    });
    const answer = await h.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    expect(await redoclyProblems(document)).toEqual([]);
  });

  it('generates the client types the web calls the API through', async () => {
    const types = await openApiTypes(
      document,
      'npx vitest run --project query-service test/openapi -u',
    );
    await expect(types).toMatchFileSnapshot('../../web/src/api/generated/queries.ts');
  });

  it('lists cars through the generated client, publicly and as their seller', async () => {
    const everyone = await client.GET('/api/products', { params: { query: { limit: 100 } } });
    expect(everyone.response.status).toBe(200);
    expectTypeOf(everyone.data).toEqualTypeOf<CarRecord[] | undefined>();
    expect(everyone.data?.map((car) => car._id)).toContain(ids.cars.advertised);

    const token = h.app.serviceTokens.sign({
      uid: ids.seller.uid,
      email: ids.seller.email,
      role: 'Seller',
    });
    const own = await client.GET('/api/products', {
      params: { query: { email: ids.seller.email } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.response.status).toBe(200);
    expect(new Set(own.data?.map((car) => car.email))).toEqual(new Set([ids.seller.email]));
  });

  it('types a refusal as a problem', async () => {
    const missing = await client.GET('/api/product/{id}', {
      params: { path: { id: 'no-such-car' } },
    });
    expect(missing.response.status).toBe(404);
    expectTypeOf(missing.error).toEqualTypeOf<Problem | undefined>();
    expect(missing.error).toMatchObject({ status: 404, title: 'Not Found' });

    const anonymous = await client.GET('/api/products', {
      params: { query: { email: ids.seller.email } },
    });
    expect(anonymous.response.status).toBe(401);
    expectTypeOf(anonymous.error).toEqualTypeOf<Problem | undefined>();
    expect(anonymous.error?.status).toBe(401);
  });
});
