import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

type Code = Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;

/** The runtime's WebAssembly compiler, which the server side's type libraries do not declare. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(code: Uint8Array): Promise<Code['pgliteWasmModule']> };
};

let code: Promise<Code> | undefined;
let emptyCluster: Promise<Blob | File> | undefined;

/**
 * PGlite's code, compiled once for this process, and its files. Otherwise each database
 * compiles the code again and optimises it again as it runs.
 */
const sharedCode = (): Promise<Code> => {
  code ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const [wasmCode, files] = await Promise.all([
      readFile(new URL('pglite.wasm', dist)),
      readFile(new URL('pglite.data', dist)),
    ]);
    return { pgliteWasmModule: await wasm.compile(wasmCode), fsBundle: new Blob([files]) };
  })();
  return code;
};

/**
 * An empty cluster that initdb made once for this process, which every new database starts
 * from: initdb again for each would cost one to two seconds of processor time.
 */
const sharedEmptyCluster = (): Promise<Blob | File> => {
  emptyCluster ??= (async () => {
    const first = await PGlite.create('memory://', await sharedCode());
    try {
      return await first.dumpDataDir('none');
    } finally {
      await first.close();
    }
  })();
  return emptyCluster;
};

/**
 * A PGlite database, as `PGlite.create()` makes one, made faster: in memory when `dir` is
 * absent (or `memory://`), else in that directory, created there when it holds no cluster yet.
 */
export const createPGlite = async (dir?: string, options: PGliteOptions = {}): Promise<PGlite> => {
  const inMemory = dir === undefined || dir.startsWith('memory://');
  const fresh = inMemory || !existsSync(join(dir, 'PG_VERSION'));
  return PGlite.create(inMemory ? 'memory://' : dir, {
    ...options,
    ...(await sharedCode()),
    ...(fresh ? { loadDataDir: await sharedEmptyCluster() } : {}),
  });
};
