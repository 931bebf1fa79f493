import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { buildCommandService, localImageStorage } from '@second-gear/command-service';
import { hostRule } from '@second-gear/config';
import type { EventStore } from '@second-gear/event-store';
import {
  buildWebApp,
  injectedFetch,
  pageReadersOver,
  type Target,
  targetFor,
} from '@second-gear/gateway';
import { type AuthEmulator, createFirebaseAuth, startAuthEmulator } from '@second-gear/identity';
import {
  identityAccountsReactor,
  type ListingTerms,
  personalKeysReactor,
  projectionCounters,
  type RunningReactors,
  reactorCounters,
  startHousekeeping,
  startListingTerms,
  startProjections,
  startReactors,
  startWebhooks,
  subscriptionGauges,
  subscriptionsHealth,
  subscriptionsReadiness,
  watchSubscriptions,
} from '@second-gear/projection-service';
import { buildQueryService, readModelVersionOf } from '@second-gear/query-service';
import {
  createMetricsRegistry,
  DATA_ANSWER_HEADERS,
  fromLoopback,
  type LogOptions,
  loggerOptions,
  type Registry,
  refusedHost,
  type ServiceApp,
  sendMetrics,
} from '@second-gear/service-http';
import type { ResolveHost, TargetPolicy, TargetRules } from '@second-gear/webhooks';
import { pino } from 'pino';
import {
  type EmbeddedDatabase,
  type OpenEmbeddedDatabase,
  openEmbeddedDatabase,
} from './embedded-database.ts';
import { embeddedPostgresUnavailable } from './embedded-postgres.ts';
import { dataDirSecret } from './secret.ts';
import { seedDemoData } from './seed.ts';

export interface MarketplaceOptions {
  dataDir: string;
  /**
   * The embedded database: PostgreSQL run as a child process (`postgres`), PGlite in this
   * process (`pglite`), or `auto` (the default): the one the data directory already holds,
   * else PostgreSQL where it can run, else PGlite.
   */
  database?: 'auto' | EmbeddedDatabase;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** 0 picks a free port. */
  authEmulatorPort?: number;
  /** An Auth Emulator already running, used instead of starting one (`npm run dev`'s). */
  authEmulatorHost?: string;
  /** The built web app; `false` serves no pages (in development Vite does). */
  webDist?: string | false;
  projectId?: string;
  apiKey?: string;
  jwtSecret?: string;
  seed?: boolean;
  logLevel?: LogOptions['level'];
  imageMaxBytes?: number;
  imageMaxPixels?: number;
  /** Hosts whose picture addresses a car may name as they are (none by default). */
  imageHosts?: readonly string[];
  readYourWritesTimeoutMs?: number;
  /** How often reads waiting for a position look again without a commit (default 1 s). */
  readYourWritesRecheckMs?: number;
  /**
   * Per client address per minute: writes (default 300), picture uploads (30) and token
   * exchanges (30); `false` turns them off.
   */
  rateLimits?: false | { writes?: number; uploads?: number; tokens?: number };
  /** Car feed streams open at once: in all (default 100) and per client (4). */
  feedStreams?: { total?: number; perClient?: number };
  /** How far back a feed follower without an API key may start (hours, default 168). */
  feedAnonymousHistoryHours?: number;
  /** How long an Idempotency-Key's answer is replayed (default 24 hours). */
  idempotencyRetentionMs?: number;
  /** How long notifications and webhook deliveries are kept (180 and 30 days), pruned how often (1 hour). */
  retention?: { notificationDays?: number; webhookDeliveryDays?: number; pruneEveryMs?: number };
  /** Keep public answers in memory between commits (default true; false to measure reads). */
  keepAnswers?: boolean;
  /**
   * Who may read `GET /metrics` on the one port, which is the public one: nobody (`off`, the
   * default), clients on this machine (`loopback`), or anyone (`on`).
   */
  metrics?: 'off' | 'loopback' | 'on';
  /** How far behind a projection or reactor may be for `/health/ready` (1000 events, 300 s). */
  readyMaxLag?: { events?: number; seconds?: number };
  /**
   * Where webhooks may go: `loopback` by default (this machine and public addresses), for
   * developing a receiver locally; `public` or `private` as in the distributed mode.
   */
  webhookTargets?: TargetPolicy;
  /** The waits between a webhook's attempts (about a day in all by default). */
  webhookRetryDelaysMs?: readonly number[];
  /** How webhook hosts are resolved (the system's resolver by default). */
  webhookResolve?: ResolveHost;
  /**
   * The marketplace's origin (`https://cars.example.com`) for the absolute links of pages'
   * heads, robots.txt and the sitemap; absent, the port's own (`http://127.0.0.1:3000`).
   */
  publicUrl?: string | undefined;
  /**
   * The names answered besides addresses, `localhost` and the public URL's host (421 otherwise):
   * a page elsewhere must not reach the marketplace under its own name (docs/security.md).
   */
  allowedHosts?: readonly string[];
  /** Cars per sitemap file (default and most 50,000). */
  sitemapCarsPerFile?: number;
  /** How long a car's page waits for its car before answering with the generic head (1.5 s). */
  carReadTimeoutMs?: number;
  /** Progress lines (starting, seeding, ready). */
  say?: (line: string) => void;
  /**
   * The marketplace's clock: what stamps events, judges listings' terms and says whether a
   * meetup has passed. The system's by default (tests move it).
   */
  now?: () => Date;
}

