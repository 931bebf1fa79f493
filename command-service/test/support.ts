// Test support: real event stores (PGlite always, PostgreSQL when it answers) and a command
// service wired to the real Firebase Auth Emulator.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import type { Actor, Command } from '@second-gear/features';
import { commandDecider, openMarketplaceStore } from '@second-gear/features';
import { CommandHandler } from '@second-gear/features/platform/commands/command-handler.ts';
import { carBody } from '@second-gear/features/test/matrix';
import { createFirebaseAuth, type FirebaseAuth } from '@second-gear/identity';
import type { AuthEmulatorHandle } from '@second-gear/identity/testing';
import type { ServiceApp } from '@second-gear/service-http';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { localImageStorage, multipartFileBody } from '../src/images/index.ts';
import { buildCommandService, type CommandServiceOptions } from '../src/index.ts';

export const POSTGRES_URL =
  process.env.COMMAND_SERVICE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const TOKEN_SECRET = 'test-secret-of-the-command-service-0123456789';

export type Backend = {
  name: string;
  /** Why it cannot run here; undefined when it can. */
  skipReason: string | undefined;
  open(): Promise<{ store: EventStore; dispose(): Promise<void> }>;
};

const pglite: Backend = {
  name: 'PGlite',
  skipReason: undefined,
  async open() {
    const store = await openMarketplaceStore({ kind: 'pglite' });
    return { store, dispose: () => store.close() };
  },
};

