// `npm run dev`: the marketplace to work on, on one URL. Three processes, all stopped by Ctrl-C:
// - the Auth Emulator, started once, so accounts and sign-ins outlive restarts;
// - the server (`dev-server.ts`: the three services on the embedded database, with the demo
//   data of `npm start`), run by `node --watch`, which restarts it when a file it imports is
//   saved;
// - Vite, which serves the pages with hot module replacement on the public port and passes
//   `/api`, `/images` and `/app-config.json` on to the server.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { allInOneSettings, loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { freePort, startAuthEmulator } from '@second-gear/identity';
import { demoAccounts } from './demo-data.ts';
import { viteBin, webRoot } from './web-build.ts';

const settings = loadEnvOrExit(allInOneSettings);
reportFailuresOf('dev');
const say = (line: string) => process.stdout.write(`${line}\n`);

say('starting the Auth Emulator');
const emulator = await startAuthEmulator({
  projectId: settings.FIREBASE_PROJECT_ID,
  dataDir: join(settings.DATA_DIR, 'auth'),
  port: settings.AUTH_EMULATOR_PORT,
});

const children: ChildProcess[] = [];
let stopping: Promise<void> | undefined;

/** Ends a child with `signal`, and for good after 15 s. */
const ended = async (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit;
  clearTimeout(timer);
};

const stop = (code: number) => {
  stopping ??= (async () => {
    say('stopping');
    await Promise.all(children.map((child) => ended(child, 'SIGTERM')));
    await emulator.stop();
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// Whatever happens to this process, its children do not outlive it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * A child in a process group of its own: a Ctrl-C reaches only this process, which stops each
 * child once, in order. One that ends by itself (Vite failing to start) stops the rest.
 */
const run = (args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) => {
  const child = spawn(process.execPath, args, { ...options, stdio: 'inherit', detached: true });
  children.push(child);
  child.once('exit', (code) => void stop(code ?? 1));
  return child;
};

const serverPort = await freePort(settings.HOST);
const repositoryRoot = join(webRoot, '..');
run(['--watch', '--watch-preserve-output', 'apps/all-in-one/src/dev-server.ts'], {
  cwd: repositoryRoot,
  env: {
    ...process.env,
    HOST: settings.HOST,
    PORT: String(serverPort),
    DATA_DIR: settings.DATA_DIR,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    // Pages are served by Vite: links (robots.txt, the sitemap) name its address.
    PUBLIC_URL:
      settings.PUBLIC_URL ??
      `http://${settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST}:${settings.PORT}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
run([viteBin(), '--host', settings.HOST, '--port', String(settings.PORT), '--strictPort'], {
  cwd: webRoot,
  env: { ...process.env, SECOND_GEAR_API: `http://${settings.HOST}:${serverPort}` },
});

// The first start seeds the demo data, which takes a while; then say where it all is.
const health = `http://${settings.HOST}:${serverPort}/health`;
while (
  !(await fetch(health).then(
    (answer) => answer.ok,
    () => false,
  ))
) {
  if (stopping) await stopping;
  await new Promise((wait) => setTimeout(wait, 250));
}
say(`
  Second Gear (development) on http://${settings.HOST}:${settings.PORT}
  Pages reload as you save them; the server restarts when a file it uses is saved.
  Sign-in goes through the Auth Emulator at ${emulator.url}. Demo accounts:
${Object.values(demoAccounts)
  .map((a) => `    ${a.email.padEnd(26)} ${a.password}`)
  .join('\n')}

  Ctrl-C stops all of it; data is kept in ${settings.DATA_DIR}.
`);
