import { existsSync, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

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
  await new Promise<void>((done) => {
    const watcher = watch(dirname(file), (_, name) => {
      if (name === basename(file) && existsSync(file)) {
        watcher.close();
        done();
      }
    });
    if (existsSync(file)) {
      watcher.close();
      done();
    }
  });
  const ready = JSON.parse(await readFile(file, 'utf8')) as MarketplaceReady;
  if (ready.error !== undefined) throw new Error(`The marketplace did not start: ${ready.error}`);
  return ready;
};
