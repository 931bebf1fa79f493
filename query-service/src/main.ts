// The query service as its own process (distributed deployment).
import { loadEnvOrExit, queryServiceSettings, reportFailuresOf } from '@second-gear/config';
import { eventStoreConfig } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { createFirebaseAuth } from '@second-gear/identity';
import { createReadModelDb, listenToReadModel } from '@second-gear/read-model';
import { buildQueryService } from './app.ts';

const settings = loadEnvOrExit(queryServiceSettings);
reportFailuresOf('query-service');

if (settings.EVENT_STORE === 'pglite') {
  process.stderr.write(
    'EVENT_STORE: pglite is embedded and lives in the all-in-one process; use postgres or kurrentdb here\n',
  );
  process.exit(78);
}

const store = await openMarketplaceStore(
  eventStoreConfig(settings.EVENT_STORE, settings.EVENT_STORE_URL),
  { keyStoreUrl: settings.KEY_STORE_URL },
);
const db = createReadModelDb({ connectionString: settings.DATABASE_URL });
const auth = createFirebaseAuth({
  projectId: settings.FIREBASE_PROJECT_ID,
  ...(settings.FIREBASE_AUTH_EMULATOR_HOST
    ? { emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST }
    : {}),
});
const changes = await listenToReadModel({ connectionString: settings.DATABASE_URL });
const app = await buildQueryService({
  db,
  store,
  changes,
  auth,
  tokenSecret: settings.JWT_SECRET,
  readYourWritesTimeoutMs: settings.READ_YOUR_WRITES_TIMEOUT_MS,
  logger: { level: settings.LOG_LEVEL },
  rateLimit: { tokens: settings.RATE_LIMIT_TOKENS },
  feedStreams: {
    total: settings.FEED_MAX_STREAMS,
    perClient: settings.FEED_MAX_STREAMS_PER_CLIENT,
  },
  feedAnonymousHistoryHours: settings.FEED_ANONYMOUS_HISTORY_HOURS,
  trustProxy: settings.TRUSTED_PROXIES,
  publicUrl: settings.PUBLIC_URL,
  allowedHosts: settings.ALLOWED_HOSTS,
});
await app.listen({ host: settings.HOST, port: settings.PORT });

const shutdown = async () => {
  await app.close();
  await changes.close();
  await store.close();
  await db.destroy();
  await auth.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
