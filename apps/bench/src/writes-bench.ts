import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoAccounts } from '@second-gear/all-in-one';
import { CommandHandler } from '@second-gear/command-service';
import { commandDecider, openMarketplaceStore } from '@second-gear/features';
import {
  type AuthEmulator,
  signInWithPassword,
  signUpWithPassword,
  startAuthEmulator,
} from '@second-gear/identity';
import { rebuildReadModel } from '@second-gear/projection-service';
import { createReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import { marketplaceGenerator } from './dataset.ts';
import { type BenchDatabase, createDatabase } from './postgres.ts';
import { BENCH_PICTURE_HOST, spawnServer } from './spawn-server.ts';
import { perSecond, type Summary, summarize } from './stats.ts';
import { tokenMinter } from './tokens.ts';

/**
 * Where the commands run: the services on the PostgreSQL server (`postgres`), or the all-in-one
 * app on its embedded PGlite (`pglite`) or its embedded PostgreSQL (`all-in-one-postgres`).
 */
export type Backend = 'pglite' | 'postgres' | 'all-in-one-postgres';
export type WriteCommand = 'list a car' | 'book a car';

export interface WriteRun {
  backend: Backend;
  command: WriteCommand;
  clients: number;
  commands: number;
  /** Answers other than 201 (none expected). */
  failed: number;
  elapsedMs: number;
  commandsPerSecond: number;
  /** Time from sending the command to its answer, ms. */
  latency: Summary;
  /**
   * Time from the command's answer until a read of the query service showed the write, ms, over
   * the sampled writes (`visible.count`).
   */
  visible: Summary;
  /** Writes a read did not show within 30 s (none expected). */
  notVisible: number;
  /** True when the row ended early because every listed car was booked. */
  ranOut: boolean;
  /**
   * How many events the projection furthest behind had yet to apply when the row's writers
   * stopped (absent from runs before it was measured).
   */
  behindAtEnd?: number;
  /** The cars already in the category a listing row listed into, when the row is about that. */
  categoryCars?: number;
}

/** Listings into a category that already holds many cars, against listings into empty ones. */
export interface CategorySizeResult {
  /** The cars generated into the full category before the rows. */
  cars: number;
  runs: WriteRun[];
}

interface Endpoints {
  command: string;
  query: string;
}

interface Client {
  sellerToken: string;
  buyerToken: string;
  category: string;
}

const json = async (response: Response): Promise<Record<string, unknown>> =>
  (await response.json()) as Record<string, unknown>;

const post = (url: string, token: string, body: object) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Polls `GET /api/product/:id` with `X-Min-Position` (the query service waits up to 2 s for
 * the projections) until it answers with the position reached and the car as expected.
 */
const waitVisible = async (
  query: string,
  carId: string,
  position: string,
  shows: (car: Record<string, unknown>) => boolean,
): Promise<boolean> => {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const response = await fetch(`${query}/api/product/${carId}`, {
      headers: { 'x-min-position': position },
    });
    const reached = response.headers.get('x-position-reached') === 'true';
    let body: Record<string, unknown> = {};
    if (response.status === 200) body = await json(response);
    else await response.arrayBuffer();
    if (reached && response.status === 200 && shows(body)) return true;
    if (reached) await sleep(5);
  }
  return false;
};

/** Registers users through `POST /api/user` with real Auth Emulator ID tokens. */
const register = async (
  emulatorHost: string,
  command: string,
  type: 'Buyer' | 'Seller',
  label: string,
) => {
  const email = `${label}-${randomBytes(4).toString('hex')}@bench.second-gear.test`;
  const user = await signUpWithPassword(emulatorHost, { email, displayName: label });
  const answer = await post(`${command}/api/user`, user.idToken, { name: label, email, type });
  if (answer.status !== 201)
    throw new Error(`Registering ${email}: ${answer.status} ${await answer.text()}`);
  await answer.arrayBuffer();
  return { uid: user.uid, email };
};

