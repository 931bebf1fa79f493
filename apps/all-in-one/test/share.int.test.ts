// Shared links and search engines on the all-in-one's one port: a car page's head read from the
// query service in process, robots.txt, and the sitemap answered by the query service.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_INDEX_HTML } from '@second-gear/gateway/testing';
import { eventData } from '@second-gear/projection-service/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { registerPeople, startBareMarketplace } from './support.ts';

const ORIGIN = 'https://cars.example.com';
const HOSTILE = '</script><script>alert(1)</script>';
const seller = { uid: 'seller-1', email: 'sam@example.com', role: 'Seller' as const };

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('shared pages and the sitemap in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  const car = randomUUID();
  const hostile = randomUUID();
  const deleted = randomUUID();
  const sold = randomUUID();

  const list = async (carId: string, details: Record<string, unknown>) =>
    marketplace.store.append(`car-${carId}`, 'no_stream', [
      eventData(
        'CarListed',
        {
          carId,
          name: 'Toyota Corolla 2016',
          sellerId: seller.uid,
          sellerName: 'Sam Seller',
          sellerEmail: seller.email,
          categoryId: 'cat-sedan',
          categoryName: 'Sedan',
          image: '/images/corolla.webp',
          originalPrice: 14_000,
          price: 12_000,
          location: 'Dhaka',
          yearsOfUse: 8,
          make: null,
          model: null,
          year: null,
          mileage: null,
          fuel: null,
          transmission: null,
          description: null,
          ...details,
        },
        seller,
      ),
    ]);

  const page = (path: string) => fetch(`${marketplace.url}${path}`);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-share-'));
    const dist = join(dataDir, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), BUILT_INDEX_HTML);
    await writeFile(join(dist, 'assets', 'index-1a2b.js'), 'export {}');
    marketplace = await startBareMarketplace(dataDir, {
      webDist: dist,
      publicUrl: ORIGIN,
      sitemapCarsPerFile: 2,
    });
    await list(car, {
      make: 'Toyota',
      model: 'Corolla',
      year: 2016,
      mileage: 90_000,
      fuel: 'petrol',
      transmission: 'automatic',
      description: 'One owner & a full service history.',
    });
    await list(hostile, { name: HOSTILE, description: HOSTILE });
    await list(deleted, {});
    await list(sold, {});
    await marketplace.store.append(`car-${deleted}`, 'any', [
      eventData(
        'CarDeleted',
        { carId: deleted, sellerId: seller.uid, categoryId: 'cat-sedan', reason: 'deleted' },
        seller,
      ),
    ]);
    const { position } = await marketplace.store.append(`car-${sold}`, 'any', [
      eventData('CarSold', { carId: sold, sellerId: seller.uid, categoryId: 'cat-sedan' }, seller),
    ]);
    await registerPeople(marketplace.store, [
      { ...seller, name: 'Sam Seller' },
      { uid: 'buyer-1', name: 'Bea Buyer', email: 'bea@example.com', role: 'Buyer' },
    ]);
    const read = await fetch(`${marketplace.url}/api/product/${sold}`, {
      headers: { 'x-min-position': position.toString() },
    });
    expect(read.headers.get('x-position-reached')).toBe('true');
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("gives a car's page its title, description, canonical link, picture and schema.org Car", async () => {
    const answer = await page(`/car/${car}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Toyota Corolla 2016 | Second Gear</title>');
    const description = metaOf(html, 'description');
    expect(description).toBe(
      '$12,000 · 2016 · 90,000 km · Petrol · Automatic · Dhaka. One owner &amp; a full service history.',
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/car/${car}" />`);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe('Toyota Corolla 2016');
    expect(metaOf(html, 'og:url')).toBe(`${ORIGIN}/car/${car}`);
    expect(metaOf(html, 'og:image')).toBe(`${ORIGIN}/images/corolla.webp`);
    expect(metaOf(html, 'og:site_name')).toBe('Second Gear');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'robots')).toBeUndefined();

    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Car',
        name: 'Toyota Corolla 2016',
        url: `${ORIGIN}/car/${car}`,
        brand: { '@type': 'Brand', name: 'Toyota' },
        model: 'Corolla',
        vehicleModelDate: '2016',
        mileageFromOdometer: { '@type': 'QuantitativeValue', value: 90_000, unitCode: 'KMT' },
        fuelType: 'Petrol',
        vehicleTransmission: 'Automatic',
        image: [`${ORIGIN}/images/corolla.webp`],
        description: 'One owner & a full service history.',
        offers: {
          '@type': 'Offer',
          price: 12_000,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: `${ORIGIN}/car/${car}`,
        },
      },
    ]);
  });

  it('keeps a hostile car name inside its text and its data block', async () => {
    const html = await (await page(`/car/${hostile}`)).text();
    // Only the app's own script, the colour mode's and the data block open a script element.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Second Gear</title>',
    );
    expect(html).toContain(
      '"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"',
    );
    const [block] = jsonLdOf(html);
    expect(block.name).toBe(HOSTILE);
    expect(block.description).toBe(HOSTILE);
    expect(block.offers.availability).toBe('https://schema.org/InStock');
  });

  it('says a sold car is sold out', async () => {
    const [block] = jsonLdOf(await (await page(`/car/${sold}`)).text());
    expect(block.offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('answers a car that is not there with 404, the app and the generic head', async () => {
    for (const id of [deleted, randomUUID()]) {
      const answer = await page(`/car/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      const html = await answer.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Second Gear</title>');
      expect(html).not.toContain('rel="canonical"');
      expect(jsonLdOf(html)).toEqual([]);
    }
  });

  it("gives a seller's page their name, what buyers weigh, a canonical link and a picture", async () => {
    const answer = await page(`/seller/${seller.uid}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<title>Sam Seller | Second Gear</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/seller/${seller.uid}" />`);
    expect(metaOf(html, 'og:type')).toBe('profile');
    expect(metaOf(html, 'og:title')).toBe('Sam Seller');
    expect(metaOf(html, 'og:description')).toMatch(
      /^Seller on Second Gear since [A-Z][a-z]+ \d{4}: No reviews yet · 0 meetups accepted · 2 cars for sale\.$/,
    );
    // Their newest car's picture, as they have no photo.
    expect(metaOf(html, 'og:image')).toBe(`${ORIGIN}/images/corolla.webp`);
    expect(metaOf(html, 'robots')).toBeUndefined();
    // Nobody sells as a buyer, and nobody is behind an unknown id.
    for (const id of ['buyer-1', 'nobody']) {
      const none = await page(`/seller/${id}`);
      expect(none.status).toBe(404);
      expect(await none.text()).toContain('<title>Second Gear</title>');
    }
  });

  it('serves robots.txt naming the sitemap', async () => {
    const text = await (await page('/robots.txt')).text();
    expect(text).toContain('Disallow: /user/\nDisallow: /api/\n');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists the pages and every car a buyer can open in the sitemap, on the same port', async () => {
    const index = await page('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const files = locsOf(await index.text());
    expect(files[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);
    const cars: string[] = [];
    for (const file of files.slice(1)) {
      const xml = await (await page(new URL(file as string).pathname)).text();
      cars.push(...(locsOf(xml) as string[]));
    }
    expect(cars).toEqual([`${ORIGIN}/car/${car}`, `${ORIGIN}/car/${hostile}`]);
  });
});
