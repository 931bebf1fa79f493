import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** Vite's command-line entry. */
export const viteBin = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** The web app's workspace folder. */
export const webRoot = join(repositoryRoot, 'web');

/** Builds the web app into `outDir` unless it is already there. */
export const ensureWebBuilt = (
  outDir = join(repositoryRoot, 'web', 'dist'),
  say: (line: string) => void = () => {},
): string => {
  const dist = resolve(outDir);
  if (existsSync(join(dist, 'index.html'))) return dist;
  say('building the web app (first start only)');
  const built = spawnSync(
    process.execPath,
    [viteBin(), 'build', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: webRoot,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error(`Building the web app failed (exit ${built.status})`);
  return dist;
};
