import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { buildCommandService, localImageStorage } from '@second-gear/command-service';
import { createEventStore, type EventStore } from '@second-gear/event-store';
import { buildWebApp, targetFor } from '@second-gear/gateway';
import { type AuthEmulator, createFirebaseAuth, startAuthEmulator } from '@second-gear/identity';
import {
  identityAccountsReactor,
  startProjections,
  startReactors,
  subscriptionsHealth,
} from '@second-gear/projection-service';
import { buildQueryService } from '@second-gear/query-service';
import { createReadModelDb, listenToReadModel, openPGlite } from '@second-gear/read-model';
import { type LogOptions, loggerOptions } from '@second-gear/service-http';
import { pino } from 'pino';
import { dataDirSecret } from './secret.ts';
import { seedDemoData } from './seed.ts';

export interface MarketplaceOptions {
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** 0 picks a free port. */
  authEmulatorPort?: number;
  /** An Auth Emulator already running, used instead of starting one (`npm run dev`'s). */
  authEmulatorHost?: string;
  /** The built web app; `false` serves no pages (in development Vite does). */
  webDist?: string | false;
  projectId?: string;
  apiKey?: string;
  jwtSecret?: string;
  seed?: boolean;
  logLevel?: LogOptions['level'];
  imageMaxBytes?: number;
  imageMaxPixels?: number;
  readYourWritesTimeoutMs?: number;
  /** How often reads waiting for a position look again without a commit (default 1 s). */
  readYourWritesRecheckMs?: number;
  /**
   * Per client address per minute: writes (default 300), picture uploads (30) and token
   * exchanges (30); `false` turns them off.
   */
  rateLimits?: false | { writes?: number; uploads?: number; tokens?: number };
  /** How long an Idempotency-Key's answer is replayed (default 24 hours). */
  idempotencyRetentionMs?: number;
  /** Keep public answers in memory between commits (default true; false to measure reads). */
  keepAnswers?: boolean;
  /** Progress lines (starting, seeding, ready). */
  say?: (line: string) => void;
}

export interface RunningMarketplace {
  url: string;
  authEmulator: Pick<AuthEmulator, 'host' | 'url'>;
  store: EventStore;
  stop(): Promise<void>;
}

/**
 * The whole marketplace in one process on one port: the command, query and projection services
 * on an embedded PGlite database, the built web app, and the Firebase Auth Emulator as a child
 * process. Requests are dispatched by the same rule as the distributed gateway's, but directly
 * into each service's router, without a network hop.
 */
export const startMarketplace = async (
  options: MarketplaceOptions,
): Promise<RunningMarketplace> => {
  const say = options.say ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const projectId = options.projectId ?? 'demo-second-gear';
  await mkdir(join(dataDir, 'images'), { recursive: true });
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => say(`while stopping: ${String(error)}`));
    }
  };

  try {
    const authEmulator = options.authEmulatorHost
      ? { host: options.authEmulatorHost, url: `http://${options.authEmulatorHost}` }
      : await (async () => {
          say('starting the Auth Emulator');
          const started = await startAuthEmulator({
            projectId,
            dataDir: join(dataDir, 'auth'),
            ...(options.authEmulatorPort ? { port: options.authEmulatorPort } : {}),
          });
          cleanups.push(() => started.stop());
          return started;
        })();

    say('opening the embedded database');
    const pglite = await openPGlite(join(dataDir, 'pglite'));
    cleanups.push(() => pglite.close());
    const store = await createEventStore({ kind: 'pglite', db: pglite });
    cleanups.push(() => store.close());
    const db = createReadModelDb({ pglite });
    cleanups.push(() => db.destroy());

    // Projections and reactors log what goes wrong (a parked event, a failing effect).
    const log = pino(loggerOptions({ level: options.logLevel ?? 'info' }));
    const projections = await startProjections({ store, db, logger: log });
    cleanups.push(() => projections.stop());

    const auth = createFirebaseAuth({ projectId, emulatorHost: authEmulator.host });
    cleanups.push(() => auth.close());
    const reactors = await startReactors({
      store,
      db,
      reactors: [identityAccountsReactor(auth)],
      logger: log,
    });
    cleanups.push(() => reactors.stop());
    const tokenSecret = options.jwtSecret ?? (await dataDirSecret(dataDir));
    const logger = { level: options.logLevel ?? 'info' } as const;
    const imagesDir = join(dataDir, 'images');

    const command = await buildCommandService({
      store,
      auth,
      tokenSecret,
      images: {
        storage: localImageStorage({ dir: imagesDir, publicPath: '/images' }),
        maxBytes: options.imageMaxBytes ?? 8 * 1024 * 1024,
        maxPixels: options.imageMaxPixels ?? 40_000_000,
        serveDir: imagesDir,
      },
      logger,
      rateLimit: options.rateLimits ?? {},
      ...(options.idempotencyRetentionMs === undefined
        ? {}
        : { idempotency: { retentionMs: options.idempotencyRetentionMs } }),
    });
    cleanups.push(() => command.close());
    // The projectors' commits, heard in process: they release reads waiting for a position and
    // retire the answers kept in memory.
    const changes = await listenToReadModel({ pglite });
    cleanups.push(() => changes.close());
    const query = await buildQueryService({
      db,
      store,
      changes,
      keepAnswers: options.keepAnswers ?? true,
      auth,
      tokenSecret,
      readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 2000,
      ...(options.readYourWritesRecheckMs === undefined
        ? {}
        : { readYourWritesRecheckMs: options.readYourWritesRecheckMs }),
      rateLimit: options.rateLimits ?? {},
      logger,
    });
    cleanups.push(() => query.close());
    const web = await buildWebApp({
      distDir: options.webDist ?? 'web/dist',
      appConfig: {
        productName: 'Second Gear',
        firebase: {
          apiKey: options.apiKey ?? 'demo-api-key',
          authDomain: `${projectId}.firebaseapp.com`,
          projectId,
        },
        authEmulatorUrl: authEmulator.url,
      },
      health: () => subscriptionsHealth({ db, projections, reactors }),
    });
    cleanups.push(() => web.close());
    await Promise.all([command.ready(), query.ready(), web.ready()]);

    const apps = { command, query, web };
    const server: Server = createServer((req, res) =>
      apps[targetFor(req.method ?? 'GET', req.url ?? '/')].routing(req, res),
    );
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port ?? 3000, host, done);
    });
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    );
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const url = `http://${host}:${port}`;

    if (options.seed ?? true) {
      await seedDemoData({ dataDir, store, command, query, authEmulator, auth, say });
    }
    return { url, authEmulator, store, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
