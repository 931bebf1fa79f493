// The projection service as its own process (distributed deployment): keeps the read model up
// to date and answers GET /health with each projection's position, /health/live,
// /health/ready and /metrics.
import { createServer } from 'node:http';
import {
  hostRule,
  loadEnvOrExit,
  projectionServiceSettings,
  reportFailuresOf,
} from '@second-gear/config';
import { eventStoreConfig } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { createFirebaseAuth } from '@second-gear/identity';
import { createReadModelDb } from '@second-gear/read-model';
import { createMetricsRegistry } from '@second-gear/service-http';
import { pino } from 'pino';
import { startHousekeeping } from './housekeeping.ts';
import { projectionServiceHttp } from './http.ts';
import { subscriptionsReadiness, watchSubscriptions } from './lag.ts';
import { projectionCounters, reactorCounters, subscriptionGauges } from './metrics.ts';
import { identityAccountsReactor } from './reactions/identity-accounts.ts';
import { startListingTerms } from './reactions/listing-terms.ts';
import { personalKeysReactor } from './reactions/personal-keys.ts';
import { startReactors } from './reactions/reactor.ts';
import { startProjections } from './start-projections.ts';
import { startWebhooks } from './webhooks/index.ts';

const settings = loadEnvOrExit(projectionServiceSettings);
reportFailuresOf('projection-service');
const log = pino({ level: settings.LOG_LEVEL, base: { service: 'projection-service' } });

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
const metrics = createMetricsRegistry('projection-service');
const projections = await startProjections({
  store,
  db,
  batchSize: settings.PROJECTION_BATCH_SIZE,
  logger: log,
  metrics: projectionCounters(metrics),
});
const auth = createFirebaseAuth({
  projectId: settings.FIREBASE_PROJECT_ID,
  emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
});
const webhooks = await startWebhooks({
  store,
  db,
  serverSecret: settings.JWT_SECRET,
  targets: { policy: settings.WEBHOOK_TARGETS },
  retryDelaysMs: settings.WEBHOOK_RETRY_DELAYS,
  logger: log,
  metrics,
});
const listingTerms = await startListingTerms({ store, db, logger: log });
const reactors = await startReactors({
  store,
  db,
  reactors: [
    identityAccountsReactor(auth),
    personalKeysReactor(store.keys),
    webhooks.reactor,
    listingTerms.reactor,
  ],
  logger: log,
  metrics: reactorCounters(metrics),
});
const housekeeping = startHousekeeping({
  db,
  keys: store.keys,
  retention: {
    notificationDays: settings.NOTIFICATION_RETENTION_DAYS,
    webhookDeliveryDays: settings.WEBHOOK_DELIVERY_RETENTION_DAYS,
    answerHours: settings.IDEMPOTENCY_RETENTION_HOURS,
  },
  everyMs: settings.PRUNE_INTERVAL_MINUTES * 60_000,
  onPruned: (pruned) => log.info({ pruned }, 'pruned what is past its retention'),
  onError: (error) => log.warn({ err: error }, 'pruning failed; tried again at the next turn'),
});
const watch = watchSubscriptions({ store, db, projections, reactors });
subscriptionGauges(metrics, watch);

const server = createServer(
  projectionServiceHttp({
    store,
    db,
    projections,
    reactors,
    metrics,
    hosts: hostRule({ allowed: settings.ALLOWED_HOSTS }),
    ready: () =>
      subscriptionsReadiness(watch, {
        store,
        db,
        limits: {
          maxLagEvents: settings.READY_MAX_LAG_EVENTS,
          maxLagSeconds: settings.READY_MAX_LAG_SECONDS,
        },
      }),
    log,
  }),
);
server.listen(settings.PORT, settings.HOST, () => {
  log.info({ host: settings.HOST, port: settings.PORT }, 'projection service listening');
});

const shutdown = async (signal: string) => {
  log.info({ signal }, 'stopping');
  server.close();
  await housekeeping.stop();
  await reactors.stop();
  await listingTerms.stop();
  await webhooks.stop();
  await projections.stop();
  await auth.close();
  await store.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
