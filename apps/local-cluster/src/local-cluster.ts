import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type AuthEmulator, freePort, startAuthEmulator } from '@second-gear/identity';
import pg from 'pg';

/**
 * The distributed deployment without Docker: every service its own process against one
 * PostgreSQL server (event store and read tables), behind the gateway. The same processes the
 * Dockerfiles run, configured only through their environment.
 */

export interface LocalClusterOptions {
  /** PostgreSQL database for the events and the read tables; created when missing. */
  databaseUrl: string;
  /**
   * Fixed ports; without them each service gets a free port chosen just before it starts, and
   * a start that finds its port taken meanwhile is tried again on another.
   */
  ports?: { gateway: number; command: number; query: number; projections: number };
  host?: string;
  /** An Auth Emulator already running (`host:port`); otherwise one is started. */
  authEmulatorHost?: string;
  /** Where a started emulator keeps its accounts. */
  authEmulatorDataDir?: string;
  jwtSecret?: string;
  webDist?: string;
  imageDir?: string;
  logLevel?: string;
  /** Receives every process's output, prefixed with its name. */
  onLine?: (line: string) => void;
  /** More variables for every process (`RATE_LIMIT_MAX`, say). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

export interface LocalCluster {
  /** The gateway's address: the marketplace's one public port. */
  url: string;
  /** Each service's own address, behind the gateway. */
  services: { command: string; query: string; projections: string };
  authEmulatorHost: string;
  stop(): Promise<void>;
}

const repositoryRoot = resolve(import.meta.dirname, '../../..');
/** Every service starts through it, as `npm run start:*` does (it installs tracing when asked). */
const runScript = resolve(repositoryRoot, 'scripts', 'run.mjs');

/**
 * The processes the cluster starts, each the entry point its workspace exports as `./main`
 * (and its Dockerfile runs), so the workspaces it starts are the ones its package.json declares.
 */
const entryOf = (workspace: string): string =>
  fileURLToPath(import.meta.resolve(`@second-gear/${workspace}/main`));

/** Creates the database named in the URL when the server does not have it yet. */
export const ensureDatabase = async (databaseUrl: string): Promise<void> => {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unusable database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
};

/** How a service says its port is taken (the start's one line, or the raw error with DEBUG). */
const portTaken = /EADDRINUSE|Port \d+ is taken by another process/;

/** Why a service did not come up, with the last lines it wrote. */
class StartFailed extends Error {
  readonly portTaken: boolean;
  constructor(message: string, portTaken: boolean) {
    super(message);
    this.portTaken = portTaken;
  }
}

const waitForHealth = async (
  url: string,
  child: ChildProcess,
  closed: Promise<unknown>,
  lastLines: string[],
  timeoutMs: number,
) => {
  const failed = (why: string) =>
    new StartFailed(
      `${url} ${why}; its last lines:\n${lastLines.join('\n')}`,
      lastLines.some((line) => portTaken.test(line)),
    );
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await closed; // its last lines may still be on the way
      throw failed(`exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet, or something else holds the port and does not answer
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw failed(`did not become healthy within ${timeoutMs} ms`);
};

/** Where the cluster's services start, and what it keeps of them. */
interface Starting {
  host: string;
  say: (line: string) => void;
  /** Every process started, for `stop()`. */
  children: ChildProcess[];
  timeoutMs: number;
}

/** Spawns one service, passing on its lines and keeping its last ones. */
const spawnService = (
  { say, children }: Starting,
  name: string,
  workspace: string,
  env: Record<string, string>,
) => {
  const child = spawn(process.execPath, [runScript, entryOf(workspace)], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const closed = new Promise((done) => child.once('close', done));
  const lastLines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      lastLines.push(line);
      if (lastLines.length > 20) lastLines.shift();
      say(`[${name}] ${line}`);
    });
  }
  return { child, closed, lastLines };
};

/**
 * Starts a service and answers its port once it is healthy: the fixed one, or a free one chosen
 * just before, another being tried (up to three) when it was taken meanwhile.
 */
const startService = async (
  starting: Starting,
  service: {
    name: string;
    workspace: string;
    fixedPort?: number | undefined;
    env: Record<string, string>;
  },
): Promise<number> => {
  const { host, say } = starting;
  const { name, workspace, fixedPort } = service;
  for (let attempt = 1; ; attempt++) {
    const port = fixedPort ?? (await freePort(host));
    const env = { ...service.env, PORT: String(port) };
    const { child, closed, lastLines } = spawnService(starting, name, workspace, env);
    try {
      const url = `http://${host}:${port}/health`;
      await waitForHealth(url, child, closed, lastLines, starting.timeoutMs);
      say(`[cluster] ${name} is up on port ${port}`);
      return port;
    } catch (error) {
      const again = error instanceof StartFailed && error.portTaken;
      if (!again || fixedPort !== undefined || attempt === 3) throw error;
      say(`[cluster] ${name} found port ${port} taken; trying another`);
    }
  }
};

export const startLocalCluster = async (options: LocalClusterOptions): Promise<LocalCluster> => {
  const host = options.host ?? '127.0.0.1';
  const say = options.onLine ?? (() => {});
  const children: ChildProcess[] = [];
  let emulator: AuthEmulator | undefined;

  const stop = async () => {
    await Promise.all(
      children.reverse().map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await emulator?.stop();
  };

  try {
    await ensureDatabase(options.databaseUrl);
    if (!options.authEmulatorHost) {
      say('[cluster] starting the Auth Emulator');
      emulator = await startAuthEmulator({
        ...(options.authEmulatorDataDir ? { dataDir: options.authEmulatorDataDir } : {}),
      });
    }
    const authEmulatorHost = options.authEmulatorHost ?? emulator?.host ?? '';
    const common = {
      LOG_LEVEL: options.logLevel ?? 'info',
      HOST: host,
      EVENT_STORE: 'postgres',
      EVENT_STORE_URL: options.databaseUrl,
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: options.jwtSecret ?? randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      ...options.env,
    };

    const start = (
      name: string,
      workspace: string,
      port: number | undefined,
      env: Record<string, string>,
    ) =>
      startService(
        { host, say, children, timeoutMs: options.startTimeoutMs ?? 60_000 },
        { name, workspace, fixedPort: port, env: { ...common, ...env } },
      );

    const ports = options.ports;
    // The projector first: it creates the read tables the query service reads.
    const projections = await start('projections', 'projection-service', ports?.projections, {});
    const [command, query] = await Promise.all([
      start('command', 'command-service', ports?.command, {
        IMAGE_DIR: options.imageDir ?? resolve(repositoryRoot, 'data', 'distributed-images'),
      }),
      start('query', 'query-service', ports?.query, {}),
    ]);
    const gateway = await start('gateway', 'gateway', ports?.gateway, {
      COMMAND_URL: `http://${host}:${command}`,
      QUERY_URL: `http://${host}:${query}`,
      WEB_DIST: options.webDist ?? resolve(repositoryRoot, 'web', 'dist'),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    });
    const services = {
      command: `http://${host}:${command}`,
      query: `http://${host}:${query}`,
      projections: `http://${host}:${projections}`,
    };
    return { url: `http://${host}:${gateway}`, services, authEmulatorHost, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
