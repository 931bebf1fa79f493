import { isAbsolute, resolve } from 'node:path';

/**
 * Where relative paths in the environment are taken from: the folder the command was run in.
 * npm runs a workspace's script in the workspace's folder and says where it was started in
 * `INIT_CWD`, so `PGLITE_DIR=./data/pglite npm run projections` means the `./data` the person
 * sees, not one inside `projection-service/`.
 */
export const fromWhereRun = (
  path: string,
  env: Record<string, string | undefined> = process.env,
) => (isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path));

/** An error whose message already says what to do; printed as it is, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

type SystemError = Error & {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  hostname?: string;
  errors?: unknown[];
};

const portVariable = (port: number | undefined) => (port === 9099 ? 'AUTH_EMULATOR_PORT' : 'PORT');

/**
 * What to do about an error that stopped a process from starting or a command from running,
 * in one line; undefined for an error nobody here anticipated (a bug: print its stack).
 */
export const whatToDo = (error: unknown): string | undefined => {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof StartupError) return error.message;
  const system = error as SystemError;
  // A connection refused on every address of a host arrives as an AggregateError.
  const cause = (
    error instanceof AggregateError ? (error.errors[0] ?? error) : (system.cause ?? error)
  ) as SystemError;
  const code = system.code ?? cause.code;
  const where = cause.address && cause.port ? `${cause.address}:${cause.port}` : undefined;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${system.port ?? cause.port ?? '?'} is taken by another process: stop it (\`lsof -i :${system.port ?? cause.port}\` shows which), or start with ${portVariable(system.port ?? cause.port)}=<another port>.`;
    case 'EACCES':
      if (system.syscall === 'listen') {
        return `Port ${system.port ?? '?'} needs privileges this process does not have: choose a port above 1023 (${portVariable(system.port)}=3000).`;
      }
      return undefined;
    case 'ECONNREFUSED':
      return `Nothing answers at ${where ?? 'the database address'}: start PostgreSQL there, or set DATABASE_URL and EVENT_STORE_URL to one that runs.`;
    case 'ENOTFOUND':
      return `The host ${cause.hostname ?? ''} is unknown: check DATABASE_URL and EVENT_STORE_URL.`;
    case '3D000':
      return `${error.message}: create it (\`createdb <name>\`) or point DATABASE_URL and EVENT_STORE_URL at one that exists.`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the login (${error.message}): check the user and password in DATABASE_URL and EVENT_STORE_URL.`;
    case 'ERR_UNKNOWN_FILE_EXTENSION':
      return `This Node (${process.version}) cannot run TypeScript: run it through npm (\`npm start\`, \`npm run ...\`), which uses the project's own Node 24.`;
  }
  return undefined;
};

/**
 * Prints what went wrong in one line on `stderr` (with the stack only for an error nobody
 * anticipated, or with DEBUG set) and answers the exit code: 1.
 */
export const reportFailure = (
  error: unknown,
  what = 'second-gear',
  stderr: NodeJS.WritableStream = process.stderr,
): number => {
  const line = whatToDo(error);
  if (line !== undefined && !process.env.DEBUG) {
    stderr.write(`${what}: ${line}\n`);
  } else {
    stderr.write(
      `${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  return 1;
};

/**
 * From here on, an error that escapes (a failed start above all: a port taken, a database
 * that does not answer) ends the process with one line saying what to do, or with its stack
 * when nobody anticipated it.
 */
export const reportFailuresOf = (what: string): void => {
  process.once('uncaughtException', (error) => {
    process.exit(reportFailure(error, what));
  });
};

/** Whether process `pid` runs (one of another user's, which this process may not signal, too). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
