// Operators' commands: `npm run admin -- promote <email>` makes a registered user an Admin.
// The first admin of an installation is made this way; after that, admins promote in the app.
import { loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { eventStoreConfig } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import { z } from 'zod';
import { promoteToAdminAsSystem, userIdByEmail } from './system-commands.ts';

const settings = loadEnvOrExit(
  z.object({
    EVENT_STORE: z.enum(['pglite', 'postgres', 'kurrentdb']).default('postgres'),
    EVENT_STORE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/second_gear'),
    KEY_STORE_URL: z.string().optional(),
  }),
);
reportFailuresOf('admin');
const [verb, email] = process.argv.slice(2);
if (verb !== 'promote' || !email) {
  process.stderr.write('usage: npm run admin -- promote <email>\n');
  process.exit(64);
}

const store = await openMarketplaceStore(
  eventStoreConfig(settings.EVENT_STORE, settings.EVENT_STORE_URL),
  { keyStoreUrl: settings.KEY_STORE_URL },
);
try {
  const userId = await userIdByEmail(store, email);
  if (!userId) {
    process.stderr.write(`${email} has not registered: sign up in the app first\n`);
    process.exitCode = 1;
  } else {
    const position = await promoteToAdminAsSystem(store, userId);
    process.stdout.write(
      position === undefined ? `${email} already is an admin\n` : `${email} is now an admin\n`,
    );
  }
} finally {
  await store.close();
}