/**
 * `clients` loops send one command after another for `durationSeconds` (or until `next`
 * runs out of work). After each answer, a read for its visibility starts on the side, so it
 * does not slow the writer down; the run ends when every read has seen its write.
 */
const drive = async (
  endpoints: Endpoints,
  clients: Client[],
  durationSeconds: number,
  send: (client: Client, index: number) => Promise<{ carId: string; position: string } | undefined>,
  shows: (car: Record<string, unknown>) => boolean,
  behind?: () => Promise<number>,
) => {
  const latencies: number[] = [];
  const visible: number[] = [];
  const checks: Promise<void>[] = [];
  let failed = 0;
  let notVisible = 0;
  let commands = 0;
  let exhausted = false;
  const checking = new Set<number>();
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    clients.map(async (client, index) => {
      while (performance.now() < deadline && !exhausted) {
        const before = performance.now();
        let answer: { carId: string; position: string } | undefined;
        try {
          answer = await send(client, index);
        } catch {
          failed++;
          continue;
        }
        if (answer === undefined) {
          exhausted = true;
          return;
        }
        const answered = performance.now();
        latencies.push(answered - before);
        commands++;
        const { carId, position } = answer;
        // At most one visibility read in flight per client, as a browser would have: a write
        // answered while its client's read is still waiting is not sampled. Unbounded, the
        // waiting reads (each polling the checkpoints) would load the database they measure.
        if (checking.has(index)) continue;
        checking.add(index);
        checks.push(
          waitVisible(endpoints.query, carId, position, shows).then((seen) => {
            checking.delete(index);
            if (seen) visible.push(performance.now() - answered);
            else notVisible++;
          }),
        );
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const behindAtEnd = await behind?.();
  await Promise.all(checks);
  return {
    commands,
    failed,
    elapsedMs,
    commandsPerSecond: perSecond(commands, elapsedMs),
    latency: summarize(latencies),
    visible: summarize(visible),
    notVisible,
    ranOut: exhausted,
    ...(behindAtEnd === undefined ? {} : { behindAtEnd }),
  };
};

/**
 * Lists a car as the client's seller, in `categoryOf(client)` (by default the client's own
 * category), and keeps its id in `listed`.
 */
const carLister =
  (endpoints: Endpoints, listed: string[], categoryOf = (client: Client) => client.category) =>
  async (client: Client, index: number) => {
    const answer = await post(`${endpoints.command}/api/product`, client.sellerToken, {
      name: `Bench car ${index}-${listed.length}`,
      category: categoryOf(client),
      image: `https://${BENCH_PICTURE_HOST}/bench-car.webp`,
      original_price: 24_000,
      price: 18_500,
      location: 'Austin, TX',
      use: 3,
    });
    const body = await json(answer);
    if (answer.status !== 201) throw new Error(`list: ${answer.status} ${JSON.stringify(body)}`);
    const carId = String(body.insertedId);
    listed.push(carId);
    return { carId, position: String(body.position) };
  };

/**
 * How many events the projection furthest behind has yet to apply, from the operations status
 * (`GET /api/ops/status`, as an admin).
 */
const projectionsBehind = (endpoints: Endpoints, adminToken: string) => async () => {
  const answer = await fetch(`${endpoints.query}/api/ops/status`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const body = (await json(answer)) as { projections?: { lagEvents?: number | null }[] };
  if (answer.status !== 200 || !body.projections) {
    throw new Error(`ops status: ${answer.status} ${JSON.stringify(body)}`);
  }
  return Math.max(0, ...body.projections.map((p) => p.lagEvents ?? 0));
};

/** The admin who creates the clients' categories. */
type AdminSetup = (
  endpoints: Endpoints,
  minter: Awaited<ReturnType<typeof tokenMinter>>,
) => Promise<string>;

const prepareClients = async (
  endpoints: Endpoints,
  emulatorHost: string,
  minter: Awaited<ReturnType<typeof tokenMinter>>,
  adminToken: string,
  count: number,
): Promise<Client[]> => {
  const clients: Client[] = [];
  const run = randomBytes(3).toString('hex');
  for (let i = 0; i < count; i++) {
    const seller = await register(emulatorHost, endpoints.command, 'Seller', `seller-${i}`);
    const buyer = await register(emulatorHost, endpoints.command, 'Buyer', `buyer-${i}`);
    const category = `Bench ${run} ${i}`;
    const created = await post(`${endpoints.command}/api/category`, adminToken, { name: category });
    if (created.status !== 201)
      throw new Error(`Creating ${category}: ${created.status} ${await created.text()}`);
    await created.arrayBuffer();
    clients.push({
      sellerToken: minter.sign(seller.uid, seller.email, 'Seller'),
      buyerToken: minter.sign(buyer.uid, buyer.email, 'Buyer'),
      category,
    });
  }
  return clients;
};

/** Lists and books cars over HTTP, measuring commands/s and the time until reads show them. */
const measure = async (
  backend: Backend,
  endpoints: Endpoints,
  emulatorHost: string,
  secret: string,
  adminSetup: AdminSetup,
  options: { clients: readonly number[]; durationSeconds: number; say: (line: string) => void },
): Promise<WriteRun[]> => {
  const minter = await tokenMinter(secret);
  try {
    const adminToken = await adminSetup(endpoints, minter);
    const behind = projectionsBehind(endpoints, adminToken);
    const most = Math.max(...options.clients);
    // Each client is a seller of its own, listing in a category of its own, as in every run
    // since the first, so that the rows compare across runs; listings that share a category
    // are measured by `benchListingByCategorySize`.
    const clients = await prepareClients(endpoints, emulatorHost, minter, adminToken, most);
    const listed: string[] = [];
    const listCar = carLister(endpoints, listed);
    // Each booking row may book its share of the cars still listed, so that every row runs.
    let quota = 0;
    const bookCar = async (client: Client) => {
      if (quota <= 0) return undefined;
      const carId = listed.pop();
      if (carId === undefined) return undefined;
      quota--;
      const answer = await post(`${endpoints.command}/api/booking`, client.buyerToken, {
        product_id: carId,
        buyer_phone: '+1 512 555 0100',
        meetup: 'At the seller',
      });
      const body = await json(answer);
      if (answer.status !== 201) throw new Error(`book: ${answer.status} ${JSON.stringify(body)}`);
      return { carId, position: String(body.position) };
    };

    const runs: WriteRun[] = [];
    const record = (
      command: WriteCommand,
      clientCount: number,
      run: Awaited<ReturnType<typeof drive>>,
    ) => {
      runs.push({ backend, command, clients: clientCount, ...run });
      options.say(
        `  ${backend} ${command}, ${clientCount} clients: ${run.commandsPerSecond.toFixed(0)}/s, visible p50 ${run.visible.p50?.toFixed(0)} p99 ${run.visible.p99?.toFixed(0)} ms${run.failed ? `, ${run.failed} failed` : ''}`,
      );
    };
    // Warm up, then list at each concurrency; the cars listed are booked afterwards.
    await drive(endpoints, clients.slice(0, 4), 2, listCar, () => true);
    for (const count of options.clients) {
      record(
        'list a car',
        count,
        await drive(
          endpoints,
          clients.slice(0, count),
          options.durationSeconds,
          listCar,
          () => true,
          behind,
        ),
      );
    }
    // More cars for the bookings, listed without measuring.
    await drive(endpoints, clients, options.durationSeconds * 2, listCar, () => true);
    for (const [row, count] of options.clients.entries()) {
      quota = Math.floor(listed.length / (options.clients.length - row));
      const run = await drive(
        endpoints,
        clients.slice(0, count),
        options.durationSeconds,
        bookCar,
        (car) => car.booked === 1,
        behind,
      );
      record('book a car', count, run);
    }
    return runs;
  } finally {
    await minter.close();
  }
};

/**
 * Part 1 on the all-in-one app, on the embedded database named, seeded with the demo data (its
 * admin creates categories).
 */
export const benchWritesAllInOne = async (
  database: 'pglite' | 'postgres',
  options: {
    clients: readonly number[];
    durationSeconds: number;
    say: (line: string) => void;
  },
): Promise<WriteRun[]> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-bench-'));
  // mkdtemp's folder is this user's alone; run as root, PostgreSQL runs as the `postgres` user.
  await chmod(dataDir, 0o755);
  const secret = randomBytes(32).toString('hex');
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    server = await spawnServer('marketplace', {
      BENCH_DATA_DIR: dataDir,
      BENCH_EMBEDDED_DATABASE: database,
      BENCH_JWT_SECRET: secret,
    });
    const url = server.info.url ?? '';
    const emulatorHost = server.info.authEmulatorHost ?? '';
    const adminSetup: AdminSetup = async (_endpoints, minter) => {
      const admin = await signInWithPassword(emulatorHost, demoAccounts.admin);
      return minter.sign(admin.uid, admin.email, 'Admin');
    };
    return await measure(
      database === 'pglite' ? 'pglite' : 'all-in-one-postgres',
      { command: url, query: url },
      emulatorHost,
      secret,
      adminSetup,
      options,
    );
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

/**
 * The command service, the query service and the projections, each in a process of its own (as
 * the distributed deployment runs them), against `database`, with an Auth Emulator to verify
 * sign-ups, for the time of `work`.
 */
const withServices = async <T>(
  database: BenchDatabase,
  work: (
    endpoints: Endpoints,
    emulatorHost: string,
    secret: string,
    adminSetup: AdminSetup,
  ) => Promise<T>,
): Promise<T> => {
  const imageDir = await mkdtemp(join(tmpdir(), 'second-gear-bench-images-'));
  let emulator: AuthEmulator | undefined;
  const servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
  try {
    emulator = await startAuthEmulator();
    const secret = randomBytes(32).toString('hex');
    const env = {
      BENCH_DATABASE_URL: database.url,
      BENCH_JWT_SECRET: secret,
      BENCH_AUTH_EMULATOR_HOST: emulator.host,
      BENCH_IMAGE_DIR: imageDir,
    };
    // One process each, as the distributed deployment runs them: the projections have an
    // event loop and connections of their own, so HTTP work does not hold their batches up.
    const started = await Promise.allSettled(
      (['projections', 'query', 'command'] as const).map((mode) => spawnServer(mode, env)),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [, query, command] = started.map((result) =>
      result.status === 'fulfilled' ? (result.value.info.url ?? '') : '',
    );
    const endpoints = { command: command ?? '', query: query ?? '' };
    const host = emulator.host;
    const adminSetup: AdminSetup = async (_endpoints, minter) => {
      // The first admin is the one thing no request can create: promoted by the System actor
      // through the command handler, as the all-in-one seed does it.
      const admin = await register(host, endpoints.command, 'Buyer', 'admin');
      const store = await openMarketplaceStore({
        kind: 'postgres',
        connectionString: database.url,
      });
      try {
        await new CommandHandler({ store, decider: commandDecider }).execute(
          { correlationId: randomUUID(), commandId: randomUUID() },
          {
            command: {
              type: 'PromoteToAdmin',
              data: { userId: admin.uid },
              actor: { uid: 'system', email: 'system@second-gear.local', role: 'System' },
            },
            answer: () => ({ status: 200, body: {} }),
          },
        );
      } finally {
        await store.close();
      }
      return minter.sign(admin.uid, admin.email, 'Admin');
    };
    return await work(endpoints, host, secret, adminSetup);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await emulator?.stop();
    await rm(imageDir, { recursive: true, force: true });
  }
};

/**
 * Part 1 on PostgreSQL: the command service, the query service and the projections, each in a
 * process of its own, against a fresh database; the Auth Emulator verifies sign-ups.
 */
export const benchWritesPostgres = async (options: {
  clients: readonly number[];
  durationSeconds: number;
  say: (line: string) => void;
}): Promise<WriteRun[]> => {
  const database = await createDatabase('writes');
  try {
    return await withServices(database, (endpoints, host, secret, adminSetup) =>
      measure('postgres', endpoints, host, secret, adminSetup, options),
    );
  } finally {
    await database.drop();
  }
};

/** The category the generated cars all go into. */
const FULL_CATEGORY = 'Full';

/**
 * Listing into a category that already holds `cars` cars, against listing into categories of
 * their own that start empty, on PostgreSQL as part 1 runs it. The full category's cars are
 * generated as events (part 3's marketplace, every car in the one category) and replayed into
 * the read model before the services start. For each number of clients, the rows alternate
 * empty, full, empty, full, so that a drift of the machine falls on both.
 */
export const benchListingByCategorySize = async (options: {
  cars: number;
  clients: readonly number[];
  durationSeconds: number;
  say: (line: string) => void;
}): Promise<CategorySizeResult> => {
  const { say } = options;
  const database = await createDatabase('category');
  try {
    const store = await openMarketplaceStore({ kind: 'postgres', connectionString: database.url });
    const db = createReadModelDb({ connectionString: database.url });
    try {
      say(`  generating a category of ${options.cars.toLocaleString('en-US')} cars`);
      await marketplaceGenerator(store, { categories: [FULL_CATEGORY] }).growTo(options.cars);
      const rebuilt = await rebuildReadModel({ store, db, fresh: true, batchSize: 10_000 });
      if (rebuilt.parked > 0) throw new Error(`The rebuild parked ${rebuilt.parked} events`);
      await sql`vacuum analyze`.execute(db);
    } finally {
      await db.destroy();
      await store.close();
    }
    return await withServices(database, async (endpoints, host, secret, adminSetup) => {
      const minter = await tokenMinter(secret);
      try {
        const adminToken = await adminSetup(endpoints, minter);
        const most = Math.max(...options.clients);
        const clients = await prepareClients(endpoints, host, minter, adminToken, most);
        // The cars in each category, counted as they are listed.
        const inCategory = new Map<string, number>([[FULL_CATEGORY, options.cars]]);
        const listed: string[] = [];
        const listInto = (categoryOf: (client: Client) => string) => {
          const list = carLister(endpoints, listed, categoryOf);
          return async (client: Client, index: number) => {
            const answer = await list(client, index);
            const category = categoryOf(client);
            inCategory.set(category, (inCategory.get(category) ?? 0) + 1);
            return answer;
          };
        };
        const ownCategory = listInto((client) => client.category);
        const fullCategory = listInto(() => FULL_CATEGORY);
        await drive(endpoints, clients, 2, fullCategory, () => true);
        const runs: WriteRun[] = [];
        for (const count of options.clients) {
          for (const full of [false, true, false, true]) {
            const category = full ? FULL_CATEGORY : (clients[0]?.category ?? '');
            const before = inCategory.get(category) ?? 0;
            const run = await drive(
              endpoints,
              clients.slice(0, count),
              options.durationSeconds,
              full ? fullCategory : ownCategory,
              () => true,
            );
            runs.push({
              backend: 'postgres',
              command: 'list a car',
              clients: count,
              categoryCars: before,
              ...run,
            });
            say(
              `  list into a category of ${before.toLocaleString('en-US')} cars, ${count} clients: answer p50 ${run.latency.p50?.toFixed(1)} p99 ${run.latency.p99?.toFixed(1)} ms`,
            );
          }
        }
        return { cars: options.cars, runs };
      } finally {
        await minter.close();
      }
    });
  } finally {
    await database.drop();
  }
};
