import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, bearerToken, serviceTokens } from '../src/index.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const seller: Actor = { uid: 'uid-seller', email: 'seller@example.com', role: 'Seller' };

// An HS256 token made by hand, to test what the plugin itself would never sign.
function handMadeToken(claims: Record<string, unknown>, key = secret): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(serviceTokens, { secret, expiresIn: '1h' });
  app.get('/me', { preHandler: app.authenticate }, async (request) => request.actor);
  app.get('/maybe', { preHandler: app.authenticateIfPresent }, async (request) => ({
    actor: request.actor,
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function get(url: string, authorization?: string) {
  return app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
}

async function expectUnauthorized(authorization: string | undefined, detail: RegExp) {
  const response = await get('/me', authorization);
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['www-authenticate']).toBe('Bearer');
  const body = response.json();
  expect(body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
  expect(body.detail).toMatch(detail);
}

describe('service tokens', () => {
  it('signs a token that verifies to the same actor, with an expiry', () => {
    const token = app.serviceTokens.sign(seller);
    expect(app.serviceTokens.verify(token)).toEqual(seller);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
  });

  it('sets request.actor from a bearer token, whatever the case of the scheme', async () => {
    const token = app.serviceTokens.sign(seller);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await get('/me', `${scheme} ${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(seller);
    }
  });

  it('answers 401 problem+json without a token', async () => {
    await expectUnauthorized(undefined, /Sign in/);
    await expectUnauthorized('Basic dXNlcjpwYXNz', /Sign in/);
  });

  it('answers 401 for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    await expectUnauthorized(
      `bearer ${handMadeToken({ ...seller, iat: past - 3600, exp: past })}`,
      /expired/,
    );
  });

  it('answers 401 for a token signed with another secret, or tampered', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...seller, iat: now, exp: now + 600 };
    await expectUnauthorized(
      `bearer ${handMadeToken(claims, 'another-secret-that-is-long-enough-000000')}`,
      /not valid/,
    );
    const [header, , signature] = app.serviceTokens.sign(seller).split('.');
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'Admin' })).toString(
      'base64url',
    );
    await expectUnauthorized(`bearer ${header}.${promoted}.${signature}`, /not valid/);
    await expectUnauthorized('bearer not.a.token', /not valid/);
  });

  it('refuses a well-signed token without the claims of an actor', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectUnauthorized(
      `bearer ${handMadeToken({ ...seller, role: 'Owner', iat: now, exp: now + 600 })}`,
      /not valid/,
    );
    await expectUnauthorized(
      `bearer ${handMadeToken({ uid: 'x', iat: now, exp: now + 600 })}`,
      /not valid/,
    );
    // Without an expiry it would be good forever.
    await expectUnauthorized(`bearer ${handMadeToken({ ...seller, iat: now })}`, /not valid/);
  });

  it('refuses a token with algorithm none', async () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...seller, exp: now + 600 })}.`;
    await expectUnauthorized(`bearer ${token}`, /not valid/);
  });

  it('lets anonymous callers through authenticateIfPresent, but not bad tokens', async () => {
    expect((await get('/maybe')).json()).toEqual({ actor: null });
    const token = app.serviceTokens.sign(seller);
    expect((await get('/maybe', `Bearer ${token}`)).json()).toEqual({ actor: seller });
    expect((await get('/maybe', 'Bearer nonsense')).statusCode).toBe(401);
  });

  it('reads the bearer token of a request', () => {
    expect(bearerToken({ headers: { authorization: 'Bearer abc.def' } })).toBe('abc.def');
    expect(bearerToken({ headers: { authorization: 'bearer   abc ' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'Bearer a b' } })).toBeUndefined();
    expect(bearerToken({ headers: {} })).toBeUndefined();
  });

  it('refuses a short secret at registration', async () => {
    const other = Fastify();
    await expect(other.register(serviceTokens, { secret: 'short' })).rejects.toThrow(/32/);
    await other.close();
  });
});
