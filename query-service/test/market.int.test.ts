// Market values and deal ratings: kept by the projections as cars are listed, repriced, sold and
// deleted; answered on every car, filtered and sorted by, and asked for as a price guide.
import { randomUUID } from 'node:crypto';
import { type EventDataOf, marketsSettled, noCarDetails, streams } from '@second-gear/features';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { eventData } from '@second-gear/projection-service/testing';
import { LIVE_SCHEMA, waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, type Harness } from './support.ts';

const emulator = useAuthEmulator();
const { list, dropAll } = await backends('query-service market');
afterAll(dropAll);

const seller = { uid: 'seller-1', email: 'sam@example.com', role: 'Seller' as const };

/**
 * Waits until the projections have applied `position` and valued the makes and models it
 * moved: a listing shows once its batch is applied, its values a settling later.
 */
const valued = async (h: Harness, position: bigint) => {
  expect(await waitForPosition(h.db, position, 20_000)).toMatchObject({ reached: true });
  await vi.waitFor(
    async () => expect(await marketsSettled(h.db.withSchema(LIVE_SCHEMA))).toBe(true),
    { timeout: 20_000, interval: 10 },
  );
};

/**
 * Six Corollas of 2018 with about 60,000 km, one of them far cheaper than the rest; a Corolla
 * of 2005 with nothing within four years of it; and a lone Lada.
 */
const corollas: [key: string, price: number][] = [
  ['bargain', 9_000],
  ['c12000', 12_000],
  ['c12500', 12_500],
  ['c13000', 13_000],
  ['c13500', 13_500],
  ['c14000', 14_000],
];

