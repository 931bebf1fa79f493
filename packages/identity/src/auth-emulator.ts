import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { processAlive, StartupError } from '@second-gear/config';

export type AuthEmulatorOptions = {
  /** A `demo-` project id keeps the emulator fully offline. */
  projectId?: string;
  /** Keep accounts here across restarts (imported on start, exported on stop). */
  dataDir?: string;
  host?: string;
  /** Auth port; a free one when absent. */
  port?: number;
  /** How long to wait for the emulator to answer. Default 90 s (it is slow on a busy machine). */
  startTimeoutMs?: number;
  /**
   * The Host names it answers besides addresses and `localhost` (421 otherwise), as
   * `hostRule` takes them: the emulator itself checks none, so `emulator-host-guard.ts` does.
   */
  hosts?: { publicUrl?: string | undefined; allowed?: readonly string[] | undefined };
  /** Receives the emulator's output lines; silent when absent. */
  onLog?: (line: string) => void;
};

export type AuthEmulator = {
  /** `127.0.0.1:PORT`, the value firebase-admin takes as FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  url: string;
  projectId: string;
  /** Every port it listens on: the auth endpoint's, the emulator hub's and its logging's. */
  ports: readonly number[];
  /** Stops the emulator, exporting accounts first when a data directory was given. */
  stop(): Promise<void>;
};

const EXPORT_METADATA = 'firebase-export-metadata.json';

/** Runs the emulator and stops it when this process is gone (`emulator-watchdog.ts`). */
const WATCHDOG = join(import.meta.dirname, 'emulator-watchdog.ts');

/** True when `pid` is a watchdog of ours (only Linux can say; elsewhere, never assumed). */
const isWatchdog = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('emulator-watchdog');
  } catch {
    return false;
  }
};

const waitUntil = async (done: () => boolean, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return true;
};

/**
 * An emulator of this data directory that outlived the process that started it (killed
 * outright) is, through its watchdog, saving its accounts and stopping: wait for that, so the
 * accounts it holds are imported now and its port is free. One that does not stop is stopped.
 * One whose process still runs is in use, and refused.
 */
async function takeOverFrom(pidFile: string, dataDir: string): Promise<void> {
  // The file holds the watchdog's process id and its parent's (the process it serves).
  const [pid = 0, owner = 0] = (await readFile(pidFile, 'utf8').catch(() => ''))
    .split(/\s+/)
    .map(Number);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid) && isWatchdog(pid)) {
    // Its parent still runs: this is no orphan but a marketplace in use, whose sign-in must
    // not be taken from under it.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
      throw new StartupError(
        `The Auth Emulator of ${dataDir} serves process ${owner} (another npm start or npm run dev?): stop that one first, or give this one its own DATA_DIR.`,
      );
    }
    if (!(await waitUntil(() => !processAlive(pid), 30_000))) {
      process.kill(-pid, 'SIGINT');
      if (!(await waitUntil(() => !processAlive(pid), 30_000))) process.kill(-pid, 'SIGKILL');
    }
  }
  await rm(pidFile, { force: true });
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
}

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** A temporary directory with the emulator's own firebase.json, naming every port it uses. */
async function makeWorkDir(
  host: string,
  port: number,
  hubPort: number,
  loggingPort: number,
): Promise<string> {
  const workDir = await mkdtemp(join(tmpdir(), 'second-gear-auth-emulator-'));
  await mkdir(join(workDir, 'tmp'));
  await writeFile(
    join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return workDir;
}

/**
 * The firebase-tools command line, and with a data directory, the pid file of the emulator that
 * keeps it (an earlier one still running is taken over first).
 */
async function emulatorCommand(
  options: AuthEmulatorOptions,
  projectId: string,
): Promise<{ args: string[]; pidFile: string | undefined }> {
  const args = [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', projectId];
  const pidFile = options.dataDir ? `${resolve(options.dataDir)}.emulator.pid` : undefined;
  if (options.dataDir && pidFile) {
    const dataDir = resolve(options.dataDir);
    await takeOverFrom(pidFile, resolve(options.dataDir));
    await mkdir(dataDir, { recursive: true });
    // A first start has nothing to import; importing an empty directory is an error.
    if (existsSync(join(dataDir, EXPORT_METADATA))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  return { args, pidFile };
}

function emulatorEnv(workDir: string, hosts: AuthEmulatorOptions['hosts']): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Read by the host guard the watchdog loads into the emulator's process.
    EMULATOR_PUBLIC_URL: hosts?.publicUrl ?? '',
    EMULATOR_ALLOWED_HOSTS: (hosts?.allowed ?? []).join(','),
    // Its own config store and temp dir: the emulator hub leaves a locator file per project
    // id in the temp dir, and the export on exit follows it, so emulators of one project
    // running at once would otherwise export each other's accounts.
    XDG_CONFIG_HOME: join(workDir, 'config'),
    TMPDIR: join(workDir, 'tmp'),
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
    CI: 'true',
  };
  for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_EMULATOR_HUB', 'GCLOUD_PROJECT']) {
    delete env[name];
  }
  return env;
}

/**
 * Reads the emulator's output by line: each to `onLog`, the last 40 kept for an error, and
 * whether it has said it is ready.
 */
function followOutput(child: ChildProcess, onLog: ((line: string) => void) | undefined) {
  const output = { recent: [] as string[], announcedReady: false };
  const lines = (stream: NodeJS.ReadableStream | null) => {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (line.trim() === '') continue;
        if (line.includes('All emulators ready')) output.announcedReady = true;
        output.recent.push(line);
        if (output.recent.length > 40) output.recent.shift();
        onLog?.(line);
      }
    });
  };
  lines(child.stdout);
  lines(child.stderr);
  return output;
}

