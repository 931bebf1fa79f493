// The sitemap: an index of the public pages' file and the cars' files, each car file a run of
// listed cars in listing order, read from the real read model.
import { randomUUID } from 'node:crypto';
import { type EventDataOf, noCarDetails, streams } from '@second-gear/features';
import { eventData } from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness } from './support.ts';

const { list, dropAll } = await backends('query-service sitemap');
afterAll(dropAll);

const seller = { uid: 'seller-1', email: 'sam@example.com', role: 'Seller' as const };
const ORIGIN = 'https://cars.example.com';
const PER_FILE = 2;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe.each(list)('the sitemap on $name', (backend) => {
  let h: Harness;
  /** Five cars in listing order; the second is deleted, the fourth sold. */
  const ids = Array.from({ length: 5 }, () => randomUUID());
  const [first, deleted, third, sold, fifth] = ids as [string, string, string, string, string];

  beforeAll(async () => {
    // Nothing here signs in: this emulator address is never called.
    h = await backend.open('127.0.0.1:9', 'demo-sitemap', {
      publicUrl: ORIGIN,
      sitemapCarsPerFile: PER_FILE,
    });
    let position = 0n;
    for (const carId of ids) {
      const data: EventDataOf<'CarListed'> = {
        carId,
        name: 'Toyota Corolla',
        sellerId: seller.uid,
        sellerName: 'Sam Seller',
        sellerEmail: seller.email,
        categoryId: 'cat-sedan',
        categoryName: 'Sedan',
        image: 'https://images.example.com/c.jpg',
        originalPrice: 30_000,
        price: 10_000,
        location: 'Dhaka',
        yearsOfUse: 3,
        ...noCarDetails,
      };
      ({ position } = await h.store.append(streams.car(carId), 'no_stream', [
        eventData('CarListed', data, seller),
      ]));
    }
    ({ position } = await h.store.append(streams.car(deleted), 'any', [
      eventData(
        'CarDeleted',
        { carId: deleted, sellerId: seller.uid, categoryId: 'cat-sedan', reason: 'deleted' },
        seller,
      ),
    ]));
    ({ position } = await h.store.append(streams.car(sold), 'any', [
      eventData('CarSold', { carId: sold, sellerId: seller.uid, categoryId: 'cat-sedan' }, seller),
    ]));
    ({ position } = await h.store.append(streams.car(first), 'any', [
      eventData('CarPriceChanged', { carId: first, oldPrice: 10_000, price: 9_000 }, seller),
    ]));
    expect(await waitForPosition(h.db, position, 20_000)).toMatchObject({ reached: true });
  }, 60_000);
  afterAll(() => h?.close());

  it('indexes the pages and the cars in files of at most the files’ size, in listing order', async () => {
    const index = await h.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const files = locsOf(index.body);
    expect(files[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);
    // Three cars can be opened: two files of at most two.
    expect(files).toHaveLength(3);

    const cars: string[] = [];
    for (const file of files.slice(1)) {
      expect(file).toMatch(new RegExp(`^${ORIGIN}/sitemaps/cars-\\d+\\.xml$`));
      const answer = await h.app.inject({ url: new URL(file as string).pathname });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = locsOf(answer.body);
      expect(locs.length).toBeLessThanOrEqual(PER_FILE);
      cars.push(...(locs as string[]));
    }
    expect(cars).toEqual([first, third, fifth].map((id) => `${ORIGIN}/car/${id}`));
  });

  it('says when each car last changed: its price change, else its listing', async () => {
    const index = await h.app.inject({ url: '/sitemap.xml' });
    const firstFile = new URL(locsOf(index.body)[1] as string).pathname;
    const body = (await h.app.inject({ url: firstFile })).body;
    const lastmods = [...body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]);
    expect(lastmods).toHaveLength(2);
    // The fixtures' clock moves a second per event: the price change came after both listings.
    const [changed, listed] = lastmods.map((at) => Date.parse(at as string)) as [number, number];
    expect(changed).toBeGreaterThan(listed);
  });

  it('names the public pages', async () => {
    const answer = await h.app.inject({ url: '/sitemaps/pages.xml' });
    expect(locsOf(answer.body)).toEqual([`${ORIGIN}/`, `${ORIGIN}/products`, `${ORIGIN}/blog`]);
    expect(answer.body).toContain('<lastmod>');
  });

  it('answers a file it never names with 404 problem+json', async () => {
    for (const url of [
      '/sitemaps/cars-x.xml',
      '/sitemaps/other.xml',
      '/sitemaps/cars-99999999999999999999.xml',
    ]) {
      const answer = await h.app.inject({ url });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // Past the last car, a file is empty, not an error.
    const beyond = await h.app.inject({ url: '/sitemaps/cars-9223372036854775807.xml' });
    expect(beyond.statusCode).toBe(200);
    expect(locsOf(beyond.body)).toEqual([]);
  });
});

describe.each(list.slice(0, 1))('the sitemap without a public address, on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await backend.open('127.0.0.1:9', 'demo-sitemap');
  }, 60_000);
  afterAll(() => h?.close());

  it('links to this machine’s marketplace, never to the Host a request names', async () => {
    const plain = await h.app.inject({ url: '/sitemap.xml', headers: { host: '127.0.0.1:8080' } });
    expect(locsOf(plain.body)).toEqual(['http://localhost:3000/sitemaps/pages.xml']);
    const hostile = await h.app.inject({
      url: '/sitemaps/pages.xml',
      headers: { host: 'a&b<c>"d' },
    });
    expect(hostile.statusCode).toBe(421);
    expect(hostile.headers['content-type']).toBe('application/problem+json');
  });
});
