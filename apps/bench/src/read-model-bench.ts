import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase } from '@second-gear/all-in-one';
import {
  carSearchOf,
  encodeCursor,
  explainCarSearch,
  openMarketplaceStore,
} from '@second-gear/features';
import { CarsQuery } from '@second-gear/features/contract';
import { rebuildReadModel } from '@second-gear/projection-service';
import { createReadModelDb, LIVE_SCHEMA, type ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import pg from 'pg';
import {
  appendConversations,
  buyersOf,
  CONVERSATIONS,
  FAIR_PRICES_KEPT,
  marketplaceGenerator,
} from './dataset.ts';
import { type LoadResult, load } from './load.ts';
import { type MarketRun, measureBurst, measureMarketAccuracy } from './market-bench.ts';
import { type PgbenchResult, pgbenchSearches } from './pgbench.ts';
import { createDatabase } from './postgres.ts';
import { spawnServer } from './spawn-server.ts';
import { perSecond } from './stats.ts';
import { tokenMinter } from './tokens.ts';

export interface RebuildRun {
  /** Where the events and the read model are (results before 2026-11-25: PostgreSQL). */
  storage?: 'PostgreSQL' | 'embedded PostgreSQL' | 'PGlite';
  events: number;
  cars: number;
  /** Time to append the generated events through `appendMany`, before the rebuild. */
  loadMs: number;
  loadEventsPerSecond: number;
  rebuildMs: number;
  eventsPerSecond: number;
  batchSize: number;
}

export interface ReadRun {
  cars: number;
  endpoint: string;
  /** `cold`: every request reads the database; `kept`: answers kept between commits. */
  cache: 'cold' | 'kept';
  /** The plans of one request's queries, for the searches (EXPLAIN ANALYZE, BUFFERS). */
  plan?: { page: string; count: string | undefined };
  result: LoadResult;
  /**
   * The same requests from one connection at a time (cold rows): what one buyer waits with
   * nobody queued ahead, where `result`'s latencies are mostly the queue of all connections.
   */
  alone?: LoadResult;
  /** The bare Fastify route measured right before, and the ratio of requests per second. */
  bare: LoadResult;
  ofBare: number;
  /**
   * Cold searches: the same statements run by pgbench (prepared, same connections) right after,
   * and the route's requests per second over its searches per second.
   */
  pgbench?: PgbenchResult;
  ofPgbench?: number;
}

export interface ReadModelResult {
  connections: number;
  durationSeconds: number;
  rebuilds: RebuildRun[];
  reads: ReadRun[];
  /** The market values' accuracy at the sizes whose truth the generator kept, and a burst's time. */
  markets?: MarketRun[];
}

const REBUILD_BATCH = 10_000;

/** One connection, for at most 3 s: a cold row's latency without the other connections' queue. */
const aloneOptions = (options: { durationSeconds: number }) => ({
  connections: 1,
  durationSeconds: Math.min(3, options.durationSeconds),
});

const DENVER = encodeURIComponent('Denver, CO');
const BOULDER = encodeURIComponent('Boulder, CO');

/** Two-word searches a buyer types, taken in turn. */
const TWO_WORDS = ['toyota camry', 'honda civic', 'ford explorer', 'tesla model', 'jeep wrangler'];

/** The cursor of the search page that starts after the newest `skip` available cars. */
const cursorAfter = async (db: ReadModelDb, skip: number): Promise<string | undefined> => {
  const row = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('cars')
    .select('listed_position')
    .where('deleted_at', 'is', null)
    .where('booked', '=', 0)
    .orderBy('listed_position', 'desc')
    .offset(skip - 1)
    .limit(1)
    .executeTakeFirst();
  return row
    ? encodeCursor({ sort: 'newest', key: null, position: BigInt(row.listed_position) })
    : undefined;
};

/** The plans of a search's queries, as the query service would run them. */
const planOf = async (db: ReadModelDb, path: string) => {
  const query = CarsQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const { page, limit, email, ...rest } = query;
  return explainCarSearch({ db, schema: LIVE_SCHEMA }, carSearchOf(rest), { page, limit });
};

type Inbox = Awaited<ReturnType<typeof appendConversations>>;
type Endpoint = [name: string, paths: string[], as?: 'seller'];

/** The rows of a size: what each costs cold (every request reads the database) and kept. */
const int = (n: number) => n.toLocaleString('en-US');

const endpointsOf = (ids: string[], deep: string | undefined, inbox: Inbox) => {
  const search = (query: string) => `/api/products?${query}&limit=24`;
  const conversation = (id: string, query: string) => `/api/conversations/${id}/messages?${query}`;
  const { short, long } = CONVERSATIONS;
  // The first seller's inbox and conversations, read as the seller. A page of 50 of the short
  // conversation answers its 10 messages: a page of 10 of the long one is the same work.
  const messages: Endpoint[] = [
    [
      `inbox of ${int(inbox.conversations)} conversations`,
      ['/api/conversations?limit=20'],
      'seller',
    ],
    [`messages, page of 50 of ${int(short)}`, [conversation(inbox.short, 'limit=50')], 'seller'],
    [
      `messages, page of 50 of ${int(long)}`,
      [
        conversation(inbox.long, 'limit=50'),
        conversation(inbox.long, `limit=50&before=${long / 2}`),
      ],
      'seller',
    ],
    [
      `messages, page of 10 of ${int(long)}`,
      [
        conversation(inbox.long, 'limit=10'),
        conversation(inbox.long, `limit=10&before=${long / 2}`),
      ],
      'seller',
    ],
  ];
  const cold: Endpoint[] = [
    ['GET /api/products', ['/api/products']],
    ['GET /api/product/:id', ids.map((id) => `/api/product/${id}`)],
    ['GET /api/products/advertise', ['/api/products/advertise']],
    ['search make=Toyota', [search('make=Toyota')]],
    ['search model=Civic (with make)', [search('make=Honda&model=Civic')]],
    ['search fuel=electric', [search('fuel=electric')]],
    ['search transmission=manual', [search('transmission=manual')]],
    ['search category=Pickup', [search('category=Pickup')]],
    ['search maxPrice=15000', [search('maxPrice=15000')]],
    ['search minYear=2022', [search('minYear=2022')]],
    ['search maxMileage=30000', [search('maxMileage=30000')]],
    ['search location=Denver', [search('location=Denver')]],
    ['search near=Denver, CO (50 km)', [search(`near=${DENVER}`)]],
    ['search near=Denver, CO, sort=distance', [search(`near=${DENVER}&sort=distance`)]],
    [
      'search near=Boulder, CO (25 km), make=Toyota',
      [search(`near=${BOULDER}&radiusKm=25&make=Toyota`)],
    ],
    ['search q=two words', TWO_WORDS.map((q) => search(`q=${encodeURIComponent(q)}`))],
    ['search sort=price_asc, make=Ford', [search('make=Ford&sort=price_asc')]],
    ['search, cursor after 50,000 cars', deep ? [search(`cursor=${deep}`)] : []],
    ['GET /api/products/facets', ['/api/products/facets']],
    ['facets make=Toyota', ['/api/products/facets?make=Toyota']],
    ['facets q=ford', ['/api/products/facets?q=ford']],
    ['facets near=Denver, CO (50 km)', [`/api/products/facets?near=${DENVER}`]],
    ...messages,
  ];
  // Answers kept between commits: what Home, a car page and a search seen before cost.
  const kept: Endpoint[] = [
    ['GET /api/products/advertise', ['/api/products/advertise']],
    ['GET /api/categories', ['/api/categories']],
    ['GET /api/product/:id', ids.map((id) => `/api/product/${id}`)],
    ['search make=Toyota', [search('make=Toyota')]],
    ...messages,
  ];
  return { cold, kept };
};

/**
 * What the service and its database were doing when a row got no answer at all: whether the
 * service answers its health check, and what each of the database's connections waits on.
 */
const whyNothing = async (url: string, databaseUrl: string): Promise<string> => {
  const started = performance.now();
  const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) }).then(
    (answer) => `answered ${answer.status}`,
    (error: unknown) => `did not answer (${String(error)})`,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; waiting: string; n: number }>(
      `select coalesce(state, '-') as state,
         coalesce(wait_event_type || ':' || wait_event, '-') as waiting, count(*)::int as n
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       group by 1, 2 order by 3 desc`,
    );
    const activity = rows.map((row) => `${row.n} ${row.state} (${row.waiting})`).join(', ');
    return `    no answer: its health check ${health} in ${(performance.now() - started).toFixed(0)} ms; the database's connections: ${activity}`;
  } finally {
    await client.end();
  }
};