/** The emulator's process ended before it was ready. */
class EmulatorExitedEarly extends Error {}

/** How often a start is tried when the emulator's process ends while starting. */
const START_ATTEMPTS = 3;

/**
 * Starts the Firebase Auth Emulator from the installed firebase-tools, as a child process of
 * this Node, in a temporary directory with its own firebase.json. Every port it needs (auth,
 * the emulator hub, logging) is a free one, so several emulators can run at once. A port found
 * free may be taken by another process before the emulator binds it, and the emulator then
 * ends while starting: it is started again, on new ports, up to three times in all.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof EmulatorExitedEarly) || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

/** One try of `startAuthEmulator`. */
async function startOnce(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const projectId = options.projectId ?? 'demo-second-gear';
  const host = options.host ?? '127.0.0.1';
  const [port, hubPort, loggingPort] = await Promise.all([
    options.port ?? freePort(host),
    freePort(host),
    freePort(host),
  ]);
  const workDir = await makeWorkDir(host, port, hubPort, loggingPort);
  const { args, pidFile } = await emulatorCommand(options, projectId);

  const child = spawn(process.execPath, [WATCHDOG, ...args, '--non-interactive'], {
    cwd: workDir,
    env: emulatorEnv(workDir, options.hosts),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches only this process, which then
    // stops the emulator once through stop(). A second SIGINT would make the emulator skip
    // its export.
    detached: true,
  });
  // The whole group: the watchdog and the emulator it runs.
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  if (pidFile && child.pid !== undefined) {
    await writeFile(pidFile, `${child.pid} ${process.pid}`);
  }
  // The auth endpoint answers before an import has finished; its ready line comes after it.
  const output = followOutput(child, options.onLog);
  const killOnExit = killGroup;
  process.once('exit', killOnExit);

  const cleanUp = async () => {
    process.removeListener('exit', killOnExit);
    await rm(workDir, { recursive: true, force: true });
    if (pidFile) await rm(pidFile, { force: true });
  };

  const hostPort = `${host}:${port}`;
  const url = `http://${hostPort}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  let ended = false;
  child.once('exit', () => {
    ended = true;
  });
  while (!(output.announcedReady && (await answers(url)))) {
    if (ended || Date.now() > deadline) {
      killGroup();
      await exited(child);
      await cleanUp();
      const reason = ended ? 'exited early' : 'did not answer in time';
      const message = `The Auth Emulator ${reason}. Its last output:\n${output.recent.join('\n')}`;
      throw ended ? new EmulatorExitedEarly(message) : new Error(message);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }

  let stopping: Promise<void> | undefined;
  return {
    host: hostPort,
    url,
    projectId,
    ports: [port, hubPort, loggingPort],
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          // SIGINT is the emulator's own clean shutdown; it exports the accounts first.
          child.kill('SIGINT');
          const timer = setTimeout(killGroup, 30_000);
          await exited(child);
          clearTimeout(timer);
        }
        await cleanUp();
      })();
      return stopping;
    },
  };
}

/** True when a directory holds an export the emulator can import. */
export async function hasEmulatorExport(dataDir: string): Promise<boolean> {
  try {
    return (await readdir(dataDir)).includes(EXPORT_METADATA);
  } catch {
    return false;
  }
}
