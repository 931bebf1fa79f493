import { z } from 'zod';
import {
  addressList,
  flag,
  hostList,
  hostPort,
  logLevel,
  origin,
  pathVariable,
  port,
  positiveInt,
  secret,
  url,
} from './variables.ts';

/**
 * Every environment variable of every process, with its default. The README's configuration
 * table lists exactly these (a test keeps the two in step).
 */

const logging = {
  LOG_LEVEL: logLevel,
};

const firebase = {
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-second-gear'),
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
  FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
};

const storeKind = z.enum(['pglite', 'postgres', 'kurrentdb'], {
  error: 'expected pglite, postgres or kurrentdb',
});

const eventStore = {
  EVENT_STORE: storeKind.default('postgres'),
  EVENT_STORE_URL: url([
    'postgres',
    'postgresql',
    'kurrentdb',
    'esdb',
    'kurrentdb+discover',
  ]).optional(),
  /**
   * The PostgreSQL that keeps each person's key (docs/security.md); unset, the SQL event
   * store's own database keeps them under a schema of their own. Required with KurrentDB.
   */
  KEY_STORE_URL: url(['postgres', 'postgresql']).optional(),
};

/** Car feed streams open at once: in all, and per client (an API key, else an address). */
const feedStreams = {
  FEED_MAX_STREAMS: positiveInt(100),
  FEED_MAX_STREAMS_PER_CLIENT: positiveInt(4),
  /** How far back (hours) a follower without an API key may start. */
  FEED_ANONYMOUS_HISTORY_HOURS: positiveInt(168),
};

/** Requests per client address per minute. */
const rateLimits = {
  RATE_LIMIT_MAX: positiveInt(300),
  RATE_LIMIT_UPLOADS: positiveInt(30),
  RATE_LIMIT_TOKENS: positiveInt(30),
};

/**
 * Whose X-Forwarded-For names the client (for the rate limits and logs). Behind the gateway a
 * service believes the gateway's; anything else is the connection's own address.
 */
const behindGateway = { TRUSTED_PROXIES: addressList('loopback') };

const readModel = {
  DATABASE_URL: url(['postgres', 'postgresql']).default('postgres://postgres@127.0.0.1:5432/test'),
};

const images = {
  IMAGE_STORAGE: z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
  IMAGE_DIR: pathVariable('./data/images'),
  IMAGE_PUBLIC_BASE_URL: z.string().default('/images'),
  IMAGE_MAX_BYTES: positiveInt(8 * 1024 * 1024),
  IMAGE_MAX_PIXELS: positiveInt(40_000_000),
  IMAGE_HOSTS: hostList,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
};

const requireStoreUrl = (
  value: {
    EVENT_STORE: string;
    EVENT_STORE_URL?: string | undefined;
    KEY_STORE_URL?: string | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  if (value.EVENT_STORE !== 'pglite' && !value.EVENT_STORE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['EVENT_STORE_URL'],
      message: `required when EVENT_STORE is ${value.EVENT_STORE}`,
    });
  }
  if (value.EVENT_STORE === 'kurrentdb' && !value.KEY_STORE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['KEY_STORE_URL'],
      message: 'required when EVENT_STORE is kurrentdb',
    });
  }
};

const requireBucket = (
  value: { IMAGE_STORAGE: string; S3_BUCKET?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.IMAGE_STORAGE === 's3' && !value.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'required when IMAGE_STORAGE is s3',
    });
  }
};

/**
 * How far behind the store a projection or reactor may be for `/health/ready` to answer ready:
 * events not applied yet, and the age of the oldest of them.
 */
const readiness = {
  READY_MAX_LAG_EVENTS: positiveInt(1000),
  READY_MAX_LAG_SECONDS: positiveInt(300),
};

/**
 * Which addresses a webhook's host may resolve to: `public` only, `loopback` too (this
 * machine), or `private` too (private networks). Link-local and the like never.
 */
const webhookTargets = (fallback: 'public' | 'loopback' | 'private') =>
  z
    .enum(['public', 'loopback', 'private'], { error: 'expected public, loopback or private' })
    .default(fallback);

/**
 * The waits between a webhook's attempts, in order: durations such as `5s`, `5m`, `2h`
 * separated by commas; a message is given up after the last.
 */
