import { describe, expect, it } from 'vitest';
import { queryVersionOver, VERSION_PATH } from '../src/query-version.ts';

/** A query service whose categories answer the test releases one at a time. */
const heldQuery = () => {
  let version = '3.120.1764000000000';
  const asked: (string | null)[] = [];
  const waiting: (() => void)[] = [];
  const read = async (path: string, init: RequestInit) => {
    expect(path).toBe(VERSION_PATH);
    const tag = new Headers(init.headers).get('if-none-match');
    asked.push(tag);
    await new Promise<void>((release) => waiting.push(release));
    const etag = `W/"${version}"`;
    return tag === etag
      ? new Response(null, { status: 304, headers: { etag } })
      : Response.json([], { headers: { etag } });
  };
  const releaseOne = async () => {
    while (waiting.length === 0) await new Promise((next) => setImmediate(next));
    waiting.shift()?.();
  };
  return { read, asked, releaseOne, moveTo: (next: string) => (version = next) };
};

describe("the query service's version, as the gateway reads it", () => {
  it('reads it once for the requests that asked before that read started, and asks with the tag it has', async () => {
    const query = heldQuery();
    const version = queryVersionOver(query.read);
    const first = version();
    // Asked while the first read is under way: answered by the next read, shared.
    const second = version();
    const third = version();
    await query.releaseOne();
    expect(await first).toBe('3.120.1764000000000');
    query.moveTo('3.121.1764000000500');
    await query.releaseOne();
    expect(await second).toBe('3.121.1764000000500');
    expect(await third).toBe('3.121.1764000000500');
    expect(query.asked).toEqual([null, 'W/"3.120.1764000000000"']);

    const fourth = version();
    await query.releaseOne();
    expect(await fourth).toBe('3.121.1764000000500');
    expect(query.asked.at(-1)).toBe('W/"3.121.1764000000500"');
  });

  it('knows no version while the query service tags nothing or cannot be read', async () => {
    let answer: () => Response = () => Response.json([]);
    const version = queryVersionOver(async () => answer());
    expect(await version()).toBeUndefined();
    answer = () => Response.json([], { headers: { etag: 'W/"1.5.1764000000000"' } });
    expect(await version()).toBe('1.5.1764000000000');
    answer = () => new Response('down', { status: 503 });
    expect(await version()).toBeUndefined();
    answer = () => {
      throw new Error('connection refused');
    };
    expect(await version()).toBeUndefined();
  });
});
