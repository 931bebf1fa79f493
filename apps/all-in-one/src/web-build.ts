import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { rendererPath } from '@second-gear/gateway';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** Vite's command-line entry. */
export const viteBin = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** The web app's workspace folder. */
export const webRoot = join(repositoryRoot, 'web');

/**
 * Builds the web app into `outDir` unless it is already there: the browser's files, then the
 * server's renderer of the public pages in `outDir/server` (see the gateway's page-render.ts).
 */
export const ensureWebBuilt = (
  outDir = join(repositoryRoot, 'web', 'dist'),
  say: (line: string) => void = () => {},
): string => {
  const dist = resolve(outDir);
  const vite = (args: string[]) => {
    // A production build whatever NODE_ENV the caller runs with (a test runner sets `test`):
    // the renderer runs React's production code, and its JSX must be compiled for it.
    const built = spawnSync(process.execPath, [viteBin(), 'build', ...args], {
      cwd: webRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error(`Building the web app failed (exit ${built.status})`);
  };
  // Both halves come from one build of the same code, or neither is kept.
  if (!existsSync(join(dist, 'index.html')) || !existsSync(rendererPath(dist))) {
    say('building the web app (first start only)');
    vite(['--outDir', dist, '--emptyOutDir']);
    vite(['--ssr', 'src/entry-server.tsx', '--outDir', join(dist, 'server'), '--emptyOutDir']);
  }
  return dist;
};
