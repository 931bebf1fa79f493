import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The service-token secret of an all-in-one installation: generated on the first start and kept
 * in the data directory (readable by its owner only), so tokens survive a restart.
 */
export const dataDirSecret = async (dataDir: string): Promise<string> => {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
