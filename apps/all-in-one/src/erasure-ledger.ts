// Who was erased, in a file of the data directory beside the embedded database: every erasure
// is written here before the person's key is destroyed, and applied again each time the
// database opens. `npm run restore` keeps the current directory's erasures in the restored one,
// so an archive taken before a deletion does not bring that person back.
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ErasureLedger } from '@second-gear/event-store';

const LEDGER = 'erased-people';

const readIds = async (file: string): Promise<string[]> => {
  try {
    const text = await readFile(file, 'utf8');
    return [...new Set(text.split('\n').filter((line) => line !== ''))];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

const appendIds = async (file: string, ids: readonly string[]) => {
  const handle = await open(file, 'a');
  try {
    await handle.appendFile(ids.map((id) => `${id}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** The ledger of the data directory `dataDir`: one person's id per line. */
export const fileErasureLedger = (dataDir: string): ErasureLedger => {
  const file = join(dataDir, LEDGER);
  return { record: (ids) => appendIds(file, ids), read: () => readIds(file) };
};

/** Adds the erasures recorded in `fromDir` that `intoDir`'s ledger lacks. */
export const keepErasures = async (fromDir: string, intoDir: string): Promise<void> => {
  const known = new Set(await readIds(join(intoDir, LEDGER)));
  const missing = (await readIds(join(fromDir, LEDGER))).filter((id) => !known.has(id));
  if (missing.length > 0) await appendIds(join(intoDir, LEDGER), missing);
};
