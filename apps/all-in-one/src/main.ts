// `npm start`: the whole marketplace in one process, with no configuration needed.
import { resolve } from 'node:path';
import { allInOneSettings, loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { demoAccounts } from './demo-data.ts';
import { startMarketplace } from './marketplace.ts';
import { webBuilt } from './web-build.ts';

const settings = loadEnvOrExit(allInOneSettings);
reportFailuresOf('second-gear');
const say = (line: string) => process.stdout.write(`${line}\n`);

const webDist = await webBuilt(settings.WEB_DIST, say);

const marketplace = await startMarketplace({
  dataDir: settings.DATA_DIR,
  database: settings.EMBEDDED_DATABASE,
  host: settings.HOST,
  port: settings.PORT,
  authEmulatorPort: settings.AUTH_EMULATOR_PORT,
  webDist,
  publicUrl: settings.PUBLIC_URL,
  allowedHosts: settings.ALLOWED_HOSTS,
  projectId: settings.FIREBASE_PROJECT_ID,
  apiKey: settings.FIREBASE_API_KEY,
  ...(settings.JWT_SECRET ? { jwtSecret: settings.JWT_SECRET } : {}),
  seed: settings.SEED_DEMO_DATA,
  logLevel: settings.LOG_LEVEL,
  imageMaxBytes: settings.IMAGE_MAX_BYTES,
  imageMaxPixels: settings.IMAGE_MAX_PIXELS,
  imageHosts: settings.IMAGE_HOSTS,
  readYourWritesTimeoutMs: settings.READ_YOUR_WRITES_TIMEOUT_MS,
  rateLimits: {
    writes: settings.RATE_LIMIT_MAX,
    uploads: settings.RATE_LIMIT_UPLOADS,
    tokens: settings.RATE_LIMIT_TOKENS,
  },
  feedStreams: {
    total: settings.FEED_MAX_STREAMS,
    perClient: settings.FEED_MAX_STREAMS_PER_CLIENT,
  },
  feedAnonymousHistoryHours: settings.FEED_ANONYMOUS_HISTORY_HOURS,
  idempotencyRetentionMs: settings.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
  retention: {
    notificationDays: settings.NOTIFICATION_RETENTION_DAYS,
    webhookDeliveryDays: settings.WEBHOOK_DELIVERY_RETENTION_DAYS,
    pruneEveryMs: settings.PRUNE_INTERVAL_MINUTES * 60_000,
  },
  metrics: settings.METRICS,
  readyMaxLag: { events: settings.READY_MAX_LAG_EVENTS, seconds: settings.READY_MAX_LAG_SECONDS },
  webhookTargets: settings.WEBHOOK_TARGETS,
  webhookRetryDelaysMs: settings.WEBHOOK_RETRY_DELAYS,
  say,
});

say(`
  Second Gear is running on ${marketplace.url}
  (local only: sign-in goes through the Auth Emulator at ${marketplace.authEmulator.url})

  Demo accounts:
${Object.values(demoAccounts)
  .map((a) => `    ${a.email.padEnd(26)} ${a.password}`)
  .join('\n')}

  Ctrl-C stops it; everything is kept in ${resolve(settings.DATA_DIR)}.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  say('stopping');
  await marketplace.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
