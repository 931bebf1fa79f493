// What the all-in-one's tests share.
import { createHmac } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import { eventData } from '@second-gear/projection-service/testing';
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

/**
 * Calls the marketplace at `url()` as a person (a service token signed with `secret`) or as no
 * one, reading at position `at` when given, as the web client reads after its own writes.
 */
export const personCaller =
  (url: () => string, secret: string) =>
  (method: string, path: string, as?: Person, body?: unknown, at?: string) =>
    callMarketplace(
      url(),
      { method, path, token: as && serviceTokenOf(secret, as), body },
      at ? { 'x-min-position': at } : {},
    );

/** One server-sent event: its name and its data, parsed as JSON. */
export type StreamEvent = { event: string; data: Record<string, unknown> };

/**
 * An event stream of the marketplace at `url`, opened as a client does (a bearer token), read
 * as it comes: `next(want)` answers the first event, from the ones not taken yet, that `want`
 * accepts, waiting for it (at most `timeoutMs`).
 */
export const followEventStream = async (url: string, token: string, timeoutMs = 10_000) => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pending: StreamEvent[] = [];
  const parse = () => {
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const at = line.indexOf(':');
        if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
      }
      const data = fields.get('data');
      if (data !== undefined)
        pending.push({ event: fields.get('event') ?? 'message', data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  };
  const next = async (want: (event: StreamEvent) => boolean): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pending.findIndex(want);
      if (found !== -1) return pending.splice(0, found + 1).at(-1)!;
      if (Date.now() > deadline) throw new Error(`No such event within ${timeoutMs} ms`);
      const { value, done } = await reader.read();
      if (done) throw new Error('The stream ended');
      buffer += value;
      parse();
    }
  };
  return { status: response.status, next, close: () => controller.abort() };
};

/** Someone a test signs in as, with a service token (`serviceTokenOf`). */
export type Person = {
  uid: string;
  name: string;
  email: string;
  role: 'Buyer' | 'Seller' | 'Admin';
};

/** People of one test run: names, uids and emails carry `tag`, so runs never meet. */
export const peopleTagged =
  (tag: string) =>
  (name: string, role: Person['role']): Person => ({
    uid: `${name.toLowerCase().split(' ')[0]}-${tag}`,
    name: `${name} ${tag}`,
    email: `${name.toLowerCase().replace(' ', '.')}.${tag}@example.com`,
    role,
  });

const system = { uid: 'system', email: 'system@second-gear.local', role: 'System' } as const;

/**
 * Registers `people` straight in the store, as sign-up would (an admin as a buyer), then
 * promotes the admins as the System actor does the first one.
 */
export const registerPeople = async (store: EventStore, people: readonly Person[]) => {
  for (const p of people) {
    const role = p.role === 'Admin' ? 'Buyer' : p.role;
    await store.append(`user-${p.uid}`, 'no_stream', [
      eventData(
        'UserRegistered',
        { userId: p.uid, name: p.name, email: p.email, role, photoURL: null },
        { uid: p.uid, email: p.email, role },
      ),
    ]);
  }
  for (const admin of people.filter((p) => p.role === 'Admin')) {
    await store.append(`user-${admin.uid}`, 'any', [
      eventData('UserPromotedToAdmin', { userId: admin.uid }, system),
    ]);
  }
};
