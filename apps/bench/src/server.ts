// A server the benchmarks load from another process, so that the load generator and the server
// do not share one event loop. Started by `spawnServer`; prints one `READY <json>` line on
// stdout when it listens, and stops cleanly on SIGTERM.
//
//   node src/server.ts bare          a bare Fastify route answering a constant
//   node src/server.ts query         the query service over BENCH_DATABASE_URL (read model + store);
//                                    BENCH_ANSWER_CACHE=off reads the database for every request
//   node src/server.ts services      command, query and projections over BENCH_DATABASE_URL
//   node src/server.ts marketplace   the all-in-one app in BENCH_DATA_DIR, on PGlite or
//                                    (BENCH_EMBEDDED_DATABASE=postgres) embedded PostgreSQL
import { buildCommandService, localImageStorage } from '@second-gear/command-service';
import { createEventStore } from '@second-gear/event-store';
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
const ready = (info: Record<string, string>) =>
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);

if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await listen(app);
  cleanups.push(() => app.close());
  ready({ url });
} else if (mode === 'query' || mode === 'services') {
  const url = env('BENCH_DATABASE_URL');
  const store = await createEventStore({ kind: 'postgres', connectionString: url });
  cleanups.push(() => store.close());
  const db = createReadModelDb({ connectionString: url });
  cleanups.push(() => db.destroy());
  // Anonymous reads never call it; the writes' registrations do, against the Auth Emulator.
  const auth = createFirebaseAuth({
    projectId: PROJECT_ID,
    emulatorHost: process.env.BENCH_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
  });
  cleanups.push(() => auth.close());
  const tokenSecret = env('BENCH_JWT_SECRET');
  const changes = await listenToReadModel({ connectionString: url });
  cleanups.push(() => changes.close());
  const query = await buildQueryService({
    db,
    store,
    auth,
    tokenSecret,
    logger: false,
    changes,
    // Answers kept in memory between commits, unless the run measures the database (cold).
    keepAnswers: process.env.BENCH_ANSWER_CACHE !== 'off',
  });
  cleanups.push(() => query.close());
  const info: Record<string, string> = { queryUrl: await listen(query) };
  if (mode === 'services') {
    // The projections get connections of their own, as the projection service has in the
    // distributed deployment, so that reads waiting on X-Min-Position cannot starve them.
    const projectionStore = await createEventStore({ kind: 'postgres', connectionString: url });
    const projectionDb = createReadModelDb({ connectionString: url });
    cleanups.push(
      () => projectionStore.close(),
      () => projectionDb.destroy(),
    );
    const projections = await startProjections({ store: projectionStore, db: projectionDb });
    cleanups.unshift(() => projections.stop());
    const imageDir = env('BENCH_IMAGE_DIR');
    const command = await buildCommandService({
      store,
      auth,
      tokenSecret,
      images: {
        storage: localImageStorage({ dir: imageDir, publicPath: '/images' }),
        maxBytes: 8 * 1024 * 1024,
        maxPixels: 40_000_000,
        hosts: [BENCH_PICTURE_HOST],
      },
      logger: false,
      rateLimit: false,
    });
    cleanups.unshift(() => command.close());
    info.commandUrl = await listen(command);
  }
  ready(info);
} else if (mode === 'marketplace') {
  const { ensureWebBuilt, startMarketplace } = await import('@second-gear/all-in-one');
  const app = await startMarketplace({
    dataDir: env('BENCH_DATA_DIR'),
    database: process.env.BENCH_EMBEDDED_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    port: 0,
    authEmulatorPort: 0,
    webDist: ensureWebBuilt(),
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
  throw new Error(`Unknown server mode ${mode}; use bare, query, services or marketplace`);
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
