import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createServiceApp,
  HttpProblem,
  REQUIRED_MESSAGE,
  requiredString,
  type ServiceApp,
  strictObject,
} from '../src/index.ts';

const carBody = strictObject({
  name: requiredString({ max: 80 }),
  location: z.string().min(1),
  price: z.number().positive(),
});

let app: ServiceApp;

/** A port that was free a moment ago, so nothing answers on it. */
const closedPort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

beforeAll(async () => {
  app = await createServiceApp({
    name: 'test-service',
    logger: false,
    bodyLimit: 1024,
    openapi: { jsonPath: '/api/openapi/test.json', title: 'Test API', docsPath: '/api/docs' },
  });
  app.post(
    '/api/cars',
    { schema: { body: carBody, response: { 201: z.object({ name: z.string() }) } } },
    async (request, reply) => reply.code(201).send({ name: request.body.name }),
  );
  app.get('/api/cars/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request) => ({
    id: request.params.id,
  }));
  app.get('/api/conflict', async () => {
    throw HttpProblem.conflict('This car is already booked.');
  });
  app.get('/api/crash', async () => {
    throw new Error('database password is hunter2');
  });
  // A real refused connection, as a database that is down gives one.
  app.get('/api/database-down', async () => {
    const socket = connect({ host: '127.0.0.1', port: await closedPort() });
    await once(socket, 'connect');
  });
  app.get('/api/database-stopping', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
  });
  app.get('/api/limited', async () => {
    throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function postCar(payload: string, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/cars',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('createServiceApp', () => {
  it('validates and answers a good request', async () => {
    const response = await postCar(
      JSON.stringify({ name: ' Civic ', location: 'Dhaka', price: 9 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ name: 'Civic' });
  });

  it('answers GET /health', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'test-service' });
  });

  it('says "This field is required" for absent, empty and blank required fields', async () => {
    const response = await postCar(JSON.stringify({ name: '   ', location: '', price: 3 }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json();
    expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(body.errors).toEqual([
      { field: 'name', message: REQUIRED_MESSAGE },
      { field: 'location', message: REQUIRED_MESSAGE },
    ]);

    const absent = (await postCar(JSON.stringify({ location: 'Dhaka' }))).json();
    expect(absent.errors).toEqual([
      { field: 'name', message: REQUIRED_MESSAGE },
      { field: 'price', message: REQUIRED_MESSAGE },
    ]);
  });

  it('names a field of the wrong type with its own message', async () => {
    const response = await postCar(JSON.stringify({ name: 'Civic', location: 'x', price: 'ten' }));
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error.field).toBe('price');
    expect(error.message).not.toBe(REQUIRED_MESSAGE);
  });

  it('rejects unknown fields, naming each', async () => {
    const response = await postCar(
      JSON.stringify({ name: 'Civic', location: 'x', price: 1, booked: 1, email: 'a@b.c' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'booked', message: 'Unknown field' },
      { field: 'email', message: 'Unknown field' },
    ]);
  });

  it('prefixes fields outside the body with where they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cars/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('params.id');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await postCar('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 400, detail: 'The body is not valid JSON.' });
  });

  it('answers 400 for a missing body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/cars' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'body', message: REQUIRED_MESSAGE }]);
  });

  it('answers 415 for a content type it does not take', async () => {
    const response = await postCar('name=Civic', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await postCar(JSON.stringify({ name: 'x'.repeat(2000), location: 'x' }));
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 404 problem for an unknown route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, instance: '/api/nowhere' });
  });

  it('answers an HttpProblem as thrown', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'This car is already booked.',
      instance: '/api/conflict',
    });
  });

  it('answers 503 with Retry-After when a service it depends on does not answer', async () => {
    for (const url of ['/api/database-down', '/api/database-stopping']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toEqual({
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: 'A service this one depends on does not answer right now; try again shortly.',
        instance: url,
      });
    }
    // Anything else that fails is still a 500.
    expect((await app.inject({ method: 'GET', url: '/api/crash' })).statusCode).toBe(500);
  });

  it('answers 429 for a rate limit', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });

  it('answers router errors as problems too, never echoing the URL', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/cars/${'x'.repeat(10_000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'URI Too Long',
      status: 414,
      detail: 'The URL is longer than this service accepts.',
    });
    const unknown = await app.inject({ method: 'GET', url: `/api/${'y'.repeat(10_000)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('yyyyyyyyyy');
    const malformed = await app.inject({ method: 'GET', url: '/api/cars/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('The URL is not valid: check its encoding.');
  });

  it('hands a parameter of any length the contract allows to its schema', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/cars/${'x'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['params.id']);
  });

  it('answers 500 without leaking internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
  });

  it('serves an OpenAPI document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi/test.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.info.title).toBe('Test API');
    const post = document.paths['/api/cars'].post;
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name', 'location', 'price']);
    expect(schema.additionalProperties).toBe(false);
    expect(document.paths['/api/cars/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
    });
    expect(document.paths['/health']).toBeUndefined();

    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('sends the security headers on answers and problems alike, and loads nothing into them', async () => {
    for (const answer of [
      await postCar(JSON.stringify({ name: 'Civic', location: 'Dhaka', price: 9 })),
      await app.inject({ method: 'GET', url: '/api/conflict' }),
      await app.inject({ method: 'GET', url: '/api/nowhere' }),
      await app.inject({ method: 'GET', url: '/health' }),
    ]) {
      expect(answer.headers).toMatchObject({
        'content-security-policy':
          "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
      // Plain http here: HSTS only means something over TLS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps to TLS once a browser has seen it over TLS, as a trusted proxy says', async () => {
    const behindProxy = await createServiceApp({ name: 'tls', logger: false, trustProxy: true });
    try {
      const answer = await behindProxy.inject({
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('gives the API documentation page its own policy, framed by nothing', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).not.toContain('unsafe');
    // Which the page keeps to: every script it has is a file of its own.
    expect(docs.body.match(/<script[^>]*>/g)?.every((tag) => /src="\.\//.test(tag))).toBe(true);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
