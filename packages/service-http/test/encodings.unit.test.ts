import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies, encodingFor, namesTag } from '../src/encodings.ts';

describe('the encoding a kept answer is sent in', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
  ] as const)('%s takes %s', (header, expected) => {
    expect(encodingFor(header)).toBe(expected);
  });
});

describe('the copies of a kept answer', () => {
  it('are the same body, Brotli and gzip', async () => {
    const body = Buffer.from('{"cars":[]}'.repeat(200));
    const copies = await compressedCopies(body);
    expect(copies.identity).toBe(body);
    expect(brotliDecompressSync(copies.br)).toEqual(body);
    expect(gunzipSync(copies.gzip)).toEqual(body);
    expect(copies.br.byteLength).toBeLessThan(body.byteLength / 10);
  });
});

describe('a tag the client holds', () => {
  it.each([
    [undefined, false],
    ['W/"1.2.3"', true],
    ['"x", W/"1.2.3"', true],
    ['*', true],
    ['W/"1.2.4"', false],
  ] as const)('%s names W/"1.2.3": %s', (header, expected) => {
    expect(namesTag(header, 'W/"1.2.3"')).toBe(expected);
  });
});
