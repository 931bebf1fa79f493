// Answers kept while the read model stands still: ETags, 304s, the memory of public answers,
// and how a projector's commit retires them.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { noCarDetails, streams } from '@second-gear/features';
import { uniqueEmail, useAuthEmulator } from '@second-gear/identity/testing';
import { appendScenario, eventData, type Person } from '@second-gear/projection-service/testing';
import { LIVE_SCHEMA, notifyReadModelChanged, waitForPosition } from '@second-gear/read-model';
import { READ_MODEL_VERSION_PATH } from '@second-gear/service-http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, type Harness } from './support.ts';

const emulator = useAuthEmulator();
const { list, dropAll } = await backends('query-service answer cache');
afterAll(dropAll);

describe.each(list)('answers kept on $name', (backend) => {
  let h: Harness;
  let seller: Person;
  let token = '';
  let advertised = '';

  beforeAll(async () => {
    h = await backend.open(emulator.host, emulator.projectId);
    const email = uniqueEmail('seller');
    const user = await emulator.signUp({ email }).catch(() => emulator.signUp({ email }));
    seller = { uid: user.uid, email: user.email, name: 'Sam Seller' };
    const ids = await appendScenario(h.store, { seller });
    advertised = ids.cars.advertised;
    const jwt = await h.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${encodeURIComponent(seller.email)}`,
      headers: { authorization: `Bearer ${user.idToken}`, 'x-min-position': `${ids.position}` },
    });
    expect(jwt.statusCode, jwt.body).toBe(200);
    token = jwt.json().accessToken;
    // The exchange waited for the users alone; the tests need the whole scenario, and quiet.
    expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  /** The ETag, once the answer carries one (the version is read when the service starts). */
  const etagOf = (url: string, headers: Record<string, string> = {}) =>
    vi.waitFor(
      async () => {
        const answer = await get(url, headers);
        expect(answer.headers.etag, `${url} never carried an ETag`).toBeDefined();
        return answer;
      },
      { timeout: 5000, interval: 20 },
    );

  it('tags a public answer, and answers 304 to a client that holds it', async () => {
    const first = await etagOf('/api/products/advertise');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toMatch(/^W\/"\d+\.\d+\.\d+"$/);
    const again = await get('/api/products/advertise');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(again.headers.link).toBe(first.headers.link);

    const unchanged = await get('/api/products/advertise', {
      'if-none-match': String(first.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
  });

  it('sends a kept answer compressed to a client that takes it, the same answer', async () => {
    const plain = await etagOf('/api/products');
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // The copies are made off the event loop once the answer is kept.
    const br = await vi.waitFor(
      async () => {
        const answer = await get('/api/products', { 'accept-encoding': 'gzip, br' });
        expect(answer.headers['content-encoding']).toBe('br');
        return answer;
      },
      { timeout: 5000, interval: 10 },
    );
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    const gz = await get('/api/products', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await get('/api/products', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('judges the parameters before any 304, and keeps no answer for a refused query', async () => {
    await etagOf('/api/products/advertise');
    for (const url of ['/api/products?sort=cheapest', '/api/products?minPrice=9&maxPrice=1']) {
      for (const headers of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
        const refused = await get(url, headers);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.headers['content-type']).toContain('application/problem+json');
        expect(refused.headers.etag).toBeUndefined();
      }
    }
  });

  it('answers from memory until a projector commits, then reads again', async () => {
    const url = `/api/product/${advertised}`;
    const before = await etagOf(url);
    const name = before.json().name as string;
    // Changed behind the projectors' back: the kept answer does not see it ...
    await h.db
      .withSchema(LIVE_SCHEMA)
      .updateTable('cars')
      .set({ name: 'Renamed in place' })
      .where('id', '=', advertised)
      .execute();
    expect((await get(url)).json().name).toBe(name);
    // ... until a commit is announced, and the version is read again.
    await notifyReadModelChanged(h.db, LIVE_SCHEMA);
    await expect
      .poll(async () => (await get(url)).json().name, { timeout: 5000, interval: 20 })
      .toBe('Renamed in place');
  });

  it('streams its version to a gateway: at once, none while a commit is read, then the new one', async () => {
    const tag = String((await etagOf('/api/categories')).headers.etag);
    const other = await h.another();
    try {
      const url = await other.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(async () =>
        expect((await other.inject({ url: '/api/categories' })).headers.etag).toBeDefined(),
      );
      const answer = await fetch(`${url}${READ_MODEL_VERSION_PATH}`);
      expect(answer.headers.get('content-type')).toContain('text/event-stream');
      const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      const heard = async (count: number) => {
        for (;;) {
          const versions = [...text.matchAll(/event: version\ndata: ([^\n]*)\n\n/g)].map(
            (m) => m[1],
          );
          if (versions.length >= count) return versions.slice(0, count);
          const { value } = await reader.read();
          text += decoder.decode(value, { stream: true });
        }
      };
      expect(await heard(1)).toEqual([tag.slice(3, -1)]);
      await notifyReadModelChanged(h.db, LIVE_SCHEMA);
      expect(await heard(3)).toEqual([tag.slice(3, -1), '', tag.slice(3, -1)]);
      await reader.cancel();
    } finally {
      await other.close();
    }
  });

  it('moves the tag when rows change without a checkpoint moving, as a retried parked event does', async () => {
    const url = `/api/product/${advertised}`;
    const before = await etagOf(url);
    // What a retry commits: rows, and its checkpoint's time, not its position.
    await h.db.transaction().execute(async (trx) => {
      await trx
        .withSchema(LIVE_SCHEMA)
        .updateTable('cars')
        .set({ name: 'Mended by a retry' })
        .where('id', '=', advertised)
        .execute();
      await trx
        .withSchema(LIVE_SCHEMA)
        .updateTable('projection_checkpoints')
        .set({ updated_at: new Date(Date.now() + 1000) })
        .where('name', '=', 'cars')
        .execute();
      await notifyReadModelChanged(trx, LIVE_SCHEMA);
    });
    await expect
      .poll(async () => (await get(url)).json().name, { timeout: 5000, interval: 20 })
      .toBe('Mended by a retry');
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('moves the tag with every projected write; a read at the write position sees it at once', async () => {
    const before = await etagOf('/api/products');
    const carId = randomUUID();
    const { position } = await h.store.append(streams.car(carId), 'no_stream', [
      eventData(
        'CarListed',
        {
          carId,
          name: 'Fresh listing',
          sellerId: seller.uid,
          sellerName: seller.name,
          sellerEmail: seller.email,
          categoryId: 'cat-x',
          categoryName: 'Sedan',
          image: 'https://images.example.com/fresh.jpg',
          originalPrice: 10_000,
          price: 9_000,
          location: 'Dhaka',
          yearsOfUse: 1,
          ...noCarDetails,
        },
        { uid: seller.uid, email: seller.email, role: 'Seller' },
      ),
    ]);
    const fresh = await get('/api/products', { 'x-min-position': position.toString() });
    expect(fresh.json().map((car: { _id: string }) => car._id)).toContain(carId);
    expect(fresh.headers.etag).toBeUndefined();

    await waitForPosition(h.db, position, 5000);
    await expect
      .poll(async () => (await get('/api/products')).headers.etag, { timeout: 5000, interval: 20 })
      .not.toBe(before.headers.etag);
    const after = await get('/api/products');
    expect(after.json().map((car: { _id: string }) => car._id)).toContain(carId);
    const stale = await get('/api/products', { 'if-none-match': String(before.headers.etag) });
    expect(stale.statusCode).toBe(200);
  });

  it('tags a private answer with its caller, and never answers 304 before authenticating', async () => {
    const url = `/api/products?email=${encodeURIComponent(seller.email)}`;
    const mine = await etagOf(url, { authorization: `Bearer ${token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toContain('Authorization');
    expect(mine.headers.etag).toMatch(new RegExp(`^W/"\\d+\\.\\d+\\.\\d+\\.${seller.uid}"$`));

    const unchanged = await get(url, {
      authorization: `Bearer ${token}`,
      'if-none-match': String(mine.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const stranger = await get(url, { 'if-none-match': String(mine.headers.etag) });
    expect(stranger.statusCode).toBe(401);
  });

  it('never tags an error or a stream', async () => {
    const missing = await get('/api/product/no-such-car');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const bad = await get('/api/products?sort=cheapest');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});
