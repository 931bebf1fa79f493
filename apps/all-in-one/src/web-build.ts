import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { rendererPath } from '@second-gear/gateway';
import { whenInFolder } from './folder-watch.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** Vite's command-line entry. */
export const viteBin = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** The web app's workspace folder. */
export const webRoot = join(repositoryRoot, 'web');

/** Whether both halves of the build are in `dist`. */
const isBuilt = (dist: string): boolean =>
  existsSync(join(dist, 'index.html')) && existsSync(rendererPath(dist));

/**
 * One `vite build`: a production build whatever NODE_ENV the caller runs with (a test runner
 * sets `test`), so the renderer runs React's production code and its JSX is compiled for it.
 */
const viteBuild = (args: string[]): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, [viteBin(), 'build', ...args], {
      cwd: webRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`Building the web app failed (exit ${code})`)),
    );
  });

/** Whether the process that wrote `lock` still runs; an unreadable or empty lock counts as live. */
const holderAlive = async (lock: string): Promise<boolean> => {
  const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Waits until `lock` is gone: the other build finished, or its process died (then the lock is
 * removed here; a lock another process has taken since is left alone). Wakes on every change in
 * the lock's folder, never on a timer.
 */
const lockReleased = async (lock: string): Promise<void> => {
  const stale = async () => existsSync(lock) && !(await holderAlive(lock));
  await whenInFolder(dirname(lock), async () => !existsSync(lock) || (await stale()));
  if (await stale()) await rm(lock, { force: true });
};

/**
 * Builds the web app into `outDir` unless it is already there: the browser's files, then the
 * server's renderer of the public pages in `outDir/server` (see the gateway's page-render.ts).
 * Processes that ask at once share one build: the first takes a lock file beside `outDir`
 * (with its pid) and builds; the others wait for the lock to go, then find the build there.
 */
export const webBuilt = async (
  outDir = join(repositoryRoot, 'web', 'dist'),
  say: (line: string) => void = () => {},
): Promise<string> => {
  const dist = resolve(outDir);
  const lock = `${dist}.lock`;
  while (!isBuilt(dist)) {
    await mkdir(dirname(dist), { recursive: true });
    const taken = await writeFile(lock, String(process.pid), { flag: 'wx' }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (!taken) {
      await lockReleased(lock);
      continue;
    }
    try {
      // Both halves come from one build of the same code, or neither is kept.
      if (!isBuilt(dist)) {
        say('building the web app (first start only)');
        await viteBuild(['--outDir', dist, '--emptyOutDir']);
        await viteBuild([
          '--ssr',
          'src/entry-server.tsx',
          '--outDir',
          join(dist, 'server'),
          '--emptyOutDir',
        ]);
      }
    } finally {
      await rm(lock, { force: true });
    }
  }
  return dist;
};
