import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface SpawnedServer {
  info: Record<string, string>;
  /** The child's process id (for the record). */
  pid: number | undefined;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** Starts `src/server.ts <mode>` in a child Node process and waits for its READY line. */
export const spawnServer = async (
  mode: 'bare' | 'query' | 'command' | 'projections' | 'marketplace',
  env: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<SpawnedServer> => {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts'), mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    errors.push(chunk.toString());
    if (errors.length > 50) errors.shift();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited(child);
    clearTimeout(killer);
  };
  try {
    const info = await new Promise<Record<string, string>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${mode} server did not start in time`)),
        timeoutMs,
      );
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        if (!line.startsWith('READY ')) return;
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(6)) as Record<string, string>);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(
          new Error(`${mode} server exited (${code}) before it was ready:\n${errors.join('')}`),
        );
      });
    });
    return { info, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** The host of the benchmark's listing pictures, whose addresses its servers take as they are. */
export const BENCH_PICTURE_HOST = 'images.example';