export interface RunningMarketplace {
  url: string;
  /** The embedded database the marketplace runs on. */
  database: EmbeddedDatabase;
  authEmulator: Pick<AuthEmulator, 'host' | 'url' | 'ports'>;
  store: EventStore;
  /** Every part's metrics, the one registry `GET /metrics` serves. */
  metrics: Registry;
  /** The reactors, with how far each has followed the log. */
  reactors: Pick<RunningReactors, 'positions'>;
  /** The listings' terms: a look for those due, at the time `now` says. */
  listingTerms: Pick<ListingTerms, 'look'>;
  stop(): Promise<void>;
}

/** What each step of the start works from, and where it leaves what `stop` undoes. */
interface Start {
  options: MarketplaceOptions;
  say: (line: string) => void;
  dataDir: string;
  projectId: string;
  /** Undone last first by `stop`. */
  cleanups: (() => Promise<unknown>)[];
}

/** The Auth Emulator given, or one started as a child process under the data directory. */
const identityEmulator = async (
  start: Start,
  site: Site,
): Promise<Pick<AuthEmulator, 'host' | 'url' | 'ports'>> => {
  const { options, say, dataDir, projectId, cleanups } = start;
  if (options.authEmulatorHost) {
    const url = `http://${options.authEmulatorHost}`;
    return { host: options.authEmulatorHost, url, ports: [Number(new URL(url).port)] };
  }
  say('starting the Auth Emulator');
  const started = await startAuthEmulator({
    projectId,
    dataDir: join(dataDir, 'auth'),
    // Signing in as anyone is what an emulator is for: a page elsewhere must not reach it.
    hosts: { publicUrl: site.publicUrl, allowed: site.allowed },
    ...(options.authEmulatorPort ? { port: options.authEmulatorPort } : {}),
  });
  cleanups.push(() => started.stop());
  return started;
};

/** The event log and the read model, on the engine the data directory runs on. */
const openStorage = async (start: Start) => {
  const { options, say, dataDir, cleanups } = start;
  const database = await chooseDatabase(dataDir, options.database ?? 'auto', say);
  const opened = await openEmbeddedDatabase(dataDir, database, say);
  cleanups.push(() => opened.close());
  return { database, opened };
};

/**
 * The parts that follow the event log: the projections, then the identity service's client and
 * the server secret, the webhooks and the reactors (one of which keeps the identity service's
 * accounts in step), and the watch over how far behind they are.
 */
