// An embedded database directory is locked by the operating system for the life of the process
// that opened it: on Linux, by a socket bound to a name in the abstract namespace derived from
// the directory. Binding is atomic (of two processes, one wins), and the kernel frees the name
// when the process ends however it ends, so a lock is never stale and never taken over while
// its owner lives. Node has no flock(2), and the packages that add it are native builds.
// Elsewhere (macOS, Windows), a pid file stands in: `<dir>.lock` created exclusively, taken
// over once its process is gone, which two processes starting at the same instant can both do.
// On every platform `<dir>.lock` names the owner's pid, for the message a second process gets.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { processAlive, StartupError } from '@second-gear/config';

const inUse = (where: string, owner: number | undefined) =>
  new StartupError(
    `${where} is open in ${owner === undefined ? 'another process' : `process ${owner}`}: stop it ` +
      'first (an embedded database can be opened by one process at a time), or give this one ' +
      'its own DATA_DIR.',
  );

const ownerOf = (path: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
};

/** Holds the directory by binding its abstract socket name (Linux). */
const socketLock = async (where: string): Promise<() => void> => {
  const digest = createHash('sha256').update(where).digest('hex').slice(0, 40);
  const server = createServer();
  try {
    await new Promise<void>((bound, failed) => {
      server.once('error', failed);
      server.listen({ path: `\0second-gear-db-${digest}` }, bound);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw inUse(where, ownerOf(`${where}.lock`));
  }
  server.unref();
  writeFileSync(`${where}.lock`, String(process.pid));
  return () => {
    rmSync(`${where}.lock`, { force: true });
    server.close();
  };
};

/** Holds the directory by a pid file created exclusively (other platforms). */
const pidFileLock = (where: string): (() => void) => {
  const path = `${where}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      if (owner !== undefined && owner !== process.pid && processAlive(owner))
        throw inUse(where, owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${where}`);
};

/**
 * An embedded database directory may be opened by one process only: a second PGlite or
 * PostgreSQL server on the same files corrupts them. Locks it for this process, or throws a
 * StartupError naming the process that has it. Returns the release function, which process exit
 * calls too.
 */
export const lockDatabaseDirectory = async (dir: string): Promise<() => void> => {
  const where = resolve(dir);
  const unlock = process.platform === 'linux' ? await socketLock(where) : pidFileLock(where);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    unlock();
  };
  process.on('exit', release);
  return release;
};
