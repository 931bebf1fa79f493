import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureWebBuilt, startMarketplace } from '@second-gear/all-in-one';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the marketplace answers, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** host:port of its Auth Emulator */
    authEmulatorHost: string;
  }
}

/** One seeded marketplace, on a fresh data directory, for every browser test. */
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
  // A copy of the built app, so a rebuild of web/dist during the run cannot pull chunks away.
  const webDist = join(dataDir, 'web');
  await cp(ensureWebBuilt(), webDist, { recursive: true });
  const marketplace = await startMarketplace({
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
  project.provide('baseUrl', marketplace.url);
  project.provide('authEmulatorHost', marketplace.authEmulator.host);
  return async () => {
    await marketplace.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
