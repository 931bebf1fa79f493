// The distributed gateway keeps visitors' pages at the version of the query service's read
// model, which it learns over HTTP: every public answer of the query service is tagged with
// that version (`ETag: W/"<version>"`, untagged while the version is unknown), and a tag the
// caller already has is answered 304 without a body. The categories are the smallest such
// answer.
import type { QueryTransport } from './page-render.ts';

/** The answer whose tag is read. */
export const VERSION_PATH = '/api/categories';

/** The version in a public answer's tag; undefined for any other tag. */
const versionIn = (etag: string | null): string | undefined =>
  /^W\/"([^".]+\.[^"]+)"$/.exec(etag ?? '')?.[1];

/**
 * The read model's version as of each request that asks, from one read of the query service at
 * a time: a request that asks while a read is under way waits for the next one, which starts
 * when that read is over and answers every request that asked meanwhile. So a page is never
 * kept at a version read before its request arrived, and a burst of requests costs one read
 * per round trip, not one each. A read that fails or is late answers undefined (nothing kept).
 */
export const queryVersionOver = (
  read: QueryTransport,
  timeoutMs = 1000,
): (() => Promise<string | undefined>) => {
  let known: string | undefined;
  let under: Promise<string | undefined> | undefined;
  let next: Promise<string | undefined> | undefined;
  const readOnce = async (): Promise<string | undefined> => {
    try {
      const answer = await read(VERSION_PATH, {
        headers: known === undefined ? {} : { 'if-none-match': `W/"${known}"` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.body?.cancel();
      if (answer.status !== 304)
        known = answer.ok ? versionIn(answer.headers.get('etag')) : undefined;
    } catch {
      known = undefined;
    }
    return known;
  };
  const start = (): Promise<string | undefined> => {
    const reading = readOnce().finally(() => {
      if (under === reading) under = undefined;
    });
    under = reading;
    return reading;
  };
  return () => {
    if (under === undefined) return start();
    next ??= under.then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
};