/**
 * The read model of one size served by the query service (in its own process), loaded with
 * autocannon, each row right after the bare Fastify route it is compared with.
 */
const measureReads = async (options: {
  cars: number;
  db: ReadModelDb;
  databaseUrl: string;
  generator: { sampleCarIds(): string[] };
  inbox: Inbox;
  connections: number;
  durationSeconds: number;
  say: (line: string) => void;
}): Promise<ReadRun[]> => {
  const { cars, db, say } = options;
  const runs: ReadRun[] = [];
  const endpoints = endpointsOf(
    options.generator.sampleCarIds().slice(-500),
    await cursorAfter(db, 50_000),
    options.inbox,
  );
  const secret = randomBytes(32).toString('hex');
  const minter = await tokenMinter(secret);
  const { seller } = options.inbox;
  const headersOf = (as: Endpoint[2]) =>
    as === 'seller'
      ? { authorization: `Bearer ${minter.sign(seller.uid, seller.email, 'Seller')}` }
      : undefined;
  const bare = await spawnServer('bare');
  try {
    const bareUrl = bare.info.url ?? '';
    await load(bareUrl, ['/'], { connections: 8, durationSeconds: 1 });
    for (const cache of ['cold', 'kept'] as const) {
      const query = await spawnServer('query', {
        BENCH_DATABASE_URL: options.databaseUrl,
        BENCH_JWT_SECRET: secret,
        BENCH_ANSWER_CACHE: cache === 'cold' ? 'off' : 'on',
      });
      try {
        const url = query.info.url ?? '';
        // Warm up (connections, JIT, the database's own caches) before measuring. Kept rows
        // warm every path they will ask for, so that they measure answers seen before and not
        // a first pass of misses (500 car pages) in their tail.
        const warm = (as: Endpoint[2]) =>
          endpoints[cache]
            .filter((row) => row[2] === as)
            .flatMap(([, paths]) => (cache === 'kept' ? paths : paths.slice(0, 50)));
        await load(url, warm(undefined), { connections: 8, durationSeconds: 2 });
        await load(url, warm('seller'), {
          connections: 8,
          durationSeconds: 1,
          headers: headersOf('seller') ?? {},
        });
        for (const [endpoint, paths, as] of endpoints[cache]) {
          if (paths.length === 0) continue;
          const headers = headersOf(as);
          const measuredBare = await load(bareUrl, ['/'], options);
          const measured = await load(url, paths, { ...options, ...(headers ? { headers } : {}) });
          if (measured.total === 0) say(await whyNothing(url, options.databaseUrl));
          const alone =
            cache === 'cold'
              ? await load(url, paths, {
                  ...aloneOptions(options),
                  ...(headers ? { headers } : {}),
                })
              : undefined;
          const first = paths[0]!;
          const searched = cache === 'cold' && first.startsWith('/api/products?');
          const database = searched
            ? await pgbenchSearches(options.databaseUrl, paths, options)
            : undefined;
          runs.push({
            cars,
            endpoint,
            cache,
            result: measured,
            ...(alone ? { alone } : {}),
            bare: measuredBare,
            ofBare: measured.requestsPerSecond / measuredBare.requestsPerSecond,
            ...(database
              ? {
                  pgbench: database,
                  ofPgbench: measured.requestsPerSecond / database.transactionsPerSecond,
                  plan: await planOf(db, first),
                }
              : {}),
          });
          say(
            `  ${cars} cars, ${cache}, ${endpoint}: ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99} ms (bare ${measuredBare.requestsPerSecond.toFixed(0)} req/s${database ? `, pgbench ${database.transactionsPerSecond.toFixed(0)} searches/s` : ''})`,
          );
        }
      } finally {
        await query.stop();
      }
    }
  } finally {
    await bare.stop();
    await minter.close();
  }
  return runs;
};

