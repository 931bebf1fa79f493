import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, once, at build time, so
 * the server hands browsers the compressed file (`preCompressed`) without compressing per request.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'second-gear:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const path = join(outDir, file);
            const content = await readFile(path);
            if (content.length < 1024) return;
            await writeFile(
              `${path}.br`,
              await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await writeFile(`${path}.gz`, await gzipped(content, { level: 9 }));
          }),
      );
    },
  };
};
