// Listings that do not go stale, through the all-in-one as it runs, its clock moved by the test:
// a seller told a week ahead, the car out of search once its term is over (once, however often
// the schedule looks), and back in one call to renew it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, EXPIRY_NOTICE_DAYS, LISTING_DAYS } from '@second-gear/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { peopleTagged, personCaller, registerPeople, startBareMarketplace } from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-listing-terms-0123456789';
type Car = { _id: string; listed_at: string; expires_at: string; off_market?: string };

describe('listing terms in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  let clock = Date.now();
  const tag = randomUUID().slice(0, 8);
  const person = peopleTagged(tag);
  const admin = person('Ada Admin', 'Admin');
  const sam = person('Sam Seller', 'Seller');

  const call = personCaller(() => marketplace.url, SECRET);
  const searched = async (name: string, at: string) => {
    const answer = await call(
      'GET',
      `/api/products?q=${encodeURIComponent(name)}`,
      undefined,
      undefined,
      at,
    );
    return (JSON.parse(answer.text) as Car[]).map((car) => car._id);
  };
  const ownCar = async (carId: string, at: string) => {
    const answer = await call(
      'GET',
      `/api/products?email=${encodeURIComponent(sam.email)}`,
      sam,
      undefined,
      at,
    );
    return (JSON.parse(answer.text) as Car[]).find((car) => car._id === carId);
  };
  const told = async (at: string) => {
    const answer = await call('GET', '/api/notifications', sam, undefined, at);
    return (JSON.parse(answer.text) as { kind: string }[]).map((n) => n.kind);
  };
  /** Waits until the schedule has followed the log up to `position`. */
  const followed = async (position: bigint) =>
    expect
      .poll(() => marketplace.reactors.positions()['listing-terms'] ?? 0n, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(position);
  const head = async () => (await marketplace.store.headPosition()) ?? 0n;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-terms-'));
    marketplace = await startBareMarketplace(dataDir, {
      jwtSecret: SECRET,
      imageHosts: ['images.example.com'],
      now: () => new Date(clock),
    });
    await registerPeople(marketplace.store, [admin, sam]);
    expect((await call('POST', '/api/category', admin, { name: 'Coupe' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('tells the seller a week ahead, takes the car out of search once, and brings it back on renewal', async () => {
    const name = `Mazda RX8 ${tag}`;
    const listed = await call('POST', '/api/product', sam, {
      name,
      category: 'Coupe',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(listed.status, listed.text).toBe(201);
    const carId = String(listed.body?.insertedId);
    const started = Date.now();
    const car = await ownCar(carId, String(listed.body?.position));
    expect(Date.parse(car?.expires_at ?? '') - Date.parse(car?.listed_at ?? '')).toBe(
      LISTING_DAYS * DAY_MS,
    );
    await followed(await head());

    // A day before the notice is due, nothing; then the notice, once.
    clock = started + (LISTING_DAYS - EXPIRY_NOTICE_DAYS - 1) * DAY_MS;
    expect(await marketplace.listingTerms.look()).toEqual({ warned: 0, expired: 0 });
    clock = started + (LISTING_DAYS - EXPIRY_NOTICE_DAYS + 1) * DAY_MS;
    expect(await marketplace.listingTerms.look()).toEqual({ warned: 1, expired: 0 });
    await followed(await head());
    expect(await marketplace.listingTerms.look()).toEqual({ warned: 0, expired: 0 });
    expect(await told(String(await head()))).toContain('listing-expiring');

    // 61 days on: out of search, still the seller's, told; two looks at once end it once.
    clock = started + (LISTING_DAYS + 1) * DAY_MS;
    await Promise.all([marketplace.listingTerms.look(), marketplace.listingTerms.look()]);
    const ended = String(await head());
    expect(await searched(name, ended)).toEqual([]);
    expect((await ownCar(carId, ended))?.off_market).toBe('expired');
    expect(await told(ended)).toContain('listing-expired');
    const stream = await marketplace.store.readStream(`car-${carId}`);
    expect(stream.filter((event) => event.type === 'CarExpired')).toHaveLength(1);

    // Only its seller renews it, in one call: a new term from now.
    expect((await call('POST', `/api/product/${carId}/renew`, admin)).status).toBe(403);
    const renewed = await call('POST', `/api/product/${carId}/renew`, sam);
    expect(renewed.status, renewed.text).toBe(200);
    const back = String(renewed.body?.position);
    expect(await searched(name, back)).toEqual([carId]);
    const after = await ownCar(carId, back);
    expect(after?.off_market).toBeUndefined();
    expect(Date.parse(after?.listed_at ?? '')).toBeGreaterThan(Date.parse(car?.listed_at ?? ''));
    // The renewal is stamped by the marketplace's clock, as moved: the new term runs from then.
    await followed(BigInt(back));
    const renewedAt = clock;
    clock = renewedAt + (LISTING_DAYS - EXPIRY_NOTICE_DAYS - 1) * DAY_MS;
    expect(await marketplace.listingTerms.look()).toEqual({ warned: 0, expired: 0 });
    clock = renewedAt + (LISTING_DAYS + 1) * DAY_MS;
    expect(await marketplace.listingTerms.look()).toEqual({ warned: 0, expired: 1 });
  });
});
