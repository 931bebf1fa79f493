import { readFile } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

type Template = Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle' | 'loadDataDir'>;

let template: Promise<Template> | undefined;

/** The runtime's WebAssembly compiler, which the server side's type libraries do not declare. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(code: Uint8Array): Promise<Template['pgliteWasmModule']> };
};

/**
 * What every database in memory starts from: PGlite's compiled code and files, and an empty
 * cluster that initdb made once for this process. Otherwise each new database compiles the code
 * and runs initdb again, about three seconds of processor time (the tests open many).
 */
const memoryTemplate = (): Promise<Template> => {
  template ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const [code, files] = await Promise.all([
      readFile(new URL('pglite.wasm', dist)),
      readFile(new URL('pglite.data', dist)),
    ]);
    const shared = {
      pgliteWasmModule: await wasm.compile(code),
      fsBundle: new Blob([files]),
    };
    const first = await PGlite.create('memory://', shared);
    try {
      return { ...shared, loadDataDir: await first.dumpDataDir('none') };
    } finally {
      await first.close();
    }
  })();
  return template;
};

/** A new, empty PGlite database in memory, as `PGlite.create()` makes one, made faster. */
export const createPGliteInMemory = async (options: PGliteOptions = {}): Promise<PGlite> =>
  PGlite.create('memory://', { ...options, ...(await memoryTemplate()) });
