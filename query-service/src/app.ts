import rateLimit from '@fastify/rate-limit';
import { DEFAULT_PUBLIC_URL, hostRule } from '@second-gear/config';
import type { EventStore } from '@second-gear/event-store';
import {
  type ApiKeyVerifier,
  ASYNCAPI_PATH,
  apiKeyVerifier,
  asyncApiDocument,
  auditReadRoutes,
  bookingReadRoutes,
  carReadRoutes,
  categoryReadRoutes,
  feedRoutes,
  integrationReadRoutes,
  memberReadRoutes,
  messageReadRoutes,
  moderationReadRoutes,
  placeReadRoutes,
  reviewReadRoutes,
  sellerReadRoutes,
  sitemapRoutes,
  timeTravelRoutes,
  userReadRoutes,
} from '@second-gear/features';
import type { QueryContext } from '@second-gear/features/platform/reads/context.ts';
import { SharedSubscription } from '@second-gear/features/platform/reads/shared-subscription.ts';
import {
  type StreamLimits,
  streamSlots,
} from '@second-gear/features/platform/reads/stream-slots.ts';
import { type FirebaseAuth, serviceTokens } from '@second-gear/identity';
import {
  countParked,
  LIVE_SCHEMA,
  type ReadModelChanges,
  type ReadModelDb,
  readCheckpoints,
  readModelPosition,
} from '@second-gear/read-model';
import {
  answers,
  createMetricsRegistry,
  createServiceApp,
  type LogOptions,
  type Registry,
  type ServiceApp,
} from '@second-gear/service-http';
import { answerCache } from './answer-cache.ts';
import { readYourWrites } from './read-your-writes.ts';
import { opsRoutes } from './routes/ops.ts';

export const OPENAPI_PATH = '/api/openapi/queries.json';

export interface QueryServiceOptions {
  /** The read model (Kysely on pg or PGlite); the service only reads it. */
  db: ReadModelDb;
  /** The event store, for the integrator feed (read only: it never appends). */
  store: EventStore;
  /** Verifies Firebase ID tokens on `GET /api/jwt`. */
  auth: Pick<FirebaseAuth, 'verifyIdToken'>;
  /** The shared HS256 secret of the service token (at least 32 characters). */
  tokenSecret: string;
  /** Longest wait for `X-Min-Position` (default 2000 ms). */
  readYourWritesTimeoutMs?: number;
  /**
   * How often the checkpoints are read while requests wait for `X-Min-Position`, in case a
   * commit notification was lost (default 1 s; 20 ms without `changes`).
   */
  readYourWritesRecheckMs?: number;
  /** `false` silences logs. */
  logger?: false | LogOptions;
  /** The read model's schema (default `read_model`). */
  schema?: string;
  /** The proxies in front (the gateway) whose X-Forwarded-For names the client, for rate limits. */
  trustProxy?: boolean | string[];
  /**
   * Token exchanges (`GET /api/jwt`) per client address per window (a minute by default);
   * absent or `false`, none. Other reads are not limited.
   */
  rateLimit?: false | { tokens?: number; timeWindow?: string | number };
  /** Interval of the feed's keep-alive messages (default 15 s). */
  feedHeartbeatMs?: number;
  /**
   * Car feed streams open at once: in all (default 100) and per client, an API key or else an
   * address (default 4); one more is answered 429.
   */
  feedStreams?: Partial<StreamLimits>;
  /**
   * How far back a feed follower without an API key may start (hours, default 168): one who
   * asks for older events is told to use a key.
   */
  feedAnonymousHistoryHours?: number;
  /**
   * The projectors' commit notifications. With them, a request waiting for `X-Min-Position` is
   * released by the commit that reaches it, and answers carry an `ETag` and public ones are
   * kept in memory until the read model changes. Without them the checkpoints are polled while
   * requests wait, and every read goes to the database.
   */
  changes?: ReadModelChanges;
  /** Keep answers between commits when `changes` are given (default true; false to measure reads). */
  keepAnswers?: boolean;
  /**
   * Where to count requests, waits for positions and kept answers (served as `GET /metrics`);
   * by default a registry of its own, with Node's metrics. The all-in-one passes the one its
   * parts share.
   */
  metrics?: Registry;
  /**
   * The marketplace's origin (`https://cars.example.com`): the sitemap's links and the AsyncAPI
   * document's server start with it, and its host is answered. Default `DEFAULT_PUBLIC_URL`.
   */
  publicUrl?: string | undefined;
  /** The names answered besides addresses, `localhost` and the public URL's host. */
  allowedHosts?: readonly string[];
  /** Cars per sitemap file (default and most 50,000). */
  sitemapCarsPerFile?: number;
}

/** The OpenAPI document's description of the service (a new object for each app). */
const openapiOf = () => ({
  jsonPath: OPENAPI_PATH,
  title: 'Second Gear queries',
  description:
    'Every read of the marketplace. Lists answer arrays; page with ?page=&limit= and read ' +
    'the totals in X-Total-Count and Link. Send X-Min-Position to read your own writes; ' +
    'the answer says X-Position-Reached and X-Projection-Position. Errors are ' +
    'application/problem+json.',
  tags: [
    { name: 'users', description: 'The service token, and user records' },
    { name: 'categories', description: 'The categories cars are listed in' },
    { name: 'cars', description: 'Cars: lists, searches, facets, one car and its history' },
    { name: 'places', description: 'The towns a car can be listed at or searched near' },
    { name: 'bookings', description: "A seller's bookings received, a buyer's purchases" },
    { name: 'audit', description: 'Who did what to whom and when' },
    { name: 'feed', description: 'Car events for integrators, as server-sent events' },
    {
      name: 'operations',
      description: 'How the projections and reactors stand, for the operations page',
    },
    {
      name: 'integrations',
      description: "Integrators' API keys and webhook endpoints, with their deliveries",
    },
    {
      name: 'members',
      description:
        'What a signed-in user keeps and hears: favourites, saved searches, notifications',
    },
    {
      name: 'messages',
      description: "Conversations between a car's buyer and its seller, for their two parties only",
    },
    {
      name: 'moderation',
      description: 'Reports on cars, users, messages and reviews, as the admins settle them',
    },
    {
      name: 'sellers',
      description: "Sellers' public profiles and the reviews of buyers who met them",
    },
  ],
});

