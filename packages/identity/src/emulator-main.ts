// The Auth Emulator as a process of its own (docker-compose's `emulator` profile).
import { hostList, loadEnvOrExit, origin, port } from '@second-gear/config';
import { z } from 'zod';
import { startAuthEmulator } from './auth-emulator.ts';

const settings = loadEnvOrExit(
  z.object({
    FIREBASE_PROJECT_ID: z.string().startsWith('demo-').default('demo-second-gear'),
    AUTH_EMULATOR_HOST: z.string().default('0.0.0.0'),
    AUTH_EMULATOR_PORT: port(9099),
    AUTH_EMULATOR_DATA: z.string().default('./data/auth'),
    // The names it is reached by, besides addresses and localhost: its own on the compose
    // network, and the marketplace's public host when browsers reach it through that name.
    ALLOWED_HOSTS: hostList,
    PUBLIC_URL: origin.optional(),
  }),
);

const emulator = await startAuthEmulator({
  projectId: settings.FIREBASE_PROJECT_ID,
  host: settings.AUTH_EMULATOR_HOST,
  port: settings.AUTH_EMULATOR_PORT,
  dataDir: settings.AUTH_EMULATOR_DATA,
  hosts: { publicUrl: settings.PUBLIC_URL, allowed: settings.ALLOWED_HOSTS },
  startTimeoutMs: 180_000,
  onLog: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`Auth Emulator ready on ${emulator.url}\n`);

const stop = async () => {
  await emulator.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
