// The all-in-one's embedded PostgreSQL: the real server binaries from the npm package, run as a
// child process on a directory of the test's own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { backup } from '../src/backup.ts';
import {
  type EmbeddedPostgres,
  embeddedPostgresRunning,
  embeddedPostgresUnavailable,
  startEmbeddedPostgres,
} from '../src/embedded-postgres.ts';
import { startBareMarketplace } from './support.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const serverPid = (dir: string) =>
  Number.parseInt(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n', 1)[0] ?? '', 10);

const query = async (connectionString: string, text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
};

// Where the server cannot run at all (no binaries for the platform, root without a `postgres`
// user), these tests have nothing to test; the fallback test below covers that case.
const unavailable = await embeddedPostgresUnavailable(join(tmpdir(), 'probe', 'postgres'));

describe.skipIf(unavailable !== undefined)('embedded PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: EmbeddedPostgres[] = [];
  const newDir = async (prefix = 'sg-embedded-pg-') => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dir);
    // mkdtemp's folder is this user's alone; run as root, the server runs as `postgres`.
    await chmod(dir, 0o755);
    return dir;
  };
  const start = async (dir: string) => {
    const server = await startEmbeddedPostgres({ dir });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('creates its database on first start and keeps what was written across a restart', async () => {
    const dir = join(await newDir(), 'postgres');
    const first = await start(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    await query(first.connectionString, 'create table kept (note text)');
    await query(first.connectionString, 'insert into kept values ($1)', ['still here']);
    // The search's trigram matching needs pg_trgm, which the binaries ship.
    await query(first.connectionString, 'create extension pg_trgm');
    await first.stop();
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);

    const second = await start(dir);
    expect(await query(second.connectionString, 'select note from kept')).toEqual([
      { note: 'still here' },
    ]);
    const [settings] = await query(
      second.connectionString,
      "select current_setting('listen_addresses') as tcp, current_setting('server_encoding') as encoding, datcollate from pg_database where datname = current_database()",
    );
    // No TCP port: the Unix socket is the only way in.
    expect(settings).toEqual({ tcp: '', encoding: 'UTF8', datcollate: 'C' });
  }, 60_000);

  /**
   * A process of its own that starts a server on `dir` with `options`, runs `then` (a module's
   * code, with the server as `server`), and has printed `said` once it has.
   */
  const inAnotherProcess = async (
    dir: string,
    options: { watchdog?: boolean },
    then: string,
    said: string,
  ) => {
    const launcher = pathToFileURL(join(import.meta.dirname, '../src/embedded-postgres.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startEmbeddedPostgres } = await import(${JSON.stringify(launcher)});
         const server = await startEmbeddedPostgres({ ...${JSON.stringify(options)}, dir: ${JSON.stringify(dir)} });
         ${then}
         console.log(${JSON.stringify(said)});`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [printed] = (await once(child.stdout, 'data')) as [Buffer];
    expect(printed.toString()).toContain(said);
    return child;
  };

  /** A process of its own that starts a server on `dir`, writes a row, and then waits. */
  const startInAnotherProcess = (dir: string, options: { watchdog: boolean }) =>
    inAnotherProcess(
      dir,
      options,
      `const pg = (await import('pg')).default;
       const client = new pg.Client({ connectionString: server.connectionString });
       await client.connect();
       await client.query("create table kept as select 'written before the kill' as note");
       await client.end();
       setInterval(() => {}, 1000);`,
      'READY',
    );

  it('stops the server when the process that started it is killed outright', async () => {
    const dir = join(await newDir(), 'postgres');
    const child = await startInAnotherProcess(dir, { watchdog: true });
    const server = serverPid(dir);
    child.kill('SIGKILL');
    await once(child, 'exit');
    // The watchdog shuts it down cleanly: a server that crashed or still runs leaves its pid file.
    await expect.poll(() => alive(server), { timeout: 20_000 }).toBe(false);
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    expect(readFileSync(`${dir}.log`, 'utf8')).toContain('database system is shut down');

    const again = await start(dir);
    expect(await query(again.connectionString, 'select note from kept')).toEqual([
      { note: 'written before the kill' },
    ]);
  }, 90_000);

  it('leaves nothing running that keeps a process up once it has stopped the server', async () => {
    const dir = join(await newDir(), 'postgres');
    const child = await inAnotherProcess(dir, {}, 'await server.stop();', 'STOPPED');
    const since = performance.now();
    await once(child, 'exit');
    // A timer or a child still referenced would hold it up (a deadline once did, for 30 s).
    expect(performance.now() - since).toBeLessThan(5_000);
  }, 60_000);

  it('refuses a directory another process runs, and takes over one a killed process left', async () => {
    const dir = join(await newDir(), 'postgres');
    // Without the watchdog, as when it was killed too: the server outlives its process.
    const child = await startInAnotherProcess(dir, { watchdog: false });
    const leftover = serverPid(dir);
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(
      `${dir} is open in process ${child.pid}`,
    );
    expect(alive(leftover)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    // The server runs on without the process that started it, and holds no lock now: a backup
    // still sees it and refuses.
    expect(alive(leftover)).toBe(true);
    expect(await embeddedPostgresRunning(dir)).toBe(true);
    await expect(backup(join(dir, '..'), join(dir, '..', 'x.tar.gz'))).rejects.toThrow(
      /A PostgreSQL server still runs on/,
    );

    const server = await start(dir);
    // Stopped (and, once its new parent has reaped it, gone).
    await expect.poll(() => alive(leftover), { timeout: 5_000 }).toBe(false);
    expect(serverPid(dir)).not.toBe(leftover);
    expect(await query(server.connectionString, 'select note from kept')).toEqual([
      { note: 'written before the kill' },
    ]);
  }, 90_000);

  it('takes a pid file no server answers for as stale, whatever process has that pid now', async () => {
    const dir = join(await newDir(), 'postgres');
    const first = await start(dir);
    const pidFile = join(dir, 'postmaster.pid');
    const written = readFileSync(pidFile, 'utf8');
    await first.stop();
    // As after a reboot: the file is back, and its pid is now an unrelated process's.
    const unrelated = spawn('sleep', ['60']);
    try {
      const lines = written.split('\n');
      lines[0] = String(unrelated.pid);
      await writeFile(pidFile, lines.join('\n'));
      expect(await embeddedPostgresRunning(dir)).toBe(false);
      const second = await start(dir);
      expect(await query(second.connectionString, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(alive(unrelated.pid ?? 0)).toBe(true);
    } finally {
      unrelated.kill();
    }
  }, 60_000);

  it('keeps a pid file whose socket answers but will not say whose server it is, and says what to do', async () => {
    const dir = join(await newDir(), 'postgres');
    await mkdir(dir, { recursive: true });
    // Something listens on the socket the file names and drops every connection, as a server
    // out of connections or shutting down uncleanly may.
    const socketDir = await newDir('sg-sock-');
    const port = 45432;
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => dropper.listen(join(socketDir, `.s.PGSQL.${port}`), done));
    const pidFile = join(dir, 'postmaster.pid');
    await writeFile(pidFile, ['2147483646', dir, '0', String(port), socketDir, ''].join('\n'));
    try {
      expect(await embeddedPostgresRunning(dir)).toBe(true);
      await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/may still run on .*stop it/);
      expect(existsSync(pidFile)).toBe(true);
    } finally {
      dropper.close();
    }
  }, 60_000);

  it('puts its socket in a short temporary folder when the data directory’s path is too long', async () => {
    const dir = join(await newDir(), 'a-data-directory-whose-path-is-long'.repeat(2), 'postgres');
    const server = await start(dir);
    const socketDir = new URL(server.connectionString).searchParams.get('host') ?? '';
    expect(socketDir).not.toBe(dir);
    expect(existsSync(join(socketDir, '.s.PGSQL.5432'))).toBe(true);
    expect(await query(server.connectionString, 'select 1 as one')).toEqual([{ one: 1 }]);
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    expect(existsSync(socketDir)).toBe(false);
  }, 60_000);

  it.runIf(process.getuid?.() === 0)(
    'as root, says it cannot run where the postgres user cannot reach the directory',
    async () => {
      const closed = await newDir();
      await chmod(closed, 0o700);
      const dir = join(closed, 'data', 'postgres');
      await mkdir(join(closed, 'data'));
      expect(await embeddedPostgresUnavailable(dir)).toMatch(/`postgres` user .* cannot reach/);
      await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/PostgreSQL cannot run here/);
      await chmod(closed, 0o755);
      expect(await embeddedPostgresUnavailable(dir)).toBeUndefined();
    },
  );
});

describe('the all-in-one’s choice of embedded database', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const dataDir = async (mode = 0o755) => {
    const dir = await mkdtemp(join(tmpdir(), 'sg-embedded-choice-'));
    dirs.push(dir);
    await chmod(dir, mode);
    return join(dir, 'data');
  };
  /** Starts and stops the marketplace on `dir`: the engine it ran on, and what it said. */
  const runOn = async (dir: string, database?: 'auto' | 'pglite' | 'postgres') => {
    const said: string[] = [];
    const marketplace = await startBareMarketplace(dir, {
      ...(database ? { database } : {}),
      say: (line) => said.push(line),
    });
    await marketplace.stop();
    return { database: marketplace.database, said };
  };

  it.skipIf(unavailable !== undefined)(
    'gives a new data directory PostgreSQL, and keeps it on the next start',
    async () => {
      const dir = await dataDir();
      expect((await runOn(dir)).database).toBe('postgres');
      expect(existsSync(join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect((await runOn(dir, 'auto')).database).toBe('postgres');
    },
    90_000,
  );

  it('keeps PGlite for a data directory an earlier version created with it', async () => {
    const dir = await dataDir();
    expect((await runOn(dir, 'pglite')).database).toBe('pglite');
    expect((await runOn(dir)).database).toBe('pglite');
    expect(existsSync(join(dir, 'postgres'))).toBe(false);
  }, 90_000);

  it.runIf(process.getuid?.() === 0)(
    'falls back to PGlite, saying why, where PostgreSQL cannot run',
    async () => {
      // A folder only root may enter: the `postgres` user cannot reach the data directory.
      const dir = await dataDir(0o700);
      const { database, said } = await runOn(dir);
      expect(database).toBe('pglite');
      expect(said).toContainEqual(
        expect.stringMatching(/^using the in-process PGlite database: .*cannot reach/),
      );
      await expect(runOn(dir, 'postgres')).rejects.toThrow(/PostgreSQL cannot run here/);
    },
    90_000,
  );
});