const startSubscriptions = async (
  start: Start,
  opened: OpenEmbeddedDatabase,
  authEmulator: Pick<AuthEmulator, 'host' | 'ports'>,
  ownPorts: readonly number[],
) => {
  const { options, say, dataDir, projectId, cleanups } = start;
  const { store, db, projecting } = opened;
  // One registry for the three parts, so one scrape sees them all.
  const metrics = createMetricsRegistry('all-in-one');
  // Projections and reactors log what goes wrong (a parked event, a failing effect).
  const log = pino(loggerOptions({ level: options.logLevel ?? 'info' }));
  const projections = await startProjections({
    ...projecting,
    logger: log,
    metrics: projectionCounters(metrics),
  });
  cleanups.push(() => projections.stop());

  const auth = createFirebaseAuth({ projectId, emulatorHost: authEmulator.host });
  cleanups.push(() => auth.close());
  const tokenSecret = options.jwtSecret ?? (await dataDirSecret(dataDir));
  const policy = options.webhookTargets ?? 'loopback';
  if (policy !== 'public') {
    say(`webhooks may be sent to ${policy} addresses (WEBHOOK_TARGETS=${policy})`);
  }
  // Never to the marketplace itself or its emulator, whose answers the delivery log would show.
  const webhookTargets: TargetRules = { policy, ownPorts: [...ownPorts, ...authEmulator.ports] };
  const webhooks = await startWebhooks({
    store,
    db,
    serverSecret: tokenSecret,
    targets: webhookTargets,
    ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
    ...(options.webhookResolve ? { resolve: options.webhookResolve } : {}),
    logger: log,
    metrics,
  });
  cleanups.push(() => webhooks.stop());
  const listingTerms = await startListingTerms({
    store,
    db,
    logger: log,
    ...(options.now ? { now: options.now } : {}),
  });
  cleanups.push(() => listingTerms.stop());
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
  cleanups.push(() => reactors.stop());
  const housekeeping = startHousekeeping({
    db,
    keys: store.keys,
    retention: {
      notificationDays: options.retention?.notificationDays ?? 180,
      webhookDeliveryDays: options.retention?.webhookDeliveryDays ?? 30,
      answerHours: (options.idempotencyRetentionMs ?? 24 * 3_600_000) / 3_600_000,
    },
    everyMs: options.retention?.pruneEveryMs ?? 3_600_000,
    onPruned: (pruned) => log.debug({ pruned }, 'pruned what is past its retention'),
    onError: (error) => log.warn({ err: error }, 'pruning failed; tried again at the next turn'),
  });
  cleanups.push(() => housekeeping.stop());
  const watch = watchSubscriptions({ store, db, projections, reactors });
  subscriptionGauges(metrics, watch);
  return {
    metrics,
    log,
    projections,
    reactors,
    listingTerms,
    watch,
    auth,
    tokenSecret,
    webhookTargets,
  };
};

type Subscriptions = Awaited<ReturnType<typeof startSubscriptions>>;

/** The command and query services, each ready to be handed requests in process. */
const startServices = async (
  start: Start,
  opened: OpenEmbeddedDatabase,
  { auth, tokenSecret, metrics, webhookTargets }: Subscriptions,
  site: Site,
) => {
  const { options, dataDir, cleanups } = start;
  const { store, db, listen } = opened;
  const logger = { level: options.logLevel ?? 'info' } as const;
  const imagesDir = join(dataDir, 'images');

  const command = await buildCommandService({
    store,
    auth,
    tokenSecret,
    images: {
      storage: localImageStorage({ dir: imagesDir, publicPath: '/images' }),
      maxBytes: options.imageMaxBytes ?? 8 * 1024 * 1024,
      maxPixels: options.imageMaxPixels ?? 40_000_000,
      serveDir: imagesDir,
      ...(options.imageHosts ? { hosts: options.imageHosts } : {}),
    },
    logger,
    metrics,
    rateLimit: options.rateLimits ?? {},
    hosts: site,
    webhooks: {
      targets: webhookTargets,
      ...(options.webhookResolve ? { resolve: options.webhookResolve } : {}),
    },
    ...(options.idempotencyRetentionMs === undefined
      ? {}
      : { idempotency: { retentionMs: options.idempotencyRetentionMs } }),
    ...(options.now ? { now: options.now } : {}),
  });
  cleanups.push(() => command.close());
  // The projectors' commits, heard in process: they release reads waiting for a position and
  // retire the answers kept in memory.
  const changes = await listen();
  cleanups.push(() => changes.close());
  const query = await buildQueryService({
    db,
    store,
    changes,
    keepAnswers: options.keepAnswers ?? true,
    auth,
    tokenSecret,
    readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 2000,
    ...(options.readYourWritesRecheckMs === undefined
      ? {}
      : { readYourWritesRecheckMs: options.readYourWritesRecheckMs }),
    rateLimit: options.rateLimits ?? {},
    ...(options.feedStreams === undefined ? {} : { feedStreams: options.feedStreams }),
    ...(options.feedAnonymousHistoryHours === undefined
      ? {}
      : { feedAnonymousHistoryHours: options.feedAnonymousHistoryHours }),
    logger,
    metrics,
    publicUrl: site.publicUrl,
    allowedHosts: site.allowed ?? [],
    ...(options.sitemapCarsPerFile === undefined
      ? {}
      : { sitemapCarsPerFile: options.sitemapCarsPerFile }),
  });
  cleanups.push(() => query.close());
  return { command, query };
};

