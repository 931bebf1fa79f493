// A server the benchmarks load from another process, so that the load generator and the server
// do not share one event loop. Started by `spawnServer`; prints one `READY <json>` line on
// stdout when it listens, and stops cleanly on SIGTERM.
//
//   node src/server.ts bare          a bare Fastify route answering a constant
//   node src/server.ts query         the query service over BENCH_DATABASE_URL (read model + store);
//                                    BENCH_ANSWER_CACHE=off reads the database for every request
//   node src/server.ts command       the command service over BENCH_DATABASE_URL
//   node src/server.ts projections   the projections over BENCH_DATABASE_URL (no HTTP)
//   node src/server.ts marketplace   the all-in-one app in BENCH_DATA_DIR, on PGlite or
//                                    (BENCH_EMBEDDED_DATABASE=postgres) embedded PostgreSQL
import { buildCommandService, localImageStorage } from '@second-gear/command-service';
import { openMarketplaceStore } from '@second-gear/features';
import { createFirebaseAuth } from '@second-gear/identity';
import { startProjections } from '@second-gear/projection-service';
import { buildQueryService } from '@second-gear/query-service';
import { createReadModelDb, listenToReadModel } from '@second-gear/read-model';
import Fastify from 'fastify';
import { BENCH_PICTURE_HOST } from './spawn-server.ts';

const mode = process.argv[2];
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const PROJECT_ID = 'demo-second-gear';

const listen = async (app: { listen(o: { port: number; host: string }): Promise<string> }) =>
  app.listen({ port: 0, host: '127.0.0.1' });

const cleanups: (() => Promise<unknown>)[] = [];

// Anonymous reads never call it; the writes' registrations do, against the Auth Emulator.
const benchAuth = () =>
  createFirebaseAuth({
    projectId: PROJECT_ID,
    emulatorHost: process.env.BENCH_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
  });
const ready = (info: Record<string, string>) =>
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);

if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await listen(app);
  cleanups.push(() => app.close());
  ready({ url });
} else if (mode === 'query') {
  const url = env('BENCH_DATABASE_URL');
  const store = await openMarketplaceStore({ kind: 'postgres', connectionString: url });
  cleanups.push(() => store.close());
  const db = createReadModelDb({ connectionString: url });
  cleanups.push(() => db.destroy());
  const auth = benchAuth();
  cleanups.push(() => auth.close());
  const changes = await listenToReadModel({ connectionString: url });
  cleanups.push(() => changes.close());
  const query = await buildQueryService({
    db,
    store,
    auth,
    tokenSecret: env('BENCH_JWT_SECRET'),
    logger: false,
    changes,
    // Answers kept in memory between commits, unless the run measures the database (cold).
    keepAnswers: process.env.BENCH_ANSWER_CACHE !== 'off',
  });
  cleanups.unshift(() => query.close());
  ready({ url: await listen(query) });
} else if (mode === 'command') {
  const store = await openMarketplaceStore({
    kind: 'postgres',
    connectionString: env('BENCH_DATABASE_URL'),
  });
  cleanups.push(() => store.close());
  const auth = benchAuth();
  cleanups.push(() => auth.close());
  const command = await buildCommandService({
    store,
    auth,
    tokenSecret: env('BENCH_JWT_SECRET'),
    images: {
      storage: localImageStorage({ dir: env('BENCH_IMAGE_DIR'), publicPath: '/images' }),
      maxBytes: 8 * 1024 * 1024,
      maxPixels: 40_000_000,
      hosts: [BENCH_PICTURE_HOST],
    },
    logger: false,
    rateLimit: false,
  });
  cleanups.unshift(() => command.close());
  ready({ url: await listen(command) });
} else if (mode === 'projections') {
  const url = env('BENCH_DATABASE_URL');
  const store = await openMarketplaceStore({ kind: 'postgres', connectionString: url });
  const db = createReadModelDb({ connectionString: url });
  cleanups.push(
    () => store.close(),
    () => db.destroy(),
  );
  const projections = await startProjections({ store, db });
  cleanups.unshift(() => projections.stop());
  ready({});
} else if (mode === 'marketplace') {
  const { webBuilt, startMarketplace } = await import('@second-gear/all-in-one');
  const app = await startMarketplace({
    dataDir: env('BENCH_DATA_DIR'),
    database: process.env.BENCH_EMBEDDED_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    port: 0,
    authEmulatorPort: 0,
    webDist: await webBuilt(),
    jwtSecret: env('BENCH_JWT_SECRET'),
    seed: true,
    rateLimits: false,
    logLevel: 'silent',
    keepAnswers: process.env.BENCH_ANSWER_CACHE !== 'off',
    imageHosts: [BENCH_PICTURE_HOST],
  });
  cleanups.push(() => app.stop());
  ready({ url: app.url, authEmulatorHost: app.authEmulator.host });
} else {
  throw new Error(
    `Unknown server mode ${mode}; use bare, query, command, projections or marketplace`,
  );
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
