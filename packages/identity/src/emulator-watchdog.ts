// Runs the Auth Emulator on behalf of the process that started this one, and ends it with that
// process. A parent killed outright (SIGKILL, a crash) gets no chance to stop its children; this
// watchdog notices within half a second and stops the emulator as Ctrl-C would, which saves its
// accounts to the data directory first. So a crashed `npm start` leaves neither a port taken nor
// a registered account forgotten. Its arguments are the emulator's command line.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const parent = process.ppid;
const [cli, ...args] = process.argv.slice(2);
if (!cli) {
  process.stderr.write('usage: emulator-watchdog.ts <firebase cli> <arguments>\n');
  process.exit(64);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// The emulator answers any Host header; the guard, loaded before it, refuses foreign ones. It
// compiles its request validators as they are first used rather than all as it starts.
const preloads = ['emulator-host-guard.ts', 'emulator-lazy-validators.ts'].flatMap((file) => [
  '--import',
  join(import.meta.dirname, file),
]);
const emulator = spawn(process.execPath, [...preloads, cli, ...args], {
  stdio: ['ignore', 'pipe', 'pipe'],
});

// The emulator writes to this process, never to a pipe whose reader may be gone: a write to a
// closed pipe would end it before it saved anything.
for (const [from, to] of [
  [emulator.stdout, process.stdout],
  [emulator.stderr, process.stderr],
] as const) {
  to.on('error', () => {});
  from.on('data', (chunk: Buffer) => {
    if (to.writable) to.write(chunk);
  });
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // SIGINT is the emulator's own clean shutdown: it exports the accounts, then exits.
  emulator.kill('SIGINT');
  setTimeout(() => emulator.kill('SIGKILL'), 30_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// Orphaned, this process is adopted by another (its parent id changes) or its parent is gone.
const watch = setInterval(() => {
  if (process.ppid !== parent || !alive(parent)) stop();
}, 500);

emulator.once('exit', (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? (signal === 'SIGINT' ? 0 : 1));
});
