// What a visitor's pages and the API's kept answers cost under load, on the all-in-one (its demo
// data, as `npm start` runs it) and on the distributed gateway (a generated marketplace), each
// row right after a bare Fastify route in its own process.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webBuilt } from '@second-gear/all-in-one';
import { openMarketplaceStore } from '@second-gear/features';
import { startLocalCluster } from '@second-gear/local-cluster';
import { marketplaceGenerator } from './dataset.ts';
import { type LoadResult, load } from './load.ts';
import { createDatabase } from './postgres.ts';
import { spawnServer } from './spawn-server.ts';

export type Deployment = 'all-in-one' | 'gateway';

export interface PageLoadRun {
  deployment: Deployment;
  row: string;
  /** `kept`: pages and answers kept between commits, as deployed; `rendered`: made for each request. */
  cache: 'kept' | 'rendered';
  result: LoadResult;
  bare: LoadResult;
  ofBare: number;
}

/** Load settings: the 16 connections, 5 s a row. */
export const PAGE_LOAD = { connections: 16, durationSeconds: 5 };

/** What a browser asks for: a page compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The search a visitor opens (the same as Lighthouse's). */
const SEARCH = '/products?q=toyota&sort=price_asc';

type Row = [row: string, paths: string[]];

/**
 * One path per row but one: a shared link to a car is one page asked for again and again; the
 * cars in turn show what many cars' pages cost, where the load generator itself costs more
 * (see the benchmark notes).
 */
const rowsOf = (carIds: string[]): Row[] => [
  ['Home (`/`)', ['/']],
  ["a car's page (`/car/:id`, one car)", carIds.slice(0, 1).map((id) => `/car/${id}`)],
  [`car pages, ${carIds.length} cars in turn`, carIds.map((id) => `/car/${id}`)],
  [`a search page (\`${SEARCH}\`)`, [SEARCH]],
  ['`GET /api/products`', ['/api/products']],
  ['`GET /api/product/:id` (one car)', carIds.slice(0, 1).map((id) => `/api/product/${id}`)],
];

/** Every row against `url`, each after the bare route; the first pass of each warms it. */
const measureRows = async (
  deployment: Deployment,
  cache: PageLoadRun['cache'],
  url: string,
  bareUrl: string,
  carIds: string[],
  options: { durationSeconds: number; say: (line: string) => void },
): Promise<PageLoadRun[]> => {
  const runs: PageLoadRun[] = [];
  const settings = { ...PAGE_LOAD, durationSeconds: options.durationSeconds, headers: BROWSER };
  for (const [row, paths] of rowsOf(carIds)) {
    await load(url, paths, { ...settings, durationSeconds: 1 });
    const bare = await load(bareUrl, ['/'], settings);
    const result = await load(url, paths, settings);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${deployment} ${row}: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
      );
    }
    const ofBare = result.requestsPerSecond / bare.requestsPerSecond;
    runs.push({ deployment, row, cache, result, bare, ofBare });
    options.say(
      `  ${deployment}, ${cache}, ${row}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms (${(ofBare * 100).toFixed(1)} % of bare)`,
    );
  }
  return runs;
};

/** The first cars of a marketplace's plain list. */
const carIdsAt = async (url: string) => {
  const cars = (await (await fetch(`${url}/api/products`)).json()) as { _id: string }[];
  return cars.map((car) => car._id).slice(0, 12);
};

/**
 * The all-in-one with its demo data: the one running at `allInOneUrl` as deployed (kept), then,
 * once it is stopped, one started with nothing kept.
 */
const allInOne = async (bareUrl: string, options: PageLoadOptions) => {
  const { allInOneUrl } = options;
  const runs = await measureRows(
    'all-in-one',
    'kept',
    allInOneUrl,
    bareUrl,
    await carIdsAt(allInOneUrl),
    options,
  );
  await options.stopAllInOne();
  const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-bench-pages-'));
  const server = await spawnServer('marketplace', {
    BENCH_DATA_DIR: dataDir,
    BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
    BENCH_ANSWER_CACHE: 'off',
  });
  try {
    const url = server.info.url ?? '';
    runs.push(
      ...(await measureRows('all-in-one', 'rendered', url, bareUrl, await carIdsAt(url), options)),
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return runs;
};

/** The cars of the distributed gateway's marketplace. */
const GATEWAY_CARS = 1_000;

/**
 * The distributed deployment (`startLocalCluster`: projections, command, query and gateway, one
 * process each) over a generated marketplace in a fresh PostgreSQL database.
 */
const gateway = async (bareUrl: string, options: PageLoadOptions) => {
  const database = await createDatabase('pages');
  const store = await openMarketplaceStore({ kind: 'postgres', connectionString: database.url });
  const imageDir = await mkdtemp(join(tmpdir(), 'second-gear-bench-pages-images-'));
  try {
    const generator = marketplaceGenerator(store);
    await generator.growTo(GATEWAY_CARS);
    const cluster = await startLocalCluster({
      databaseUrl: database.url,
      webDist: await webBuilt(),
      imageDir,
      logLevel: 'warn',
    });
    try {
      // The projections catch up with the generated events after they start: each read waits
      // for the store's head (for 2 s at most), until one reaches it.
      const head = String(await store.headPosition());
      for (let reached = false; !reached; ) {
        const answer = await fetch(`${cluster.url}/api/products?limit=1`, {
          headers: { 'x-min-position': head },
        });
        await answer.arrayBuffer();
        reached = answer.headers.get('x-position-reached') === 'true';
      }
      const ids = generator.sampleCarIds().slice(-12);
      return await measureRows('gateway', 'kept', cluster.url, bareUrl, ids, options);
    } finally {
      await cluster.stop();
    }
  } finally {
    await store.close();
    await database.drop();
    await rm(imageDir, { recursive: true, force: true });
  }
};

export interface PageLoadOptions {
  durationSeconds: number;
  say: (line: string) => void;
  /** An all-in-one already running with its demo data and answers kept, as `npm start` runs. */
  allInOneUrl: string;
  /** Stops it, once its rows are measured: the other servers run one at a time. */
  stopAllInOne: () => Promise<void>;
}

/** Every row of both deployments, against one bare Fastify process. */
export const measurePageLoads = async (options: PageLoadOptions): Promise<PageLoadRun[]> => {
  const bare = await spawnServer('bare');
  try {
    const bareUrl = bare.info.url ?? '';
    await load(bareUrl, ['/'], { connections: 8, durationSeconds: 1 });
    return [...(await allInOne(bareUrl, options)), ...(await gateway(bareUrl, options))];
  } finally {
    await bare.stop();
  }
};