/**
 * Parts 3 and 4 share their data: a generated marketplace of 10 events per car is appended
 * to a fresh PostgreSQL database through the event store, and `rebuildReadModel` replays every
 * event into fresh read tables (the operators' `projections rebuild`), timed. The rebuilt read
 * model is then served by the query service (in its own process) and loaded with autocannon.
 * The database grows from the first size to the next; every rebuild replays from the start.
 */
export const benchReadModel = async (options: {
  cars: readonly number[];
  reads: boolean;
  connections: number;
  durationSeconds: number;
  say: (line: string) => void;
}): Promise<ReadModelResult> => {
  const { say } = options;
  const database = await createDatabase('read_model');
  const result: ReadModelResult = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    rebuilds: [],
    reads: [],
    markets: [],
  };
  const store = await openMarketplaceStore({ kind: 'postgres', connectionString: database.url });
  const db = createReadModelDb({ connectionString: database.url });
  try {
    const generator = marketplaceGenerator(store);
    let inbox: Inbox | undefined;
    for (const cars of options.cars) {
      say(`  appending a marketplace of ${cars.toLocaleString('en-US')} cars`);
      const before = generator.events();
      let started = performance.now();
      let lastSaid = started;
      await generator.growTo(cars, (n, events) => {
        if (performance.now() - lastSaid > 15_000) {
          lastSaid = performance.now();
          say(`    ${n.toLocaleString('en-US')} cars, ${events.toLocaleString('en-US')} events`);
        }
      });
      inbox ??= await appendConversations(
        store,
        generator.sampleCarIds()[0] ?? '',
        Math.min(CONVERSATIONS.buyers, buyersOf(cars)),
      );
      const loadMs = performance.now() - started;

      say(`  rebuilding the read model from ${generator.events().toLocaleString('en-US')} events`);
      started = performance.now();
      lastSaid = started;
      const rebuilt = await rebuildReadModel({
        store,
        db,
        fresh: true,
        batchSize: REBUILD_BATCH,
        onProgress: (progress) => {
          if (performance.now() - lastSaid > 30_000) {
            lastSaid = performance.now();
            say(
              `    ${progress.applied.toLocaleString('en-US')} events, ${progress.eventsPerSecond.toFixed(0)}/s`,
            );
          }
        },
      });
      const rebuildMs = performance.now() - started;
      // A batch that failed is applied again event by event, under savepoints: the time would
      // be that slow path's.
      if (rebuilt.parked > 0 || rebuilt.retried > 0) {
        throw new Error(
          `The rebuild applied ${rebuilt.retried} batches again event by event and parked ${rebuilt.parked} generated events (see parked_events): the generated marketplace no longer matches the events' schemas or the projections`,
        );
      }
      const run: RebuildRun = {
        storage: 'PostgreSQL',
        events: generator.events() + inbox.events,
        cars: generator.cars(),
        loadMs,
        loadEventsPerSecond: perSecond(generator.events() - before, loadMs),
        rebuildMs,
        eventsPerSecond: perSecond(rebuilt.applied, rebuildMs),
        batchSize: REBUILD_BATCH,
      };
      result.rebuilds.push(run);
      say(
        `  rebuilt ${run.events.toLocaleString('en-US')} events in ${(rebuildMs / 1000).toFixed(1)} s: ${run.eventsPerSecond.toFixed(0)} events/s`,
      );

      const market =
        cars <= FAIR_PRICES_KEPT ? await measureMarketAccuracy(db, generator) : undefined;
      if (market) {
        say(
          `  market values: ${market.rated} of ${market.measured} cars rated, median error ${market.medianErrorPercent} %, label right ${market.labelsRightPercent} %`,
        );
      }

      if (!options.reads) continue;
      // Statistics and the visibility map as autovacuum would have left them on a live model.
      await sql`vacuum analyze`.execute(db);
      result.reads.push(
        ...(await measureReads({
          ...options,
          cars,
          db,
          databaseUrl: database.url,
          generator,
          inbox,
        })),
      );
      if (market) {
        market.burst = await measureBurst(store, db, generator);
        say(`  1,000 listings at once valued by the live projections in ${market.burst.ms} ms`);
        result.markets?.push(market);
      }
    }
  } finally {
    await db.destroy();
    await store.close();
    await database.drop();
  }
  return result;
};

