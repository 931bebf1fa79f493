// Visitors' pages kept between changes, on the all-in-one with the real web build: rendered once
// per version of the read model, answered from memory (with an ETag and 304) until a write
// changes what they show, and never answered from there to a member's own request.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventData } from '@second-gear/projection-service/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { webBuilt } from '../src/web-build.ts';
import { registerPeople, startBareMarketplace } from './support.ts';

const seller = { uid: 'seller-kept', email: 'kim@example.com', role: 'Seller' as const };

describe("visitors' pages kept between changes", () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;

  /** Appends a car's events and waits until the read model has them. */
  const write = async (carId: string, events: ReturnType<typeof eventData>[]) => {
    const { position } = await marketplace.store.append(`car-${carId}`, 'any', events);
    const read = await fetch(`${marketplace.url}/api/product/${carId}`, {
      headers: { 'x-min-position': position.toString() },
    });
    expect(read.headers.get('x-position-reached')).toBe('true');
  };

  const listed = (carId: string, name: string, price: number) =>
    eventData(
      'CarListed',
      {
        carId,
        name,
        sellerId: seller.uid,
        sellerName: 'Kim Seller',
        sellerEmail: seller.email,
        categoryId: 'cat-sedan',
        categoryName: 'Sedan',
        image: '/images/car.webp',
        originalPrice: 30_000,
        price,
        location: 'Denver, CO',
        yearsOfUse: 4,
        make: 'Mazda',
        model: 'CX-5',
        year: 2020,
        mileage: 40_000,
        fuel: 'petrol',
        transmission: 'automatic',
        description: null,
      },
      seller,
    );
  const advertised = (carId: string) => eventData('CarAdvertised', { carId }, seller);

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${marketplace.url}${path}`, { headers });

  /**
   * The page once it is kept. A commit leaves the read model's version unknown until it is read
   * again, and a page asked meanwhile is rendered for that request alone, without a tag; the
   * projections may still commit after the write a test waited for.
   */
  const keptPage = (path: string, headers: Record<string, string> = {}) =>
    vi.waitFor(
      async () => {
        const answer = await page(path, headers);
        expect(answer.headers.get('etag') ?? '').toMatch(/^W\/"page\./);
        return answer;
      },
      { timeout: 15_000, interval: 100 },
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-kept-pages-'));
    marketplace = await startBareMarketplace(dataDir, { webDist: await webBuilt() });
    await registerPeople(marketplace.store, [{ ...seller, name: 'Kim Seller' }]);
  }, 300_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers Home from memory until a new Recommended car, then shows it', async () => {
    const first = randomUUID();
    await write(first, [listed(first, 'Mazda CX-5 Touring', 21_500), advertised(first)]);

    const rendered = await keptPage('/');
    expect(rendered.status).toBe(200);
    const etag = rendered.headers.get('etag') ?? '';
    expect(rendered.headers.get('cache-control')).toBe('public, no-cache');
    expect(await rendered.text()).toContain('Mazda CX-5 Touring');

    // The same page again, and a 304 to a browser that has it.
    const again = await page('/', { 'accept-encoding': 'br' });
    expect(again.headers.get('etag')).toBe(etag);
    const notModified = await page('/', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);

    const second = randomUUID();
    await write(second, [listed(second, 'Mazda CX-5 Signature', 27_900), advertised(second)]);
    const changed = await page('/', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const html = await changed.text();
    expect(html).toContain('Mazda CX-5 Signature');
    expect(html).toContain('Mazda CX-5 Touring');
  });

  it("shows a car's new price on its page once the price changed", async () => {
    const car = randomUUID();
    await write(car, [listed(car, 'Mazda CX-5 Grand Touring', 24_000)]);
    const before = await keptPage(`/car/${car}`, { 'accept-encoding': 'br, gzip' });
    expect(before.headers.get('content-encoding')).toBe('br');
    const kept = await page(`/car/${car}`, { 'accept-encoding': 'br, gzip' });
    expect(kept.headers.get('etag')).toBe(before.headers.get('etag'));
    // fetch takes the Brotli copy apart itself.
    expect(await kept.text()).toContain('<meta name="description" content="$24,000 ·');

    await write(car, [
      eventData('CarPriceChanged', { carId: car, oldPrice: 24_000, price: 22_750 }, seller),
    ]);
    const after = await keptPage(`/car/${car}`, { 'accept-encoding': 'gzip' });
    expect(after.headers.get('content-encoding')).toBe('gzip');
    const html = await after.text();
    expect(html).toContain('<meta name="description" content="$22,750 ·');
    expect(html).toContain('"price":22750');
  });

  it("never answers a member's request from the pages kept for visitors, nor keeps it", async () => {
    const car = randomUUID();
    await write(car, [listed(car, 'Mazda CX-5 Carbon Edition', 26_400)]);
    const visitor = await page(`/car/${car}`);
    const etag = visitor.headers.get('etag') ?? '';
    expect(etag).not.toBe('');

    const members: Record<string, string>[] = [
      { authorization: 'Bearer a-member-token' },
      { cookie: 'session=abc' },
    ];
    for (const own of members) {
      const member = await page(`/car/${car}`, { ...own, 'if-none-match': etag });
      expect(member.status).toBe(200);
      expect(member.headers.get('etag')).toBeNull();
      expect(member.headers.get('cache-control')).toBe('private, no-cache');
      expect(await member.text()).toContain('Mazda CX-5 Carbon Edition');
    }
    // The visitors' page is the one kept before, untouched by the members' renders.
    const later = await page(`/car/${car}`, { 'if-none-match': etag });
    expect(later.status).toBe(304);
  });
});
