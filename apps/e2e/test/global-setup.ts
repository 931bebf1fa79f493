import { chmod, cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMarketplace, webBuilt } from '@second-gear/all-in-one';
import type { TestProject } from 'vitest/node';
import type { MarketplaceReady } from './ready.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the marketplace's address is written to once it answers (see ready.ts). */
    readyFile: string;
  }
}

/**
 * One seeded marketplace, on a fresh data directory, for every browser test. Vitest runs every
 * project's global setup before any test, so this one only starts the work: the web build and
 * the marketplace come up while the other projects' tests run, and the browser tests, which
 * run after them, wait for the file it writes (`ready.ts`).
 */
export default async function setup(project: TestProject) {
  // Screenshots of failing tests are this run's only.
  await rm(resolve(import.meta.dirname, '../../../test-results/e2e'), {
    recursive: true,
    force: true,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-e2e-'));
  // mkdtemp's folder is this user's alone; run as root, the embedded PostgreSQL that `npm start`
  // runs on by default runs as the `postgres` user, which must reach it.
  await chmod(dataDir, 0o755);
  const readyFile = join(dataDir, 'ready.json');
  // Written whole, then moved into place: a reader never sees half of it.
  const ready = async (data: MarketplaceReady) => {
    await writeFile(`${readyFile}.part`, JSON.stringify(data));
    await rename(`${readyFile}.part`, readyFile);
  };
  let marketplace: Awaited<ReturnType<typeof startMarketplace>> | undefined;
  const started = (async () => {
    // A copy of the built app, so a rebuild of web/dist during the run cannot pull chunks away.
    const webDist = join(dataDir, 'web');
    await cp(await webBuilt(), webDist, { recursive: true });
    marketplace = await startMarketplace({
      dataDir,
      webDist,
      port: 0,
      authEmulatorPort: 0,
      seed: true,
      rateLimits: false,
      logLevel: 'warn',
      // The engine `npm start` runs on; where it cannot run, the fallback, as there.
      say: (line) => {
        if (line.startsWith('using the in-process PGlite')) console.warn(line);
      },
    });
    await ready({ baseUrl: marketplace.url, authEmulatorHost: marketplace.authEmulator.host });
  })().catch((error: unknown) => ready({ error: String((error as Error)?.stack ?? error) }));
  project.provide('readyFile', readyFile);
  return async () => {
    await started;
    await marketplace?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
