// The all-in-one's data (embedded database, the Auth Emulator's accounts, pictures, secret) into
// one archive and back (`npm run backup`, `npm run restore`: backup-cli.ts). Both need the
// marketplace stopped: the embedded database's lock says whether it runs, and is held
// throughout, so it cannot start in the middle. A stopped PostgreSQL's files are a consistent
// copy of it, as PGlite's are.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fromWhereRun, StartupError } from '@second-gear/config';
import { lockDatabaseDirectory } from '@second-gear/read-model';
import * as tar from 'tar';
import { embeddedPostgresRunning } from './embedded-postgres.ts';
import { keepErasures } from './erasure-ledger.ts';

/** The folder every archive holds its files under, beside its manifest. */
const ROOT = 'second-gear-data';
const MANIFEST = 'BACKUP.json';
/** Files of a running process, never archived nor restored. */
const transient = (path: string) =>
  /\.lock$|\.emulator\.pid$|\/postmaster\.pid$|\/\.s\.PGSQL\.\d+(\.lock)?$/.test(path);

/** The embedded databases' folders a data directory may hold (docs/operations.md). */
const ENGINES = ['postgres', 'pglite'] as const;
const enginesIn = (dataDir: string) => ENGINES.filter((e) => existsSync(join(dataDir, e)));

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Holds the embedded database's lock (refused while the marketplace runs) during `work`. */
const whileStopped = async <T>(dataDir: string, work: () => Promise<T>): Promise<T> => {
  const releases: (() => void)[] = [];
  try {
    for (const engine of enginesIn(dataDir)) {
      releases.push(await lockDatabaseDirectory(join(dataDir, engine)));
    }
    // A server an app left running when it ended without stopping it holds no lock.
    if (await embeddedPostgresRunning(join(dataDir, 'postgres'))) {
      throw new StartupError(
        `A PostgreSQL server still runs on ${join(dataDir, 'postgres')}: start the marketplace once and stop it (Ctrl-C), which stops the server too.`,
      );
    }
    return await work();
  } finally {
    for (const release of releases) release();
  }
};

export const backup = async (dataDir: string, file?: string): Promise<string> => {
  if (enginesIn(dataDir).length === 0) {
    throw new StartupError(
      `There is no marketplace data in ${dataDir} to back up: start it once (npm start), or set DATA_DIR.`,
    );
  }
  const target = file ?? fromWhereRun(join('backups', `second-gear-${stamp()}.tar.gz`));
  await mkdir(dirname(target), { recursive: true });
  await whileStopped(dataDir, async () => {
    // The archive's two entries, side by side: the manifest, and the data under its fixed name
    // (a link to the data directory, followed when archiving).
    const staging = `${dataDir}.backup-${stamp()}`;
    await mkdir(staging, { recursive: true });
    try {
      await writeFile(
        join(staging, MANIFEST),
        `${JSON.stringify({ createdAt: new Date().toISOString(), from: dataDir }, null, 2)}\n`,
      );
      await symlink(dataDir, join(staging, ROOT), 'dir');
      await tar.create(
        {
          gzip: true,
          file: target,
          portable: true,
          follow: true,
          cwd: staging,
          filter: (path) => !transient(path),
        },
        [MANIFEST, ROOT],
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  });
  return target;
};

/**
 * Puts the archive's data in place of the data directory: read whole into a folder beside it
 * first (an archive that is not a backup, or breaks off, changes nothing), then the current
 * directory is moved aside, kept, and the restored one moved in. Answers where the old one is.
 */
export const restore = async (dataDir: string, file: string): Promise<string | undefined> => {
  if (!existsSync(file)) throw new StartupError(`There is no backup at ${file}.`);
  const entries: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) });
  const holdsDatabase = (entry: string) =>
    ENGINES.some((engine) => entry.startsWith(`${ROOT}/${engine}/`));
  if (!entries.includes(MANIFEST) || !entries.some(holdsDatabase)) {
    throw new StartupError(`${file} is not a backup of npm run backup: nothing was changed.`);
  }
  await mkdir(dirname(dataDir), { recursive: true });
  const run = async () => {
    const incoming = `${dataDir}.restoring-${stamp()}`;
    await mkdir(incoming, { recursive: true });
    try {
      await tar.extract({
        file,
        cwd: incoming,
        filter: (path) => !transient(path) && (path === MANIFEST || path.startsWith(`${ROOT}/`)),
      });
      await readFile(join(incoming, MANIFEST), 'utf8');
      let aside: string | undefined;
      if (existsSync(dataDir)) {
        aside = `${dataDir}-before-restore-${stamp()}`;
        await rename(dataDir, aside);
      }
      await rename(join(incoming, ROOT), dataDir);
      // Whoever was erased since the archive was made stays erased.
      if (aside) await keepErasures(aside, dataDir);
      return aside;
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
  };
  // A data directory's databases are guarded by their locks; a missing one has nothing to guard.
  return whileStopped(dataDir, run);
};
