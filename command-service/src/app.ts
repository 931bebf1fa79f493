import rateLimit from '@fastify/rate-limit';
import { DEFAULT_PUBLIC_URL, hostRule } from '@second-gear/config';
import type { EventStore } from '@second-gear/event-store';
import {
  apiKeyWriteRoutes,
  bookingWriteRoutes,
  carWriteRoutes,
  categoryWriteRoutes,
  commandDecider,
  evolveUser,
  expiryWriteRoutes,
  initialUserState,
  memberWriteRoutes,
  messageWriteRoutes,
  moderationWriteRoutes,
  parseDomainEvent,
  reviewWriteRoutes,
  streams,
  userWriteRoutes,
  webhookWriteRoutes,
} from '@second-gear/features';
import { CommandHandler } from '@second-gear/features/platform/commands/command-handler.ts';
import { commandRunner } from '@second-gear/features/platform/commands/command-route.ts';
import { appendMetrics } from '@second-gear/features/platform/commands/metrics.ts';
import { StreamReader } from '@second-gear/features/platform/commands/stream-reader.ts';
import { type FirebaseAuth, serviceTokens } from '@second-gear/identity';
import {
  answers,
  createMetricsRegistry,
  createServiceApp,
  type LogOptions,
  type Registry,
  type ServiceApp,
} from '@second-gear/service-http';
import type { ResolveHost, TargetRules } from '@second-gear/webhooks';
import { apiKeyVerifier } from './api-keys/verifier.ts';
import { type ImageStorage, imagesRoutes, pictureCheck, serveLocalImages } from './images/index.ts';

export const OPENAPI_PATH = '/api/openapi/commands.json';

export type RateLimitOptions = {
  /** Writes allowed per client address in each window, all routes together. Default 300. */
  writes?: number;
  /** Picture uploads allowed per client address in each window. Default 30. */
  uploads?: number;
  /** The window: milliseconds or a duration like `'1 minute'`. Default one minute. */
  timeWindow?: number | string;
};

export type CommandServiceOptions = {
  store: EventStore;
  /** Firebase Authentication: verifies ID tokens on `POST /api/user`, deletes accounts. */
  auth: Pick<FirebaseAuth, 'verifyIdToken'>;
  /** The shared HS256 secret of the service token (at least 32 characters). */
  tokenSecret: string;
  /** Car pictures (`POST /api/images`). */
  images: {
    storage: ImageStorage;
    /** Largest upload in bytes (413 above). */
    maxBytes: number;
    /** Largest picture in pixels, width × height (413 above). */
    maxPixels: number;
    /** With local storage: the directory to serve under `GET /images/:name`. */
    serveDir?: string;
    /**
     * Hosts whose picture addresses a car may name as they are; every other address must be
     * one `POST /api/images` answered (400 otherwise).
     */
    hosts?: readonly string[];
  };
  /**
   * Idempotency-Key support; on by default. An answer is replayed for `retentionMs` (24 hours
   * by default), after which the key may serve a new request.
   */
  idempotency?: { enabled?: boolean; retentionMs?: number };
  /** `false` silences logs. */
  logger?: false | LogOptions;
  /**
   * Requests per client address per window (a minute by default): one budget for all the
   * writes of a client, another, tighter, for picture uploads; `false` turns them off, and the
   * senders' budgets of messages too.
   */
  rateLimit?: false | RateLimitOptions;
  /** Largest JSON body in bytes (413 above). Default 64 KiB: no command needs more. */
  bodyLimit?: number;
  /** The proxies in front (the gateway) whose X-Forwarded-For names the client, for rate limits. */
  trustProxy?: boolean | string[];
  /** The names answered besides addresses and `localhost`: the public URL's host and those told. */
  hosts?: { publicUrl?: string | undefined; allowed?: readonly string[] };
  /** The clock that stamps events and says whether a meetup has passed. */
  now?: () => Date;
  /**
   * Webhook endpoints: which addresses their hosts may resolve to (`public` by default), and
   * how hosts are resolved (the system's resolver by default).
   */
  webhooks?: { targets?: TargetRules; resolve?: ResolveHost };
  /**
   * Where to count requests and appends (served as `GET /metrics`); by default a registry of
   * its own, with Node's metrics. The all-in-one passes the one its parts share.
   */
  metrics?: Registry;
};

/**
 * The plugin's own counter, shared by every route without a limit of its own, is the one
 * budget of a client's writes; reads here (health, the OpenAPI document, images) are free.
 */
const limitWrites = async (
  app: ServiceApp,
  limits: Exclude<CommandServiceOptions['rateLimit'], false | undefined>,
): Promise<void> => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.writes ?? 300,
    timeWindow: limits.timeWindow ?? '1 minute',
  });
};

