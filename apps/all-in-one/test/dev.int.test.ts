// `npm run dev` as a contributor uses it: one URL for pages and API, a server that restarts
// when a file it uses is saved, and Ctrl-C leaving nothing behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, utimes } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@second-gear/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUnavailable } from '../src/embedded-postgres.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

describe('npm run dev', () => {
  let dev: ChildProcess;
  let output = '';
  let dataDir: string;
  let url: string;
  const ports = { public: 0, emulator: 0 };

  /** Resolves when the output so far matches `pattern` `times` times, checked as output comes. */
  const printed = (pattern: RegExp, times = 1, timeoutMs = 120_000) =>
    new Promise<void>((resolve, reject) => {
      const count = () => [...output.matchAll(new RegExp(pattern, 'g'))].length;
      const check = () => {
        if (count() < times) return false;
        stop();
        resolve();
        return true;
      };
      const fail = () => {
        if (check()) return;
        stop();
        reject(new Error(`Never printed ${pattern} (${times}x). Output:\n${output}`));
      };
      const deadline = setTimeout(fail, timeoutMs);
      const stop = () => {
        clearTimeout(deadline);
        dev.stdout?.off('data', check);
        dev.stderr?.off('data', check);
        dev.off('close', fail);
      };
      // The listeners that collect `output` come first, so each chunk is in it when checked.
      dev.stdout?.on('data', check);
      dev.stderr?.on('data', check);
      dev.once('close', fail);
      if (!check() && dev.exitCode !== null) fail();
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'second-gear-dev-'));
    // mkdtemp's folder is this user's alone; run as root, the embedded PostgreSQL `npm run dev`
    // runs on by default runs as the `postgres` user, which must reach it.
    await chmod(dataDir, 0o755);
    ports.public = await freePort();
    ports.emulator = await freePort();
    url = `http://127.0.0.1:${ports.public}`;
    dev = spawn(process.execPath, ['apps/all-in-one/src/dev.ts'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(ports.public),
        AUTH_EMULATOR_PORT: String(ports.emulator),
        SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    dev.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await printed(/development\) on/);
    await printed(/\[server\] ready on/);
  }, 180_000);

  afterAll(async () => {
    if (dev?.exitCode === null) dev.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the pages through Vite and the API through it, on one URL', async () => {
    const page = await (await fetch(`${url}/car/anything`)).text();
    // Vite's client: what reloads a page's modules as they are saved.
    expect(page).toContain('/@vite/client');
    const categories = await fetch(`${url}/api/categories`);
    expect(categories.status).toBe(200);
    expect(await categories.json()).toEqual([]);
    const config = await (await fetch(`${url}/app-config.json`)).json();
    expect(config).toMatchObject({ authEmulatorUrl: `http://127.0.0.1:${ports.emulator}` });
  });

  it('restarts the server when a file it uses is saved', async () => {
    const now = new Date();
    await utimes(join(repositoryRoot, 'packages/features/src/categories/read-routes.ts'), now, now);
    await printed(/Restarting/);
    await printed(/\[server\] ready on/, 2, 60_000);
    expect((await fetch(`${url}/api/categories`)).status).toBe(200);
  }, 90_000);

  it('leaves nothing running after Ctrl-C', async () => {
    const server = Number(/\[server\] ready on http:\/\/[\d.]+:(\d+)/.exec(output)?.[1]);
    expect(await listening(server)).toBe(true);
    const exited = once(dev, 'exit');
    dev.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(0);
    for (const port of [ports.public, ports.emulator, server]) {
      expect(await listening(port)).toBe(false);
    }
    // Its database server, where it could run, was stopped too: PostgreSQL removes its pid
    // file as it shuts down.
    if (existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } else {
      expect(await embeddedPostgresUnavailable(join(dataDir, 'postgres'))).toBeDefined();
    }
  }, 60_000);
});
