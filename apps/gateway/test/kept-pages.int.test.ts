// The pages kept for visitors by the web app server, with a stand-in renderer whose reads the
// test counts and can hold, and a read-model version the test moves.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWebApp } from '../src/web-app.ts';
import { BUILT_INDEX_HTML } from './testing.ts';

// The same export as web/dist/server/entry-server.js: a page of the price its transport reads.
const RENDERER = `
export function createPageRenderer(transport) {
  return async (url) => {
    if (url.startsWith('/user')) return undefined;
    const answer = await transport('/api/product/c-1', { headers: { accept: 'application/json' } });
    const car = await answer.json();
    return { html: '<main><h1>' + url + ' $' + car.price + '</h1></main>', state: '{}' };
  };
}
`;

describe('pages kept for visitors', () => {
  let dist: string;
  let app: FastifyInstance;
  let version: string | undefined;
  let price = 12_500;
  let reads = 0;
  /** While set, reads wait for it: a rendering under way. */
  let held: Promise<void> | undefined;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-kept-'));
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
    writeFileSync(join(dist, 'server', 'entry-server.js'), RENDERER);
    app = await buildWebApp({
      distDir: dist,
      appConfig: {
        productName: 'Second Gear',
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x' },
      },
      publicUrl: 'http://shop.test',
      pageVersion: () => version,
      readQuery: async () => {
        reads += 1;
        const answered = price;
        await held;
        return Response.json({ price: answered });
      },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    version = 'v1';
    reads = 0;
    held = undefined;
  });

  it('renders a page once per version, and answers it again from memory', async () => {
    const first = await app.inject({ url: '/car/a' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"page\.[\w-]+\.v1"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const again = await app.inject({ url: '/car/a' });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(reads).toBe(1);

    version = 'v2';
    price = 11_900;
    const moved = await app.inject({ url: '/car/a', headers: { 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('/car/a $11900');
    expect(moved.headers.etag).not.toBe(etag);
    expect(reads).toBe(2);
  });

  it('sends the kept copy in the encoding the browser takes best', async () => {
    const first = await app.inject({ url: '/blog' });
    const br = await app.inject({ url: '/blog', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({ url: '/blog', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    const plain = await app.inject({ url: '/blog', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    expect(reads).toBe(1);
  });

  it('keeps nothing while the version is unknown', async () => {
    version = undefined;
    const first = await app.inject({ url: '/products?make=Mazda' });
    const second = await app.inject({ url: '/products?make=Mazda' });
    expect(first.headers.etag).toBeUndefined();
    expect(second.headers.etag).toBeUndefined();
    expect(reads).toBe(2);
  });

  it("renders a member's page for them alone, never from or into the visitors' pages", async () => {
    const visitor = await app.inject({ url: '/car/m' });
    const etag = String(visitor.headers.etag);
    reads = 0;
    price = 9_999;
    for (const own of [{ authorization: 'Bearer t' }, { cookie: 'a=b' }]) {
      const member = await app.inject({
        url: '/car/m',
        headers: { ...own, 'if-none-match': etag },
      });
      expect(member.statusCode).toBe(200);
      expect(member.headers.etag).toBeUndefined();
      expect(member.headers['cache-control']).toBe('private, no-cache');
      expect(member.body).toContain('/car/m $9999');
    }
    expect(reads).toBe(2);
    const later = await app.inject({ url: '/car/m' });
    expect(later.headers.etag).toBe(etag);
    expect(later.body).toBe(visitor.body);
  });

  it('sends the page kept last while a newer one renders, and visitors without one wait for it', async () => {
    const old = await app.inject({ url: '/car/s' });
    version = 'v3';
    price = 8_000;
    let release = () => {};
    held = new Promise((done) => {
      release = done;
    });
    const newer = app.inject({ url: '/car/s' });
    const waiting = app.inject({ url: '/car/w' });
    while (reads < 3) await new Promise((next) => setImmediate(next));
    // The rendering of /car/s is under way: the old page goes meanwhile, without a render.
    const meanwhile = await app.inject({ url: '/car/s' });
    expect(meanwhile.body).toBe(old.body);
    expect(meanwhile.headers.etag).toBe(old.headers.etag);
    const alsoWaiting = app.inject({ url: '/car/w' });
    release();
    expect((await newer).body).toContain('/car/s $8000');
    expect((await waiting).body).toContain('/car/w $8000');
    expect((await alsoWaiting).body).toBe((await waiting).body);
    expect(reads).toBe(3);
  });

  it('leaves pages the browser renders alone out', async () => {
    const answer = await app.inject({ url: '/user/orders' });
    expect(answer.body).toContain('<div id="root"></div>');
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});
