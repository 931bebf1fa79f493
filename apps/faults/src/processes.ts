// The parts of the marketplace as the processes an operator runs, started here to be broken:
// killed outright, their database stopped, their sign-in service gone.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuilt } from '@second-gear/all-in-one';
import { freePort } from '@second-gear/identity';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** A workspace's entry point, as its package exports it (`./main`). */
export const entryOf = (workspace: string): string =>
  fileURLToPath(import.meta.resolve(`@second-gear/${workspace}/main`));

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it wrote so far, both streams. */
  output(): string;
  /** Resolves once its output contains `text`; rejects if it ends first or time runs out. */
  said(text: string, timeoutMs?: number): Promise<void>;
  /** Ctrl-C, and waits for it to end. */
  stop(): Promise<void>;
  /** `kill -9`, and waits for it to end. */
  kill(): Promise<void>;
}

/** Starts a workspace's entry point as its own process, with `env` over this one's. */
export const startProcess = (entry: string, env: Record<string, string>): RunningProcess => {
  const child = spawn(process.execPath, [entry], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
  }
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (ended()) return;
    const exit = once(child, 'exit');
    child.kill(signal);
    await exit;
  };
  return {
    child,
    output: () => text,
    async said(wanted, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(wanted)) {
        if (ended()) throw new Error(`${entry} ended before saying "${wanted}":\n${text}`);
        if (Date.now() > deadline) throw new Error(`${entry} did not say "${wanted}":\n${text}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    },
    stop: () => end('SIGINT'),
    kill: () => end('SIGKILL'),
  };
};

/**
 * An all-in-one (`npm start`) on `dataDir`, on ports of its own: where it answers, and how to
 * start it (again, on the same data and ports, after a crash).
 */
export const allInOneOn = async (dataDir: string, env: Record<string, string> = {}) => {
  const [port, authPort] = [await freePort(), await freePort()];
  const webDist = await webBuilt();
  return {
    url: `http://127.0.0.1:${port}`,
    emulatorHost: `127.0.0.1:${authPort}`,
    start: () =>
      startProcess(entryOf('all-in-one'), {
        DATA_DIR: dataDir,
        PORT: String(port),
        AUTH_EMULATOR_PORT: String(authPort),
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        IMAGE_HOSTS: PICTURE_HOST,
        ...env,
      }),
  };
};

/** Waits, bounded, until `check` holds. */
export const eventually = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  what = 'the condition',
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
};

/** A call to the marketplace's API, answering the status and the parsed body. */
export const call = async (
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
};

/**
 * The host of the listings' pictures: the marketplaces here are told to take its addresses as
 * they are (`IMAGE_HOSTS`), so a listing needs no upload first.
 */
export const PICTURE_HOST = 'images.example';

/** A listing as the Add Product form sends it. */
export const carBody = (name: string, category = 'Sedan') => ({
  name,
  seller_name: 'Fault Finder',
  email: 'fault@example.com',
  category,
  image: `https://${PICTURE_HOST}/placeholder.webp`,
  original_price: '20000',
  price: '12500',
  location: 'Austin, TX',
  use: '4',
});
