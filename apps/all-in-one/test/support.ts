// What the all-in-one's tests share.
import { createHmac } from 'node:crypto';
import { type MarketplaceOptions, startMarketplace } from '../src/marketplace.ts';

/** A service token for `actor`, as `GET /api/jwt` would sign it with `secret` (HS256). */
export const serviceTokenOf = (
  secret: string,
  actor: { uid: string; email: string; role: string },
): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const { uid, email, role } = actor;
  const claims = { uid, email, role, iat: now, exp: now + 3600 };
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/**
 * The marketplace on `dataDir` with only what a test of the API needs: any free port, no Auth
 * Emulator (nothing signs in with Firebase; the address is never called; tokens are signed with
 * the secret), no web build, no demo data, no log; `options` on top.
 */
export const startBareMarketplace = (dataDir: string, options: Partial<MarketplaceOptions> = {}) =>
  startMarketplace({
    dataDir,
    port: 0,
    authEmulatorHost: '127.0.0.1:9',
    webDist: false,
    seed: false,
    logLevel: 'silent',
    jwtSecret: 'test-secret-of-the-all-in-one-0123456789',
    ...options,
  });

/**
 * One request to a marketplace at `base`, as a client sends it: a bearer token when given, a
 * JSON body when given. The answer's status, text, JSON body (when it is JSON) and headers.
 */
export const callMarketplace = async (
  base: string,
  request: { method: string; path: string; token?: string | undefined; body?: unknown },
  headers: Record<string, string> = {},
) => {
  const { method, path, token, body } = request;
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  return { status: answer.status, text, body: json, headers: answer.headers };
};