/** Every command's route, in their own plugin. */
const commandRoutes = async (
  app: ServiceApp,
  options: CommandServiceOptions,
  run: ReturnType<typeof commandRunner>,
): Promise<void> => {
  await app.register(async (routes) => {
    await userWriteRoutes(routes as ServiceApp, { run, auth: options.auth });
    await categoryWriteRoutes(routes as ServiceApp, { run });
    await carWriteRoutes(routes as ServiceApp, {
      run,
      store: options.store,
      checkPictures: pictureCheck({
        storage: options.images.storage,
        ...(options.images.hosts ? { hosts: options.images.hosts } : {}),
      }),
    });
    bookingWriteRoutes(routes as ServiceApp, { run });
    await memberWriteRoutes(routes as ServiceApp, { run, store: options.store });
    messageWriteRoutes(routes as ServiceApp, { run, limited: options.rateLimit !== false });
    moderationWriteRoutes(routes as ServiceApp, { run });
    expiryWriteRoutes(routes as ServiceApp, { run });
    reviewWriteRoutes(routes as ServiceApp, { run, ...(options.now ? { now: options.now } : {}) });
    await apiKeyWriteRoutes(routes as ServiceApp, { run });
    const { authenticatedOrApiKey } = apiKeyVerifier(routes as ServiceApp, options.store);
    await webhookWriteRoutes(routes as ServiceApp, {
      run,
      store: options.store,
      authenticate: authenticatedOrApiKey,
      serverSecret: options.tokenSecret,
      targets: options.webhooks?.targets ?? { policy: 'public' },
      ...(options.webhooks?.resolve ? { resolve: options.webhooks.resolve } : {}),
    });
  });
};

/** The upload of car pictures, and where they are served from when stored on disk. */
const pictureRoutes = async (
  app: ServiceApp,
  options: CommandServiceOptions,
  limits: Exclude<CommandServiceOptions['rateLimit'], false | undefined> | undefined,
): Promise<void> => {
  await app.register(imagesRoutes, {
    ...(limits === undefined
      ? {}
      : {
          rateLimit: { max: limits.uploads ?? 30, timeWindow: limits.timeWindow ?? '1 minute' },
        }),
    storage: options.images.storage,
    maxBytes: options.images.maxBytes,
    maxPixels: options.images.maxPixels,
    // As every other write: the role the uploader's own record holds now.
    mayUpload: async (actor) => {
      const user = (
        await new StreamReader(options.store, parseDomainEvent).read(streams.user(actor.uid))
      ).reduce(evolveUser, initialUserState());
      return user.status === 'active' && (user.role === 'Seller' || user.role === 'Admin');
    },
  });
  if (options.images.serveDir !== undefined) {
    await app.register(serveLocalImages, { dir: options.images.serveDir });
  }
};

/** The command service: every write of the API, as a Fastify app ready to listen. */
export async function buildCommandService(options: CommandServiceOptions): Promise<ServiceApp> {
  const metrics = options.metrics ?? createMetricsRegistry('command-service');
  const app = await createServiceApp({
    name: 'command-service',
    logger: options.logger ?? {},
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: options.trustProxy ?? false,
    hosts: hostRule({
      publicUrl: options.hosts?.publicUrl ?? DEFAULT_PUBLIC_URL,
      allowed: options.hosts?.allowed,
    }),
    openapi: {
      jsonPath: OPENAPI_PATH,
      title: 'Second Gear commands',
      description:
        'Every write of the marketplace. Answers carry the position of their last event ' +
        '(body `position`, header `X-Event-Position`); errors are application/problem+json.',
      tags: [{ name: 'commands', description: 'Every write, and the upload of car pictures' }],
    },
    health: async () => ({ position: ((await options.store.headPosition()) ?? 0n).toString() }),
    // Ready when the event store answers: every command reads and appends there.
    ready: async () => {
      const reasons = await answers('the event store', () => options.store.headPosition());
      return { ready: reasons.length === 0, reasons };
    },
    metrics,
  });

  // Commands take JSON only (images take multipart in their own routes): text is 415, not 400.
  app.removeContentTypeParser('text/plain');

  const limits = options.rateLimit === false ? undefined : options.rateLimit;
  if (limits !== undefined) await limitWrites(app, limits);

  await app.register(serviceTokens, { secret: options.tokenSecret });

  const handler = new CommandHandler({
    decider: commandDecider,
    store: options.store,
    metrics: appendMetrics(metrics),
    ...(options.now ? { now: options.now } : {}),
    ...(options.idempotency?.retentionMs === undefined
      ? {}
      : { idempotencyRetentionMs: options.idempotency.retentionMs }),
  });
  const run = commandRunner(handler, { idempotency: options.idempotency?.enabled ?? true });
  await commandRoutes(app, options, run);
  await pictureRoutes(app, options, limits);
  return app;
}