const retryDelays = z
  .string()
  .default('5s,5m,30m,2h,5h,10h,10h')
  .transform((value, ctx) => {
    const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
    const delays = value.split(',').map((part) => {
      const match = /^\s*(\d+)(ms|s|m|h)\s*$/.exec(part);
      return match ? Number(match[1]) * (units[match[2] as string] ?? 0) : Number.NaN;
    });
    if (delays.length === 0 || delays.some((ms) => !Number.isFinite(ms))) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected durations such as 5s,5m,30m,2h separated by commas',
      });
      return z.NEVER;
    }
    return delays;
  });

/**
 * The names a process answers in a request's Host header (421 otherwise), besides addresses,
 * `localhost` and its PUBLIC_URL's host: for instance the name other services reach it by.
 */
const allowedHosts = { ALLOWED_HOSTS: hostList };

/**
 * The address the marketplace is reached at (`https://cars.example.com`): the absolute links of
 * shared pages, the sitemap, robots.txt and the AsyncAPI document start with it, and its host is
 * answered. Unset, the address a process is started at on this machine (see each process).
 */
const publicUrl = {
  PUBLIC_URL: origin.optional(),
  ...allowedHosts,
};

/** How long an answer stored under an Idempotency-Key is replayed. */
const idempotencyRetention = positiveInt(24);

/** What is kept only for a while, and how often the system prunes it (docs/operations.md). */
const retention = {
  NOTIFICATION_RETENTION_DAYS: positiveInt(180),
  WEBHOOK_DELIVERY_RETENTION_DAYS: positiveInt(30),
  IDEMPOTENCY_RETENTION_HOURS: idempotencyRetention,
  PRUNE_INTERVAL_MINUTES: positiveInt(60),
};

export const commandServiceSettings = z
  .object({
    ...logging,
    ...firebase,
    ...eventStore,
    ...images,
    HOST: z.string().default('0.0.0.0'),
    PORT: port(3001),
    JWT_SECRET: secret,
    RATE_LIMIT_MAX: rateLimits.RATE_LIMIT_MAX,
    RATE_LIMIT_UPLOADS: rateLimits.RATE_LIMIT_UPLOADS,
    IDEMPOTENCY_RETENTION_HOURS: idempotencyRetention,
    WEBHOOK_TARGETS: webhookTargets('public'),
    ...behindGateway,
    ...publicUrl,
  })
  .superRefine(requireStoreUrl)
  .superRefine(requireBucket);

export const queryServiceSettings = z
  .object({
    ...logging,
    ...firebase,
    ...eventStore,
    ...readModel,
    HOST: z.string().default('0.0.0.0'),
    PORT: port(3002),
    JWT_SECRET: secret,
    READ_YOUR_WRITES_TIMEOUT_MS: positiveInt(2000),
    RATE_LIMIT_TOKENS: rateLimits.RATE_LIMIT_TOKENS,
    ...feedStreams,
    ...behindGateway,
    ...publicUrl,
  })
  .superRefine(requireStoreUrl);

export const projectionServiceSettings = z
  .object({
    ...logging,
    // Its reactors delete a deleted user's sign-in account.
    FIREBASE_PROJECT_ID: firebase.FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: firebase.FIREBASE_AUTH_EMULATOR_HOST,
    ...eventStore,
    ...readModel,
    HOST: z.string().default('0.0.0.0'),
    PORT: port(3003),
    ...allowedHosts,
    PROJECTION_BATCH_SIZE: positiveInt(500),
    ...readiness,
    // Its webhook deliverer signs with secrets derived from the service-token secret.
    JWT_SECRET: secret,
    WEBHOOK_TARGETS: webhookTargets('public'),
    WEBHOOK_RETRY_DELAYS: retryDelays,
    ...retention,
  })
  .superRefine(requireStoreUrl);

export const gatewaySettings = z.object({
  ...logging,
  ...firebase,
  HOST: z.string().default('0.0.0.0'),
  PORT: port(3000),
  COMMAND_URL: url(['http', 'https']).default('http://127.0.0.1:3001'),
  QUERY_URL: url(['http', 'https']).default('http://127.0.0.1:3002'),
  WEB_DIST: pathVariable('./web/dist'),
  // In front of everything: only a load balancer of the operator's may name the client.
  TRUSTED_PROXIES: addressList(''),
  ...publicUrl,
});