/** What `/health` adds: parked events (then degraded), and the projections' position. */
const healthOf = (options: QueryServiceOptions, schema: string) => async () => {
  const parked = await countParked(options.db, schema);
  return {
    // Events the projections could not apply are missing from the answers: an operator
    // should look (`npm run projections -- parked`), though reads go on.
    ...(Object.keys(parked).length > 0 ? { status: 'degraded', parked } : {}),
    projectionPosition: (await readModelPosition(options.db, schema))?.toString() ?? null,
  };
};

/**
 * Ready when the read model and the store (the feed, positions) answer. How far the
 * projections are behind is the projection service's readiness: taking every query replica
 * out of service for it would turn stale reads into no reads.
 */
const readinessOf = (options: QueryServiceOptions, schema: string) => async () => {
  const reasons = [
    ...(await answers('the read model', () => readCheckpoints(options.db, schema))),
    ...(await answers('the event store', () => options.store.headPosition())),
  ];
  return { ready: reasons.length === 0, reasons };
};

const contextOf = (
  options: QueryServiceOptions,
  schema: string,
  limits: Exclude<QueryServiceOptions['rateLimit'], false>,
): QueryContext => ({
  db: options.db,
  schema,
  store: options.store,
  auth: options.auth,
  feed: {
    heartbeatMs: options.feedHeartbeatMs ?? 15_000,
    streams: streamSlots({
      total: options.feedStreams?.total ?? 100,
      perClient: options.feedStreams?.perClient ?? 4,
    }),
    live: new SharedSubscription(options.store),
    anonymousHistoryMs: (options.feedAnonymousHistoryHours ?? 168) * 3_600_000,
  },
  ...(options.changes ? { changes: options.changes } : {}),
  ...(limits === undefined
    ? {}
    : {
        tokenRateLimit: {
          max: limits.tokens ?? 30,
          timeWindow: limits.timeWindow ?? '1 minute',
        },
      }),
});

/** Every route, in the order the OpenAPI document lists them. */
const routes = (
  app: ServiceApp,
  ctx: QueryContext,
  keys: ApiKeyVerifier,
  options: QueryServiceOptions,
): void => {
  userReadRoutes(app, ctx);
  categoryReadRoutes(app, ctx);
  carReadRoutes(app, ctx);
  placeReadRoutes(app);
  bookingReadRoutes(app, ctx);
  auditReadRoutes(app, ctx);
  // Beside the OpenAPI documents: the AsyncAPI document of the feed and the webhooks.
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  app.get(ASYNCAPI_PATH, { schema: { hide: true } }, async () => asyncApiDocument(publicUrl));
  feedRoutes(app, ctx, keys);
  integrationReadRoutes(app, ctx, keys);
  memberReadRoutes(app, ctx);
  messageReadRoutes(app, ctx);
  moderationReadRoutes(app, ctx);
  sellerReadRoutes(app, ctx);
  reviewReadRoutes(app, ctx);
  timeTravelRoutes(app, ctx);
  opsRoutes(app, ctx);
  sitemapRoutes(app, ctx, {
    publicUrl,
    ...(options.sitemapCarsPerFile === undefined
      ? {}
      : { carsPerFile: options.sitemapCarsPerFile }),
  });
};

/** The query service: every read of the API, as a Fastify app ready to listen. */
export async function buildQueryService(options: QueryServiceOptions): Promise<ServiceApp> {
  const schema = options.schema ?? LIVE_SCHEMA;
  const metrics = options.metrics ?? createMetricsRegistry('query-service');
  const app = await createServiceApp({
    name: 'query-service',
    logger: options.logger ?? {},
    trustProxy: options.trustProxy ?? false,
    hosts: hostRule({
      publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
      allowed: options.allowedHosts,
    }),
    openapi: openapiOf(),
    health: healthOf(options, schema),
    ready: readinessOf(options, schema),
    metrics,
  });
  await app.register(serviceTokens, { secret: options.tokenSecret });
  const limits = options.rateLimit === false ? undefined : options.rateLimit;
  if (limits !== undefined) await app.register(rateLimit, { global: false });

  const ctx = contextOf(options, schema, limits);
  readYourWrites(app, {
    db: options.db,
    schema,
    store: options.store,
    changes: options.changes,
    timeoutMs: options.readYourWritesTimeoutMs ?? 2000,
    recheckMs: options.readYourWritesRecheckMs,
    metrics,
  });
  if (options.changes && options.keepAnswers !== false) {
    answerCache(app, { db: options.db, schema, changes: options.changes, metrics });
  }
  // Keys on the feed and the webhook reads; their last uses are the one thing this service
  // writes (src/api-keys.ts).
  const keys = apiKeyVerifier(app, ctx);
  routes(app, ctx, keys, options);
  return app;
}