/** The web app: its pages, rendered with what the query service answers in process. */
const startWeb = async (
  start: Start,
  opened: OpenEmbeddedDatabase,
  { projections, reactors, watch }: Subscriptions,
  query: ServiceApp,
  authEmulator: Pick<AuthEmulator, 'url'>,
  publicUrl: string,
) => {
  const { options, projectId, cleanups } = start;
  const { store, db } = opened;
  const web = await buildWebApp({
    distDir: options.webDist ?? 'web/dist',
    appConfig: {
      productName: 'Second Gear',
      firebase: {
        apiKey: options.apiKey ?? 'demo-api-key',
        authDomain: `${projectId}.firebaseapp.com`,
        projectId,
      },
      authEmulatorUrl: authEmulator.url,
    },
    health: () => subscriptionsHealth({ db, projections, reactors }),
    name: 'all-in-one',
    publicUrl,
    // A page's car and its content are read from the query service in process.
    readPage: pageReadersOver((path, signal) => injectedFetch(query)(path, { signal })),
    readQuery: injectedFetch(query),
    // Visitors' pages are kept at the version the query service keeps its answers at.
    pageVersion: readModelVersionOf(query),
    ...(options.carReadTimeoutMs === undefined
      ? {}
      : { carReadTimeoutMs: options.carReadTimeoutMs }),
    ready: () =>
      subscriptionsReadiness(watch, {
        store,
        db,
        limits: {
          maxLagEvents: options.readyMaxLag?.events ?? 1000,
          maxLagSeconds: options.readyMaxLag?.seconds ?? 300,
        },
      }),
  });
  cleanups.push(() => web.close());
  return web;
};

/** `/metrics` for whom the options allow; anyone else gets a 404 (not the web app's page). */
const metricsDoor = (
  metricsFor: 'off' | 'loopback' | 'on',
  { metrics, log }: Pick<Subscriptions, 'metrics' | 'log'>,
) => {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (metricsFor === 'on' || (metricsFor === 'loopback' && fromLoopback(req))) {
      sendMetrics(metrics, res).catch((error: unknown) => {
        log.error({ err: error }, 'metrics failed');
        res.destroy();
      });
      return;
    }
    // Not the web app's page either: the client's router would answer it with 200.
    res.writeHead(404, { ...DATA_ANSWER_HEADERS, 'content-type': 'application/problem+json' });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Metrics are not served here (see the METRICS setting).',
      }),
    );
  };
};

/** The one port, bound before the services are built (they need its address). */
interface Door {
  /** Where the port is reached on this machine (`http://127.0.0.1:3000`). */
  url: string;
  port: number;
  /** From now on, requests go to the services: until then they are answered 503. */
  open(apps: Record<Target, Pick<ServiceApp, 'routing'>>, subscriptions: Subscriptions): void;
}