describe.each(list)('market values on $name', (backend) => {
  let h: Harness;
  const idOf: Record<string, string> = {};
  const keyOf: Record<string, string> = {};

  const list = async (key: string, details: Partial<EventDataOf<'CarListed'>>) => {
    const carId = randomUUID();
    idOf[key] = carId;
    keyOf[carId] = key;
    return h.store.append(streams.car(carId), 'no_stream', [
      eventData(
        'CarListed',
        {
          carId,
          name: `${details.make} ${details.model}`,
          sellerId: seller.uid,
          sellerName: 'Sam Seller',
          sellerEmail: seller.email,
          categoryId: 'cat-sedan',
          categoryName: 'Sedan',
          image: `https://images.example.com/${key}.jpg`,
          originalPrice: 30_000,
          price: 10_000,
          location: 'Denver, CO',
          yearsOfUse: 3,
          ...noCarDetails,
          ...details,
        },
        seller,
      ),
    ]);
  };
  const on = async (
    key: string,
    type: 'CarPriceChanged' | 'CarSold' | 'CarDeleted',
    data: object,
  ) => {
    const carId = idOf[key] ?? '';
    const { position } = await h.store.append(streams.car(carId), 'any', [
      eventData(
        type,
        { carId, sellerId: seller.uid, categoryId: 'cat-sedan', ...data } as never,
        seller,
      ),
    ]);
    await valued(h, position);
  };
  const get = (url: string) => h.app.inject({ method: 'GET', url });
  const car = async (key: string) => (await get(`/api/product/${idOf[key]}`)).json();
  const search = async (query: string) => {
    const answer = await get(`/api/products?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().map((found: { _id: string }) => keyOf[found._id] ?? found._id);
  };

  beforeAll(async () => {
    h = await backend.open(emulator.host, emulator.projectId);
    const corolla = {
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      transmission: 'automatic' as const,
    };
    let position = 0n;
    for (const [index, [key, price]] of corollas.entries()) {
      ({ position } = await list(key, { ...corolla, price, mileage: 55_000 + index * 2_000 }));
    }
    ({ position } = await list('old', { ...corolla, year: 2005, price: 3_000, mileage: 200_000 }));
    ({ position } = await list('lada', { make: 'Lada', model: 'Niva', year: 2018, price: 6_000 }));
    await valued(h, position);
  });
  afterAll(async () => {
    await h?.close();
  });

  // Too few cars to fit how prices fall with age and mileage: the comparables' prices count as
  // they are, their quartiles taken between logarithms (a geometric mean between two prices).
  const between = (a: number, b: number, share: number) =>
    Math.round(a ** (1 - share) * b ** share);
  const six = { value: between(12_500, 13_000, 0.5), low: between(12_000, 12_500, 0.25) };
  const sixHigh = between(13_000, 13_500, 0.75);

  it('values a car from its comparables and rates its price against the value', async () => {
    expect(await car('bargain')).toMatchObject({
      deal: 'great',
      market: { value: six.value, low: six.low, high: sixHigh, comparables: 6 },
    });
    const rated = await Promise.all(corollas.map(async ([key]) => (await car(key)).deal));
    expect(rated).toEqual(['great', 'good', 'fair', 'fair', 'high', 'high']);
  });

  it('rates no car with fewer than five comparables', async () => {
    for (const key of ['old', 'lada']) {
      const answer = await car(key);
      expect(answer).not.toHaveProperty('deal');
      expect(answer).not.toHaveProperty('market');
    }
  });

  it('filters by rating and sorts the best deals first, unrated cars last', async () => {
    expect(await search('deal=great')).toEqual(['bargain']);
    expect(await search('deal=great,%20good')).toEqual(['c12000', 'bargain']);
    expect(await search('make=toyota&sort=deal&limit=4')).toEqual([
      'bargain',
      'c12000',
      'c12500',
      'c13000',
    ]);
    expect(await search('deal=overpriced')).toEqual([]);
    const all = await search('sort=deal&limit=50');
    expect(all.slice(0, 6)).toEqual(corollas.map(([key]) => key));
    expect(all.slice(6).sort()).toEqual(['lada', 'old']);
    const facets = (await get('/api/products/facets?deal=great,good')).json();
    expect(facets.total).toBe(2);
  });

  it('refuses a rating it does not know', async () => {
    const answer = await get('/api/products?deal=great,cheap');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].field).toMatch(/^querystring\.deal/);
  });

  it('guides a seller pricing a car like them', async () => {
    const guide = await get('/api/market-value?make=toyota&model=COROLLA&year=2019&mileage=60000');
    expect(guide.statusCode, guide.body).toBe(200);
    expect(guide.json()).toEqual({ ...six, high: sixHigh, comparables: 6 });
    expect((await get('/api/market-value?make=Lada&model=Niva&year=2018')).json()).toEqual({
      value: null,
      low: null,
      high: null,
      comparables: 0,
    });
    const missing = await get('/api/market-value?make=Toyota&model=Corolla');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('querystring.year');
  });

  // Last: it changes the market the tests above read.
  it('values the make and model again when a car is repriced, sold or deleted', async () => {
    await on('bargain', 'CarPriceChanged', { oldPrice: 9_000, price: 13_000 });
    // 12,000, 12,500, 13,000, 13,000, 13,500, 14,000: the median is 13,000.
    expect(await car('bargain')).toMatchObject({ deal: 'fair', market: { value: 13_000 } });
    expect((await car('c12000')).deal).toBe('good');

    // A sold car still counts, as a recent sale; its own rating goes.
    await on('c14000', 'CarSold', {});
    expect(await car('c14000')).not.toHaveProperty('deal');
    expect((await car('bargain')).market).toMatchObject({ value: 13_000, comparables: 6 });

    // Deleted cars do not: with four left, none has enough comparables.
    await on('c13500', 'CarDeleted', { reason: 'deleted' });
    await on('c12500', 'CarDeleted', { reason: 'deleted' });
    for (const key of ['bargain', 'c12000', 'c13000']) {
      expect(await car(key)).not.toHaveProperty('deal');
    }
    expect(await search('deal=great,good,fair,high,overpriced')).toEqual([]);
  });
});

/** A price that falls 10 % a year and 1 % every 5,000 km, from $30,000 new in 2024. */
const worth = (year: number, mileage: number) =>
  30_000 * 0.9 ** (2024 - year) * (1 - mileage / 500_000);

describe.each(list)('market values fitted to age and mileage on $name', (backend) => {
  let h: Harness;
  const ids: { year: number; mileage: number; price: number; id: string }[] = [];

  beforeAll(async () => {
    h = await backend.open(emulator.host, emulator.projectId);
    let position = 0n;
    // Thirty cars of 2014 to 2023, each priced at its worth, the last at 70 % of it.
    for (let i = 0; i < 30; i++) {
      const year = 2014 + (i % 10);
      const mileage = (2024 - year) * 12_000 + (i % 3) * 6_000;
      const price = Math.round(worth(year, mileage) * (i === 29 ? 0.7 : 1));
      const carId = randomUUID();
      ids.push({ year, mileage, price, id: carId });
      ({ position } = await h.store.append(streams.car(carId), 'no_stream', [
        eventData(
          'CarListed',
          {
            carId,
            name: `Mazda 3 ${year}`,
            sellerId: seller.uid,
            sellerName: 'Sam Seller',
            sellerEmail: seller.email,
            categoryId: 'cat-sedan',
            categoryName: 'Sedan',
            image: 'https://images.example.com/mazda.jpg',
            originalPrice: 30_000,
            price,
            location: 'Denver, CO',
            yearsOfUse: 2024 - year,
            ...noCarDetails,
            make: 'Mazda',
            model: '3',
            year,
            mileage,
          },
          seller,
        ),
      ]));
    }
    await valued(h, position);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('values each car near its worth at its own age and mileage, and finds the bargain', async () => {
    for (const [index, car] of ids.entries()) {
      const answer = (await h.app.inject({ method: 'GET', url: `/api/product/${car.id}` })).json();
      const value = answer.market?.value ?? 0;
      // Within 3 % of its worth, though its comparables are up to two years older or newer.
      expect(Math.abs(value / worth(car.year, car.mileage) - 1), `car ${index}`).toBeLessThan(0.03);
      expect(answer.deal, `car ${index}`).toBe(index === 29 ? 'great' : 'fair');
    }
  });
});
