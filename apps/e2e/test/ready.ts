import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { whenInFolder } from '@second-gear/all-in-one';

/** What the global setup writes once the marketplace answers, or why it could not start. */
export type MarketplaceReady =
  | { baseUrl: string; authEmulatorHost: string; error?: undefined }
  | { error: string };

/**
 * The marketplace of the browser tests, once the global setup has written `file`: waits on
 * changes in its folder (never on a timer), and throws what kept the marketplace from starting.
 */
export const marketplaceReady = async (
  file: string,
): Promise<{ baseUrl: string; authEmulatorHost: string }> => {
  await whenInFolder(dirname(file), () => existsSync(file));
  const ready = JSON.parse(await readFile(file, 'utf8')) as MarketplaceReady;
  if (ready.error !== undefined) throw new Error(`The marketplace did not start: ${ready.error}`);
  return ready;
};
