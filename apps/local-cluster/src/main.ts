// `npm run start:distributed`: each service its own process against the machine's PostgreSQL.
import { resolve } from 'node:path';
import { reportFailuresOf } from '@second-gear/config';
import { startLocalCluster } from './local-cluster.ts';

reportFailuresOf('second-gear (distributed)');

const env = process.env;
const cluster = await startLocalCluster({
  databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/second_gear',
  ports: { gateway: 3000, command: 3001, query: 3002, projections: 3003 },
  authEmulatorDataDir: resolve('data', 'distributed-auth'),
  ...(env.FIREBASE_AUTH_EMULATOR_HOST ? { authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST } : {}),
  ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
  logLevel: env.LOG_LEVEL ?? 'info',
  onLine: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(
  `\n  Second Gear (distributed) is running on ${cluster.url}\n` +
    `  (sign-in goes through the Auth Emulator at http://${cluster.authEmulatorHost})\n\n`,
);

const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