/**
 * The same rebuild on an embedded database of the all-in-one app: a generated marketplace
 * appended to a fresh data directory, then replayed into fresh read tables in the same database,
 * as `npm run projections -- rebuild` does on it.
 */
export const benchEmbeddedRebuild = async (
  database: 'pglite' | 'postgres',
  cars: number,
  say: (line: string) => void,
): Promise<RebuildRun> => {
  const storage = database === 'pglite' ? 'PGlite' : 'embedded PostgreSQL';
  const dataDir = await mkdtemp(join(tmpdir(), 'sg-bench-rebuild-'));
  // mkdtemp's folder is this user's alone; run as root, PostgreSQL runs as the `postgres` user.
  await chmod(dataDir, 0o755);
  const embedded = await openEmbeddedDatabase(dataDir, database);
  try {
    const { store, db } = embedded;
    say(`  ${storage}: appending a marketplace of ${cars.toLocaleString('en-US')} cars`);
    const generator = marketplaceGenerator(store);
    let started = performance.now();
    await generator.growTo(cars);
    const loadMs = performance.now() - started;
    say(
      `  ${storage}: rebuilding the read model from ${generator.events().toLocaleString('en-US')} events`,
    );
    started = performance.now();
    const rebuilt = await rebuildReadModel({ store, db, fresh: true, batchSize: REBUILD_BATCH });
    const rebuildMs = performance.now() - started;
    if (rebuilt.parked > 0 || rebuilt.retried > 0) {
      throw new Error(
        `The rebuild on ${storage} applied ${rebuilt.retried} batches again event by event and parked ${rebuilt.parked} generated events`,
      );
    }
    const run: RebuildRun = {
      storage,
      events: generator.events(),
      cars: generator.cars(),
      loadMs,
      loadEventsPerSecond: perSecond(generator.events(), loadMs),
      rebuildMs,
      eventsPerSecond: perSecond(rebuilt.applied, rebuildMs),
      batchSize: REBUILD_BATCH,
    };
    say(
      `  ${storage}: rebuilt ${run.events.toLocaleString('en-US')} events in ${(rebuildMs / 1000).toFixed(1)} s: ${run.eventsPerSecond.toFixed(0)} events/s`,
    );
    return run;
  } finally {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const ALL_IN_ONE_CARS = 10_000;

/**
 * The all-in-one app on its embedded database: a generated marketplace is appended to a fresh
 * data directory, the app starts on it (in place of its demo data), its projections catch up, and
 * searches are loaded through its one HTTP port, cold and with answers kept.
 */
export const benchAllInOne = async (
  database: 'pglite' | 'postgres',
  cars: number,
  options: { connections: number; durationSeconds: number; say: (line: string) => void },
): Promise<ReadRun[]> => {
  const { say } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'sg-bench-all-in-one-'));
  // mkdtemp's folder is this user's alone; run as root, PostgreSQL runs as the `postgres` user.
  await chmod(dataDir, 0o755);
  const engine = database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const runs: ReadRun[] = [];
  try {
    say(
      `  all-in-one: appending a marketplace of ${cars.toLocaleString('en-US')} cars to ${engine}`,
    );
    const embedded = await openEmbeddedDatabase(dataDir, database);
    try {
      await marketplaceGenerator(embedded.store).growTo(cars);
    } finally {
      await embedded.close();
    }
    // The generated marketplace takes the place of the demo data (whose categories it has).
    await writeFile(join(dataDir, 'seeded'), 'generated by the benchmark\n');
    const searches = [
      '/api/products?make=Toyota&limit=24',
      '/api/products?maxPrice=15000&limit=24',
      '/api/products?fuel=electric&limit=24',
      '/api/products?q=honda%20civic&limit=24',
      '/api/products?minYear=2022&sort=price_asc&limit=24',
    ];
    const bare = await spawnServer('bare');
    try {
      for (const cache of ['cold', 'kept'] as const) {
        const app = await spawnServer(
          'marketplace',
          {
            BENCH_DATA_DIR: dataDir,
            BENCH_EMBEDDED_DATABASE: database,
            BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
            BENCH_ANSWER_CACHE: cache === 'cold' ? 'off' : 'on',
          },
          600_000,
        );
        try {
          const url = app.info.url ?? '';
          // The projections catch up with the generated events after the app starts.
          for (let waited = 0; waited < 600; waited++) {
            const answer = await fetch(`${url}/api/products?limit=1`);
            if (Number(answer.headers.get('x-total-count')) >= cars) break;
            await new Promise((r) => setTimeout(r, 1000));
          }
          // PostgreSQL's autovacuum vacuums and analyzes tables that grew, within a minute or
          // so; the run does it at once, as part 3 analyzes. PGlite runs no autovacuum, so its
          // statistics stay those of the tables' first rows.
          if (database === 'postgres') await analyzeEmbedded(dataDir);
          await load(url, searches, { connections: 8, durationSeconds: 2 });
          const measuredBare = await load(bare.info.url ?? '', ['/'], options);
          const measured = await load(url, searches, options);
          const alone =
            cache === 'cold' ? await load(url, searches, aloneOptions(options)) : undefined;
          runs.push({
            cars,
            endpoint: `all-in-one on ${engine}: search, one filter or two words (5 in turn)`,
            cache,
            result: measured,
            ...(alone ? { alone } : {}),
            bare: measuredBare,
            ofBare: measured.requestsPerSecond / measuredBare.requestsPerSecond,
          });
          say(
            `  all-in-one on ${engine}, ${cars} cars, ${cache}, searches: ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99} ms (bare ${measuredBare.requestsPerSecond.toFixed(0)} req/s)`,
          );
        } finally {
          await app.stop();
        }
      }
    } finally {
      await bare.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return runs;
};

/** `vacuum (analyze)` on a running all-in-one's embedded PostgreSQL, through its socket. */
const analyzeEmbedded = async (dataDir: string): Promise<void> => {
  const client = new pg.Client({
    host: join(dataDir, 'postgres'),
    user: 'postgres',
    database: 'second_gear',
  });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
};
