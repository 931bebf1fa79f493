// The command service as a process of its own: configuration from the environment (validated,
// a wrong value stops it naming the variable), then listen until SIGINT or SIGTERM.
import { commandServiceSettings, loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { eventStoreConfig } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { createFirebaseAuth } from '@second-gear/identity';
import { buildCommandService } from './app.ts';
import { type ImageStorage, localImageStorage, s3ImageStorage } from './images/index.ts';

const env = loadEnvOrExit(commandServiceSettings);
reportFailuresOf('command-service');

const store = await openMarketplaceStore(eventStoreConfig(env.EVENT_STORE, env.EVENT_STORE_URL), {
  keyStoreUrl: env.KEY_STORE_URL,
});

const storage: ImageStorage =
  env.IMAGE_STORAGE === 's3'
    ? s3ImageStorage({
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        publicBaseUrl: env.IMAGE_PUBLIC_BASE_URL,
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
        ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? {
              credentials: {
                accessKeyId: env.S3_ACCESS_KEY_ID,
                secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              },
            }
          : {}),
      })
    : localImageStorage({ dir: env.IMAGE_DIR, publicPath: env.IMAGE_PUBLIC_BASE_URL });

const auth = createFirebaseAuth({
  projectId: env.FIREBASE_PROJECT_ID,
  emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
});

const app = await buildCommandService({
  store,
  auth,
  tokenSecret: env.JWT_SECRET,
  images: {
    storage,
    maxBytes: env.IMAGE_MAX_BYTES,
    maxPixels: env.IMAGE_MAX_PIXELS,
    hosts: env.IMAGE_HOSTS,
    ...(env.IMAGE_STORAGE === 'local' ? { serveDir: env.IMAGE_DIR } : {}),
  },
  logger: { level: env.LOG_LEVEL },
  rateLimit: { writes: env.RATE_LIMIT_MAX, uploads: env.RATE_LIMIT_UPLOADS },
  idempotency: { retentionMs: env.IDEMPOTENCY_RETENTION_HOURS * 3_600_000 },
  trustProxy: env.TRUSTED_PROXIES,
  hosts: { publicUrl: env.PUBLIC_URL, allowed: env.ALLOWED_HOSTS },
  webhooks: { targets: { policy: env.WEBHOOK_TARGETS } },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await store.close();
  await auth.close();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ host: env.HOST, port: env.PORT });
