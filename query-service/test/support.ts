// Test support: the real event store and read model (on PostgreSQL, PGlite or both: see
// `backends`), the real projections, and a query service wired to the Firebase Auth Emulator.
import type { EventStore } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { createFirebaseAuth, type FirebaseAuth } from '@second-gear/identity';
import { type RunningProjections, startProjections } from '@second-gear/projection-service';
import {
  createReadModelDb,
  listenToReadModel,
  openPGlite,
  type ReadModelChanges,
  type ReadModelDb,
} from '@second-gear/read-model';
import { createTestPostgresDatabase } from '@second-gear/read-model/testing';
import type { ServiceApp } from '@second-gear/service-http';
import { buildQueryService } from '../src/index.ts';

export const TOKEN_SECRET = 'test-secret-of-the-query-service-0123456789';

export interface Harness {
  app: ServiceApp;
  store: EventStore;
  db: ReadModelDb;
  projections: RunningProjections;
  auth: FirebaseAuth;
  changes: ReadModelChanges;
  /**
   * Another query service over the same store, read model and auth, with `options` over the
   * harness's: for a test that listens on a port of its own or needs other settings. The test
   * closes it.
   */
  another(options?: HarnessOptions): Promise<ServiceApp>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readYourWritesTimeoutMs?: number;
  readYourWritesRecheckMs?: number;
  publicUrl?: string;
  sitemapCarsPerFile?: number;
  feedStreams?: { total?: number; perClient?: number };
}

export interface Backend {
  name: string;
  open(emulatorHost: string, projectId: string, options?: HarnessOptions): Promise<Harness>;
}

const wire = async (
  store: EventStore,
  db: ReadModelDb,
  changes: ReadModelChanges,
  emulatorHost: string,
  projectId: string,
  options: HarnessOptions,
  dispose: () => Promise<void>,
): Promise<Harness> => {
  const projections = await startProjections({ store, db, batchSize: 100, retryDelayMs: 20 });
  const auth = createFirebaseAuth({ projectId, emulatorHost });
  const build = async (settings: HarnessOptions) => {
    const built = await buildQueryService({
      db,
      store,
      changes,
      auth,
      tokenSecret: TOKEN_SECRET,
      readYourWritesTimeoutMs: settings.readYourWritesTimeoutMs ?? 5000,
      ...(settings.readYourWritesRecheckMs === undefined
        ? {}
        : { readYourWritesRecheckMs: settings.readYourWritesRecheckMs }),
      logger: false,
      feedHeartbeatMs: 200,
      ...(settings.feedStreams === undefined ? {} : { feedStreams: settings.feedStreams }),
      publicUrl: settings.publicUrl,
      ...(settings.sitemapCarsPerFile === undefined
        ? {}
        : { sitemapCarsPerFile: settings.sitemapCarsPerFile }),
    });
    await built.ready();
    return built;
  };
  const app = await build(options);
  return {
    app,
    store,
    db,
    projections,
    auth,
    changes,
    another: (more = {}) => build({ ...options, ...more }),
    async close() {
      await app.close();
      await projections.stop();
      await auth.close();
      await changes.close();
      await dispose();
    },
  };
};

/**
 * Where a suite runs. `one`: the engine the query service runs on, PostgreSQL (a database of its
 * own, dropped after), or PGlite when the test server does not answer; for suites whose SQL and
 * values cannot differ between the engines. `both`: PGlite and, when it answers, PostgreSQL; for
 * suites where they can (the values a driver parses, notifications, the event store's reads).
 */
export const backends = async (
  label: string,
  engines: 'one' | 'both' = 'one',
): Promise<{ list: Backend[]; dropAll: () => Promise<void> }> => {
  const list: Backend[] = [
    {
      name: 'PGlite',
      async open(emulatorHost, projectId, options = {}) {
        const pglite = await openPGlite();
        const store = await openMarketplaceStore({ kind: 'pglite', db: pglite });
        const db = createReadModelDb({ pglite });
        return wire(
          store,
          db,
          await listenToReadModel({ pglite }),
          emulatorHost,
          projectId,
          options,
          async () => {
            await store.close();
            await db.destroy();
            await pglite.close();
          },
        );
      },
    },
  ];
  const drops: (() => Promise<void>)[] = [];
  const probe = await createTestPostgresDatabase('sg_query_probe');
  if ('skipped' in probe) {
    console.warn(`${label}: PostgreSQL backend skipped. ${probe.skipped}`);
  } else {
    await probe.drop();
    list.push({
      name: 'PostgreSQL',
      async open(emulatorHost, projectId, options = {}) {
        const database = await createTestPostgresDatabase('sg_query');
        if ('skipped' in database) throw new Error(database.skipped);
        drops.push(database.drop);
        const store = await openMarketplaceStore({
          kind: 'postgres',
          connectionString: database.connectionString,
        });
        const db = createReadModelDb({
          connectionString: database.connectionString,
          maxConnections: 5,
        });
        return wire(
          store,
          db,
          await listenToReadModel({ connectionString: database.connectionString }),
          emulatorHost,
          projectId,
          options,
          async () => {
            await store.close();
            await db.destroy();
          },
        );
      },
    });
  }
  return {
    // The list ends with PostgreSQL when it answers, so its last is the one engine to run on.
    list: engines === 'one' ? list.slice(-1) : list,
    dropAll: async () => {
      for (const drop of drops.splice(0)) await drop();
    },
  };
};

/** The claims of a JWT, unverified (tests only). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** Parses a text/event-stream body into its messages. */
export const parseSse = (text: string) => {
  const messages: { id?: string; event?: string; data?: string }[] = [];
  for (const block of text.split('\n\n')) {
    const message: { id?: string; event?: string; data?: string } = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const at = line.indexOf(':');
      const field = at === -1 ? line : line.slice(0, at);
      const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event' || field === 'data') message[field] = value;
    }
    if (message.data !== undefined) messages.push(message);
  }
  return messages;
};
