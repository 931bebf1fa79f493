// A PostgreSQL server of the test's own, to stop and start under load without disturbing the
// machine's (which every other test uses). It runs the machine's own PostgreSQL binaries.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest PostgreSQL installed the Debian way, or undefined. */
const binDir = (): string | undefined => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
};

export interface PrivatePostgres {
  port: number;
  url(database: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/** Why a private server cannot run here; undefined when it can. */
export const privatePostgresUnavailable = (): string | undefined =>
  binDir() === undefined ? 'no PostgreSQL server binaries under /usr/lib/postgresql' : undefined;

/**
 * Creates and starts a server in a temporary directory on `port`, trusting local connections.
 * PostgreSQL refuses to run as root; as root, it runs as the `postgres` user.
 */
export const startPrivatePostgres = async (port: number): Promise<PrivatePostgres> => {
  const bin = binDir();
  if (!bin) throw new Error(privatePostgresUnavailable());
  const dir = await mkdtemp(join(tmpdir(), 'sg-private-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args])
      : run(join(bin, tool), args);
  await pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      dir,
      '-w',
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop']);
  };
  await start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** The machine's PostgreSQL, which most cases use (each with a database of its own). */
export const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432';

/** True when the machine's PostgreSQL answers. */
export const machinePostgresAnswers = async (): Promise<boolean> => {
  const client = new pg.Client({ connectionString: `${MACHINE_POSTGRES}/postgres` });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

/** Drops a database of the machine's PostgreSQL, whoever is still connected to it. */
export const dropMachineDatabase = async (name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: `${MACHINE_POSTGRES}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
};