export const allInOneSettings = z.object({
  ...logging,
  FIREBASE_PROJECT_ID: firebase.FIREBASE_PROJECT_ID,
  FIREBASE_API_KEY: firebase.FIREBASE_API_KEY,
  HOST: z.string().default('127.0.0.1'),
  PORT: port(3000),
  DATA_DIR: pathVariable('./data'),
  // PostgreSQL run beside the process, or PGlite inside it; `auto` keeps what DATA_DIR holds.
  EMBEDDED_DATABASE: z
    .enum(['auto', 'postgres', 'pglite'], { error: 'expected auto, postgres or pglite' })
    .default('auto'),
  AUTH_EMULATOR_PORT: port(9099),
  JWT_SECRET: secret.optional(),
  SEED_DEMO_DATA: flag(true),
  WEB_DIST: pathVariable('./web/dist'),
  ...publicUrl,
  IMAGE_MAX_BYTES: images.IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS: images.IMAGE_MAX_PIXELS,
  IMAGE_HOSTS: images.IMAGE_HOSTS,
  READ_YOUR_WRITES_TIMEOUT_MS: positiveInt(2000),
  ...rateLimits,
  ...feedStreams,
  ...retention,
  ...readiness,
  // A developer's machine: webhooks may reach it (the start says so).
  WEBHOOK_TARGETS: webhookTargets('loopback'),
  WEBHOOK_RETRY_DELAYS: retryDelays,
  // The one port is the public one: `/metrics` is served there only when asked.
  METRICS: z
    .enum(['off', 'loopback', 'on'], { error: 'expected off, loopback or on' })
    .default('off'),
});

/** `npm run projections -- status|rebuild`: on a PostgreSQL read model, or the all-in-one's PGlite. */
export const projectionsCliSettings = z
  .object({
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    PGLITE_DIR: pathVariable(),
    EVENT_STORE: storeKind.optional(),
    EVENT_STORE_URL: eventStore.EVENT_STORE_URL,
    KEY_STORE_URL: eventStore.KEY_STORE_URL,
    PROJECTION_BATCH_SIZE: positiveInt(10_000),
  })
  .superRefine((env, ctx) => {
    if (!env.DATABASE_URL && !env.PGLITE_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'set DATABASE_URL (a postgres:// URL) or PGLITE_DIR',
      });
    }
    const store = env.EVENT_STORE ?? (env.PGLITE_DIR ? 'pglite' : 'postgres');
    if (store === 'pglite' && !env.PGLITE_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['PGLITE_DIR'],
        message: 'required when EVENT_STORE is pglite',
      });
    }
    requireStoreUrl({ ...env, EVENT_STORE: store }, ctx);
  });

/** `npm run backup` and `npm run restore`: the all-in-one's data directory. */
export const backupSettings = z.object({
  DATA_DIR: allInOneSettings.shape.DATA_DIR,
});

export type CommandServiceSettings = z.infer<typeof commandServiceSettings>;
export type QueryServiceSettings = z.infer<typeof queryServiceSettings>;
export type ProjectionServiceSettings = z.infer<typeof projectionServiceSettings>;
export type GatewaySettings = z.infer<typeof gatewaySettings>;
export type AllInOneSettings = z.infer<typeof allInOneSettings>;

/**
 * The tracing variables every process started through `scripts/run.mjs` reads (checked there,
 * before the process's own settings): the OpenTelemetry SDK's standard names. The SDK reads
 * the rest of its `OTEL_*` family itself.
 */
export const tracingVariableNames = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME'] as const;

/** Every variable name any process reads. */
export const allVariableNames = (): string[] => {
  const names = new Set<string>(tracingVariableNames);
  for (const schema of [
    commandServiceSettings,
    queryServiceSettings,
    projectionServiceSettings,
    gatewaySettings,
    allInOneSettings,
    projectionsCliSettings,
    backupSettings,
  ]) {
    for (const key of Object.keys(schema.shape)) names.add(key);
  }
  return [...names].sort();
};