async function postgresUnreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const postgres = async (): Promise<Backend> => ({
  name: 'PostgreSQL',
  skipReason: await postgresUnreachable(),
  async open() {
    // A database of its own for every run, dropped afterwards.
    const database = `command_service_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    const store = await openMarketplaceStore({
      kind: 'postgres',
      connectionString: url.toString(),
    });
    return {
      store,
      async dispose() {
        await store.close();
        await adminQuery(`drop database if exists ${database} with (force)`);
      },
    };
  },
});

/** The stores to run against; a skipped one is named with its reason in the output. */
export async function backends(): Promise<Backend[]> {
  const all = [pglite, await postgres()];
  for (const backend of all) {
    if (backend.skipReason) console.warn(`SKIPPED ${backend.name}: ${backend.skipReason}`);
  }
  return all;
}

/**
 * The store for tests whose outcome cannot depend on the engine: HTTP, authorization,
 * validation and decisions. The event store's conformance suite holds PGlite and PostgreSQL to
 * the same behaviour, and the concurrency tests run on both; these run once, on PGlite, which
 * every machine has.
 */
export const engineIndependent = (): Backend[] => [pglite];

export const titleOf = (backend: Backend) =>
  backend.skipReason ? `${backend.name} (skipped: ${backend.skipReason})` : backend.name;

export type Role = 'Buyer' | 'Seller' | 'Admin';

export type TestUser = {
  uid: string;
  email: string;
  name: string;
  role: Role;
  /** Firebase ID token. */
  idToken: string;
  /** Service token. */
  token: string;
};

export type Call = {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address as the service sees the connection (default 127.0.0.1). */
  from?: string;
};

export type World = {
  app: ServiceApp;
  store: EventStore;
  auth: FirebaseAuth;
  emulator: AuthEmulatorHandle;
  call(method: string, url: string, call?: Call): Promise<LightMyRequestResponse>;
  /** Signs up on the emulator and registers; an Admin is a registered user promoted by the system. */
  user(role: Role, name?: string): Promise<TestUser>;
  category(admin: TestUser, name?: string): Promise<string>;
  car(seller: TestUser, category: string, overrides?: Record<string, unknown>): Promise<string>;
  head(): Promise<bigint>;
  /** Events appended after `position`. */
  eventsAfter(position: bigint): Promise<RecordedEvent[]>;
  close(): Promise<void>;
};

const SYSTEM: Actor = { uid: 'system', email: 'system@second-gear.test', role: 'System' };

export async function startWorld(
  store: EventStore,
  emulator: AuthEmulatorHandle,
  options: Partial<CommandServiceOptions> = {},
): Promise<World> {
  const auth = createFirebaseAuth({ projectId: emulator.projectId, emulatorHost: emulator.host });
  const imageDir = await mkdtemp(join(tmpdir(), 'command-service-images-'));
  const app = await buildCommandService({
    store,
    auth,
    tokenSecret: TOKEN_SECRET,
    images: {
      storage: localImageStorage({ dir: imageDir }),
      maxBytes: 2 * 1024 * 1024,
      maxPixels: 4000 * 4000,
      serveDir: imageDir,
      // The tests' cars show pictures from a listed host; picture-check.int.test.ts checks
      // that anything else must have been uploaded here.
      hosts: ['images.example'],
    },
    logger: false,
    rateLimit: false,
    ...options,
  });
  await app.ready();
  const system = new CommandHandler({ store, decider: commandDecider });
  const runAsSystem = (command: Command) =>
    system.execute(
      { correlationId: randomUUID(), commandId: randomUUID() },
      { command, answer: () => ({ status: 200, body: {} }) },
    );

  const call: World['call'] = (method, url, { token, body, headers, from } = {}) =>
    app.inject({
      method: method as 'POST',
      url,
      ...(from === undefined ? {} : { remoteAddress: from }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined
        ? {}
        : typeof body === 'string' || Buffer.isBuffer(body)
          ? { payload: body }
          : { payload: body as object }),
    });

  const world: World = {
    app,
    store,
    auth,
    emulator,
    call,
    async user(role, name = `${role} ${randomBytes(3).toString('hex')}`) {
      const signedIn = await retryOnDroppedConnection(() => emulator.signUp({ displayName: name }));
      const answer = await call('POST', '/api/user', {
        token: signedIn.idToken,
        body: { name, email: signedIn.email, type: role === 'Admin' ? 'Buyer' : role },
      });
      if (answer.statusCode !== 201)
        throw new Error(`register: ${answer.statusCode} ${answer.body}`);
      if (role === 'Admin') {
        await runAsSystem({
          type: 'PromoteToAdmin',
          actor: SYSTEM,
          data: { userId: signedIn.uid },
        });
      }
      const actor = { uid: signedIn.uid, email: signedIn.email, role };
      return { ...actor, name, idToken: signedIn.idToken, token: app.serviceTokens.sign(actor) };
    },
    async category(admin, name = `Category ${randomBytes(4).toString('hex')}`) {
      const answer = await call('POST', '/api/category', { token: admin.token, body: { name } });
      if (answer.statusCode !== 201)
        throw new Error(`category: ${answer.statusCode} ${answer.body}`);
      return answer.json().insertedId as string;
    },
    async car(seller, category, overrides = {}) {
      const answer = await call('POST', '/api/product', {
        token: seller.token,
        body: { ...carBody(category), ...overrides },
      });
      if (answer.statusCode !== 201) throw new Error(`car: ${answer.statusCode} ${answer.body}`);
      return answer.json().insertedId as string;
    },
    async head() {
      return (await store.headPosition()) ?? 0n;
    },
    async eventsAfter(position) {
      return store.readAll({ after: position, limit: 10_000 });
    },
    async close() {
      await app.close();
      await auth.close();
      await rm(imageDir, { recursive: true, force: true });
    },
  };
  return world;
}

/**
 * The emulator closes idle keep-alive connections after a few seconds; a POST that fetch sends
 * on one just as it closes fails with "other side closed" and is not retried by fetch itself.
 */
async function retryOnDroppedConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as Error).message !== 'fetch failed') throw error;
    return work();
  }
}

/** A multipart/form-data body with one file field. */
export const multipartBody = (field: string, bytes: Buffer, contentType = 'image/jpeg') =>
  multipartFileBody({ field, filename: 'car.jpg', contentType, bytes });

export const typesOf = (events: RecordedEvent[]) => events.map((event) => event.type);
