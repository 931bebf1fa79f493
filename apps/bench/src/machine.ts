import { cpus, loadavg, totalmem } from 'node:os';
import { serverVersion } from './postgres.ts';

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  postgres: string;
  os: string;
}

export const describeMachine = async (): Promise<Machine> => ({
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  cores: cpus().length,
  ramGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  postgres: await serverVersion().catch(() => 'not reachable'),
  os: `${process.platform} ${process.arch}`,
});

/** The 1-minute load average (the machine is shared, so it is recorded with every part). */
export const load1 = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;
