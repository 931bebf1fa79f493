// What an answer kept in memory is sent as: the copy in the encoding the client takes best, and
// a 304 to a client that already holds it. Shared by the query service's kept answers and the
// web server's kept pages.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A body in each encoding a client may take. */
export type Copies = Record<Encoding, Buffer>;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The smallest encoding the request takes: Brotli, then gzip, else none. A coding the request
 * gives `q=0` is refused; `*` stands for the codings it does not name.
 */
export const encodingFor = (acceptEncoding: string | undefined): Encoding => {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name !== '') weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const takes = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
};

/**
 * Brotli (quality 6: within a few per cent of the best, in a fraction of its time) and gzip
 * copies of `body`, made in libuv's threads, off the event loop.
 */
export const compressedCopies = async (body: Buffer): Promise<Copies> => {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipped(body, { level: 6 }),
  ]);
  return { identity: body, br, gzip: gz };
};

/** Whether an If-None-Match header names `etag` (or `*`). */
export const namesTag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  (ifNoneMatch ?? '').split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
