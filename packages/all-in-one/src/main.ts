// `npm start`: the whole marketplace in one process, with no configuration needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { allInOneSettings, loadEnvOrExit } from '@second-gear/config';
import { demoAccounts } from './demo-data.ts';
import { startMarketplace } from './marketplace.ts';

const settings = loadEnvOrExit(allInOneSettings);
const say = (line: string) => process.stdout.write(`${line}\n`);

const webDist = resolve(settings.WEB_DIST);
if (!existsSync(join(webDist, 'index.html'))) {
  say('building the web app (first start only)');
  const vite = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', webDist, '--emptyOutDir'], {
    cwd: resolve('web'),
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const marketplace = await startMarketplace({
  dataDir: settings.DATA_DIR,
  host: settings.HOST,
  port: settings.PORT,
  authEmulatorPort: settings.AUTH_EMULATOR_PORT,
  webDist,
  projectId: settings.FIREBASE_PROJECT_ID,
  apiKey: settings.FIREBASE_API_KEY,
  ...(settings.JWT_SECRET ? { jwtSecret: settings.JWT_SECRET } : {}),
  seed: settings.SEED_DEMO_DATA,
  logLevel: settings.LOG_LEVEL,
  imageMaxBytes: settings.IMAGE_MAX_BYTES,
  imageMaxPixels: settings.IMAGE_MAX_PIXELS,
  readYourWritesTimeoutMs: settings.READ_YOUR_WRITES_TIMEOUT_MS,
  rateLimitMax: settings.RATE_LIMIT_MAX,
  say,
});

say(`
  Second Gear is running on ${marketplace.url}
  (local only: sign-in goes through the Auth Emulator at ${marketplace.authEmulator.url})

  Demo accounts:
${Object.values(demoAccounts)
  .map((a) => `    ${a.email.padEnd(26)} ${a.password}`)
  .join('\n')}

  Ctrl-C stops it; everything is kept in ${resolve(settings.DATA_DIR)}.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  say('stopping');
  await marketplace.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
