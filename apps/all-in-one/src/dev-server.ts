// The marketplace's server under `npm run dev`, restarted by `node --watch` whenever a file it
// imports changes. It is `npm start` without the pages (Vite serves those, with hot reload) and
// without an Auth Emulator of its own: it uses the one `npm run dev` keeps running across
// restarts, so signed-in sessions survive a restart.
import { allInOneSettings, hostPort, loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { startMarketplace } from './marketplace.ts';

const settings = loadEnvOrExit(allInOneSettings.extend({ FIREBASE_AUTH_EMULATOR_HOST: hostPort }));
reportFailuresOf('dev server');
const say = (line: string) => process.stdout.write(`  [server] ${line}\n`);

const marketplace = await startMarketplace({
  dataDir: settings.DATA_DIR,
  database: settings.EMBEDDED_DATABASE,
  host: settings.HOST,
  port: settings.PORT,
  authEmulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
  webDist: false,
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
  idempotencyRetentionMs: settings.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
  metrics: settings.METRICS,
  readyMaxLag: { events: settings.READY_MAX_LAG_EVENTS, seconds: settings.READY_MAX_LAG_SECONDS },
  webhookTargets: settings.WEBHOOK_TARGETS,
  webhookRetryDelaysMs: settings.WEBHOOK_RETRY_DELAYS,
  say,
});
say(`ready on ${marketplace.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await marketplace.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