/**
 * Binds the one port: every request naming a host the marketplace does not answer is refused
 * (421); `/metrics` goes to `metricsDoor`; every other request is dispatched into the service
 * the gateway's rule names, once the door is open.
 */
const bindDoor = async (start: Start): Promise<Door> => {
  const { options, cleanups } = start;
  // Without a configured public address the port's own is this machine's, answered anyway.
  const hosts = hostRule({ publicUrl: options.publicUrl, allowed: options.allowedHosts });
  let dispatch: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (refusedHost(hosts, req, res)) return;
    if (dispatch) return dispatch(req, res);
    res.writeHead(503, { ...DATA_ANSWER_HEADERS, 'retry-after': '1' }).end();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, host, done);
  });
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 3000);
  // An IPv6 address is written in brackets in a URL.
  const named = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${named}:${port}`,
    port,
    open(apps, subscriptions) {
      const metrics = metricsDoor(options.metrics ?? 'off', subscriptions);
      dispatch = (req, res) => {
        if ((req.url ?? '/').split('?', 1)[0] === '/metrics') return metrics(req, res);
        apps[targetFor(req.method ?? 'GET', req.url ?? '/')].routing(req, res);
      };
    },
  };
};

/** Where the marketplace is reached, and the other names it answers. */
interface Site {
  publicUrl: string;
  allowed: readonly string[] | undefined;
}

/** The public address: the one configured, else the port's own, named as a browser here would. */
const publicUrlOf = (options: MarketplaceOptions, door: Door): string => {
  if (options.publicUrl !== undefined) return options.publicUrl;
  const url = new URL(door.url);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  return url.origin;
};

/**
 * The whole marketplace in one process on one port: the command, query and projection services
 * on an embedded database (PostgreSQL as a child process, or PGlite in this one) under the data
 * directory, the built web app, and the Firebase Auth Emulator as a child process. Requests are dispatched by the same rule as the distributed gateway's, but directly
 * into each service's router, without a network hop.
 */
export const startMarketplace = async (
  options: MarketplaceOptions,
): Promise<RunningMarketplace> => {
  const say = options.say ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const projectId = options.projectId ?? 'demo-second-gear';
  await mkdir(join(dataDir, 'images'), { recursive: true });
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => say(`while stopping: ${String(error)}`));
    }
  };
  const start: Start = { options, say, dataDir, projectId, cleanups };

  try {
    const door = await bindDoor(start);
    const site: Site = { publicUrl: publicUrlOf(options, door), allowed: options.allowedHosts };
    const authEmulator = await identityEmulator(start, site);
    const { database, opened } = await openStorage(start);
    const subscriptions = await startSubscriptions(start, opened, authEmulator, [door.port]);
    const { command, query } = await startServices(start, opened, subscriptions, site);
    const web = await startWeb(start, opened, subscriptions, query, authEmulator, site.publicUrl);
    await Promise.all([command.ready(), query.ready(), web.ready()]);
    door.open({ command, query, web }, subscriptions);
    const url = door.url;

    const { store } = opened;
    if (options.seed ?? true) {
      const { auth } = subscriptions;
      await seedDemoData({ dataDir, store, command, query, authEmulator, auth, say });
    }
    const { metrics, reactors, listingTerms } = subscriptions;
    return { url, database, authEmulator, store, metrics, reactors, listingTerms, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/**
 * Which engine a data directory runs on. A directory keeps the one it was created with; a new
 * one gets PostgreSQL where it can run here, else PGlite, and the log says why.
 */
const chooseDatabase = async (
  dataDir: string,
  wanted: 'auto' | EmbeddedDatabase,
  say: (line: string) => void,
): Promise<EmbeddedDatabase> => {
  if (wanted !== 'auto') return wanted;
  if (existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) return 'postgres';
  if (existsSync(join(dataDir, 'pglite'))) return 'pglite';
  const unavailable = await embeddedPostgresUnavailable(join(dataDir, 'postgres'));
  if (unavailable === undefined) return 'postgres';
  say(`using the in-process PGlite database: ${unavailable}`);
  return 'pglite';
};
