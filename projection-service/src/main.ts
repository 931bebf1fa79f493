// The projection service as its own process (distributed deployment): keeps the read model up
// to date and answers GET /health with each projection's position.
import { createServer } from 'node:http';
import { loadEnvOrExit, projectionServiceSettings, reportFailuresOf } from '@second-gear/config';
import { createEventStore, eventStoreConfig } from '@second-gear/event-store';
import { createFirebaseAuth } from '@second-gear/identity';
import { createReadModelDb } from '@second-gear/read-model';
import { pino } from 'pino';
import { subscriptionsHealth } from './health.ts';
import { identityAccountsReactor } from './reactions/identity-accounts.ts';
import { startReactors } from './reactions/reactor.ts';
import { startProjections } from './start-projections.ts';

const settings = loadEnvOrExit(projectionServiceSettings);
reportFailuresOf('projection-service');
const log = pino({ level: settings.LOG_LEVEL, base: { service: 'projection-service' } });

if (settings.EVENT_STORE === 'pglite') {
  process.stderr.write(
    'EVENT_STORE: pglite is embedded and lives in the all-in-one process; use postgres or kurrentdb here\n',
  );
  process.exit(78);
}

const store = await createEventStore(
  eventStoreConfig(settings.EVENT_STORE, settings.EVENT_STORE_URL),
);
const db = createReadModelDb({ connectionString: settings.DATABASE_URL });
const projections = await startProjections({
  store,
  db,
  batchSize: settings.PROJECTION_BATCH_SIZE,
  logger: log,
});
const auth = createFirebaseAuth({
  projectId: settings.FIREBASE_PROJECT_ID,
  emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
});
const reactors = await startReactors({
  store,
  db,
  reactors: [identityAccountsReactor(auth)],
  logger: log,
});

const server = createServer(async (request, response) => {
  if (request.method !== 'GET' || request.url !== '/health') {
    response.writeHead(404, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Only GET /health is served here.',
      }),
    );
    return;
  }
  try {
    const head = await store.headPosition();
    const positions = Object.fromEntries(
      Object.entries(projections.positions()).map(([name, p]) => [name, p?.toString() ?? null]),
    );
    const { status, ...subscriptions } = await subscriptionsHealth({ db, projections, reactors });
    response.writeHead(status === 'failing' ? 503 : 200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        status,
        service: 'projection-service',
        head: head?.toString() ?? null,
        positions,
        ...subscriptions,
      }),
    );
  } catch (error) {
    log.warn({ err: error }, 'health check failed');
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'unavailable', service: 'projection-service' }));
  }
});
server.listen(settings.PORT, settings.HOST, () => {
  log.info({ host: settings.HOST, port: settings.PORT }, 'projection service listening');
});

const shutdown = async (signal: string) => {
  log.info({ signal }, 'stopping');
  server.close();
  await reactors.stop();
  await projections.stop();
  await auth.close();
  await store.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
