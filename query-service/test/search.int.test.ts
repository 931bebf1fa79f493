// Search: words, filters, sorts, cursor paging, totals and facets, over a small catalogue
// written as events (one of them a listing stored in the first version of CarListed).
import { randomUUID } from 'node:crypto';
import { type EventDataOf, noCarDetails, streams } from '@second-gear/features';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { eventData } from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness } from './support.ts';

const emulator = useAuthEmulator();
const { list, dropAll } = await backends('query-service search');
afterAll(dropAll);

const seller = { uid: 'seller-1', email: 'sam@example.com', role: 'Seller' as const };

type Details = Partial<EventDataOf<'CarListed'>>;

/** The catalogue, in listing order; the key names each car in the expectations. */
const catalogue: [key: string, details: Details][] = [
  [
    'corolla16',
    {
      make: 'Toyota',
      model: 'Corolla',
      year: 2016,
      mileage: 90_000,
      fuel: 'petrol',
      transmission: 'automatic',
      price: 12_000,
      location: 'Dhaka',
      categoryName: 'Sedan',
      description: 'Spare key and kit sk119.',
    },
  ],
  [
    'corolla12',
    {
      make: 'Toyota',
      model: 'Corolla',
      year: 2012,
      mileage: 150_000,
      fuel: 'petrol',
      transmission: 'manual',
      price: 7_000,
      location: 'Chattogram',
      categoryName: 'Sedan',
    },
  ],
  [
    'cross21',
    {
      make: 'Toyota',
      model: 'Corolla Cross',
      year: 2021,
      mileage: 30_000,
      fuel: 'hybrid',
      transmission: 'automatic',
      price: 24_000,
      location: 'Dhaka',
      categoryName: 'SUV',
    },
  ],
  [
    'rav4',
    {
      make: 'Toyota',
      model: 'RAV4',
      year: 2019,
      mileage: 60_000,
      fuel: 'hybrid',
      transmission: 'automatic',
      price: 21_000,
      location: 'Sylhet',
      categoryName: 'SUV',
    },
  ],
  [
    'vezel',
    {
      make: 'Honda',
      model: 'Vezel',
      year: 2018,
      mileage: 61_000,
      fuel: 'hybrid',
      transmission: 'automatic',
      price: 15_000,
      location: 'Dhaka, Gulshan',
      categoryName: 'SUV',
      description: 'One owner, full service history.',
    },
  ],
  [
    'civic',
    {
      make: 'Honda',
      model: 'Civic',
      year: 2015,
      mileage: 110_000,
      fuel: 'petrol',
      transmission: 'manual',
      price: 9_000,
      location: 'Khulna',
      categoryName: 'Sedan',
      description: 'Type-R wing; tyres from a Saab 9-5.',
    },
  ],
  [
    'leaf',
    {
      make: 'Nissan',
      model: 'Leaf',
      year: 2019,
      mileage: 40_000,
      fuel: 'electric',
      transmission: 'automatic',
      price: 14_000,
      location: 'Dhaka',
      categoryName: 'Hatchback',
    },
  ],
  ['pajero', { name: 'Mitsubishi Pajero', price: 8_000, location: 'Dhaka', categoryName: 'SUV' }],
  [
    'corolla17',
    {
      make: 'Toyota',
      model: 'Corolla',
      year: 2017,
      mileage: 80_000,
      fuel: 'petrol',
      transmission: 'automatic',
      price: 12_000,
      location: 'Rajshahi',
      categoryName: 'Sedan',
      // Eighteen words that share a start, for the words' lookup by start.
      description: `Service kits ${Array.from({ length: 18 }, (_, i) => `sk${100 + i}`).join(' ')}`,
    },
  ],
  [
    'corolla20',
    {
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      mileage: 20_000,
      fuel: 'petrol',
      transmission: 'automatic',
      price: 19_000,
      location: 'Dhaka',
      categoryName: 'Sedan',
    },
  ],
];
/** Booked: left out of searches unless asked for. Deleted: never answered. */
const BOOKED = 'rav4';
const DELETED = 'corolla20';
/** Stored as version 1 of CarListed, as the marketplace wrote listings before details. */
const FIRST_VERSION = 'pajero';

describe.each(list)('car search on $name', (backend) => {
  let h: Harness;
  const idOf: Record<string, string> = {};
  const keyOf: Record<string, string> = {};

  beforeAll(async () => {
    h = await backend.open(emulator.host, emulator.projectId);
    let position = 0n;
    for (const [key, details] of catalogue) {
      const carId = randomUUID();
      idOf[key] = carId;
      keyOf[carId] = key;
      const data: EventDataOf<'CarListed'> = {
        carId,
        name: `${details.make} ${details.model} ${details.year}`,
        sellerId: seller.uid,
        sellerName: 'Sam Seller',
        sellerEmail: seller.email,
        categoryId: `cat-${details.categoryName}`,
        categoryName: 'Sedan',
        image: `https://images.example.com/${key}.jpg`,
        originalPrice: 30_000,
        price: 10_000,
        location: 'Dhaka',
        yearsOfUse: 3,
        ...noCarDetails,
        ...details,
      };
      const event = eventData('CarListed', data, seller);
      if (key === FIRST_VERSION) {
        const { make, model, year, mileage, fuel, transmission, description, ...v1 } = data;
        event.data = v1;
        event.metadata = { ...event.metadata, schemaVersion: 1 };
      }
      ({ position } = await h.store.append(streams.car(carId), 'no_stream', [event]));
    }
    ({ position } = await h.store.append(streams.car(idOf[BOOKED]!), 'any', [
      eventData(
        'CarBooked',
        {
          carId: idOf[BOOKED]!,
          bookingId: randomUUID(),
          carName: 'Toyota RAV4 2019',
          price: 21_000,
          sellerId: seller.uid,
          sellerName: 'Sam Seller',
          sellerEmail: seller.email,
          buyerId: 'buyer-1',
          buyerName: 'Bea Buyer',
          buyerEmail: 'bea@example.com',
          buyerPhone: '+8801700000000',
          meetup: 'Banani',
          proposedTime: null,
        },
        { uid: 'buyer-1', email: 'bea@example.com', role: 'Buyer' },
      ),
    ]));
    ({ position } = await h.store.append(streams.car(idOf[DELETED]!), 'any', [
      eventData(
        'CarDeleted',
        { carId: idOf[DELETED]!, sellerId: seller.uid, categoryId: 'cat-Sedan', reason: 'deleted' },
        seller,
      ),
    ]));
    expect(await waitForPosition(h.db, position, 20_000)).toMatchObject({ reached: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string) => h.app.inject({ method: 'GET', url });
  const keys = (body: { _id: string }[]) => body.map((car) => keyOf[car._id] ?? car._id);
  const search = async (query: string) => {
    const answer = await get(`/api/products?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return { keys: keys(answer.json()), answer };
  };

  describe('words', () => {
    it('match the start of any word of name, make, model, location and description', async () => {
      expect((await search('q=toy%20cor&sort=price_asc')).keys).toEqual([
        'corolla12',
        'corolla16',
        'corolla17',
        'cross21',
      ]);
      expect((await search('q=corolla%20cross')).keys).toEqual(['cross21']);
      expect((await search('q=full%20servi')).keys).toEqual(['vezel']);
      expect((await search('q=gulshan%20honda')).keys).toEqual(['vezel']);
      expect((await search('q=PAJERO')).keys).toEqual(['pajero']);
    });

    it('split words at hyphens and other marks as the search splits what is typed', async () => {
      expect((await search('q=saab%209-5')).keys).toEqual(['civic']);
      expect((await search('q=type-r')).keys).toEqual(['civic']);
      expect((await search('q=9%205%20tyres')).keys).toEqual(['civic']);
    });

    it('forgive one typo in a word', async () => {
      expect((await search('q=corola&sort=price_asc')).keys).toEqual([
        'corolla12',
        'corolla16',
        'corolla17',
        'cross21',
      ]);
      expect((await search('q=hnoda%20vezl')).keys).toEqual(['vezel']);
      expect((await search('q=zzyzx')).keys).toEqual([]);
    });

    it('find every word a typed start begins, however many there are', async () => {
      // 19 known words start with "sk1", looked up as a prefix; 9 with "sk11", each whole.
      expect((await search('q=sk1&sort=price_asc')).keys).toEqual(['corolla16', 'corolla17']);
      expect((await search('q=sk11%20toyota&sort=price_asc')).keys).toEqual([
        'corolla16',
        'corolla17',
      ]);
      expect((await search('q=sk117')).keys).toEqual(['corolla17']);
      expect((await search('q=sk2')).keys).toEqual([]);
      expect((await search('q=sk11%20honda')).keys).toEqual([]);
    });
  });

  describe('filters', () => {
    it('narrow by make, model, fuel, gearbox, category and location', async () => {
      expect((await search('make=toyota&sort=price_asc')).keys).toEqual([
        'corolla12',
        'corolla16',
        'corolla17',
        'cross21',
      ]);
      expect((await search('make=Toyota&model=corolla&sort=price_asc')).keys).toEqual([
        'corolla12',
        'corolla16',
        'corolla17',
      ]);
      expect((await search('fuel=hybrid')).keys).toEqual(['vezel', 'cross21']);
      expect((await search('transmission=manual')).keys).toEqual(['civic', 'corolla12']);
      expect((await search('category=suv&sort=price_asc')).keys).toEqual([
        'pajero',
        'vezel',
        'cross21',
      ]);
      expect((await search('location=dhaka&sort=price_asc')).keys).toEqual([
        'pajero',
        'corolla16',
        'leaf',
        'vezel',
        'cross21',
      ]);
    });

    it('narrow by price, year and mileage ranges, bounds included', async () => {
      expect((await search('minPrice=9000&maxPrice=14000&sort=price_asc')).keys).toEqual([
        'civic',
        'corolla16',
        'corolla17',
        'leaf',
      ]);
      expect((await search('minYear=2017&maxYear=2019&sort=year_desc')).keys).toEqual([
        'leaf',
        'vezel',
        'corolla17',
      ]);
      expect((await search('maxMileage=61000&sort=mileage_asc')).keys).toEqual([
        'cross21',
        'leaf',
        'vezel',
      ]);
    });

    it('leave booked cars out of a search unless asked, and never answer a deleted car', async () => {
      expect((await search('make=toyota&model=rav4')).keys).toEqual([]);
      expect((await search('make=toyota&model=rav4&booked=true')).keys).toEqual(['rav4']);
      expect((await search('model=rav4&booked=any')).keys).toEqual(['rav4']);
      expect((await search('booked=false&sort=newest')).keys).not.toContain(BOOKED);
      expect((await search('q=corolla&booked=any')).keys).not.toContain(DELETED);
    });

    it('keep every live car in the plain list, bookable ones first, each part newest first, numbered pages', async () => {
      const { keys: all, answer } = await search('limit=4');
      expect(all).toEqual(['corolla17', 'pajero', 'leaf', 'civic']);
      expect(answer.headers['x-total-count']).toBe('9');
      expect(answer.headers.link).toContain('limit=4&page=2>; rel="next"');
      expect(answer.headers.link).toContain('limit=4&page=3>; rel="last"');
      expect((await search('page=2&limit=4')).keys).toEqual([
        'vezel',
        'cross21',
        'corolla12',
        'corolla16',
      ]);
      // A page after the last bookable car, and a page where they end.
      expect((await search('page=3&limit=4')).keys).toEqual([BOOKED]);
      expect((await search('page=3&limit=3')).keys).toEqual(['corolla12', 'corolla16', BOOKED]);
      expect((await search('page=4&limit=3')).keys).toEqual([]);
    });

    it("put a category's bookable cars before its booked ones too", async () => {
      const answer = await get('/api/category/products/suv');
      expect(answer.statusCode, answer.body).toBe(200);
      // Newest first, the booked RAV4 would come before the Corolla Cross.
      expect(keys(answer.json())).toEqual(['pajero', 'vezel', 'cross21', BOOKED]);
      const second = await get('/api/category/products/suv?limit=2&page=2');
      expect(keys(second.json())).toEqual(['cross21', BOOKED]);
    });
  });

  describe('sorts and pages', () => {
    const orders = {
      newest: [
        'corolla17',
        'pajero',
        'leaf',
        'civic',
        'vezel',
        'cross21',
        'corolla12',
        'corolla16',
      ],
      price_asc: [
        'corolla12',
        'pajero',
        'civic',
        'corolla16',
        'corolla17',
        'leaf',
        'vezel',
        'cross21',
      ],
      price_desc: [
        'cross21',
        'vezel',
        'leaf',
        'corolla17',
        'corolla16',
        'civic',
        'pajero',
        'corolla12',
      ],
      year_desc: [
        'cross21',
        'leaf',
        'vezel',
        'corolla17',
        'corolla16',
        'civic',
        'corolla12',
        'pajero',
      ],
      mileage_asc: [
        'cross21',
        'leaf',
        'vezel',
        'corolla17',
        'corolla16',
        'civic',
        'corolla12',
        'pajero',
      ],
    } as const;

    it.each(Object.entries(orders))('%s: one page holds the whole order', async (sort, order) => {
      expect((await search(`sort=${sort}&limit=20`)).keys).toEqual(order);
    });

    it.each(Object.entries(orders))(
      '%s: following the next links walks the same order, once each',
      async (sort, order) => {
        const walked: string[] = [];
        let url: string | undefined = `/api/products?sort=${sort}&limit=3`;
        while (url !== undefined) {
          const answer = await get(url);
          expect(answer.statusCode, answer.body).toBe(200);
          expect(answer.headers['x-total-count']).toBe('8');
          walked.push(...keys(answer.json()));
          url = /<([^>]+)>; rel="next"/.exec(String(answer.headers.link))?.[1];
        }
        expect(walked).toEqual(order);
      },
    );

    it('keeps numbered pages for the first pages of a search', async () => {
      expect((await search('sort=price_asc&limit=3&page=2')).keys).toEqual(
        orders.price_asc.slice(3, 6),
      );
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['sort=cheapest', 'querystring.sort'],
      ['minPrice=20000&maxPrice=10000', 'querystring.maxPrice'],
      ['minYear=2020&maxYear=2010', 'querystring.maxYear'],
      ['fuel=steam', 'querystring.fuel'],
      ['maxMileage=-5', 'querystring.maxMileage'],
      ['minPrice=0x10', 'querystring.minPrice'],
      ['maxPrice=1e5', 'querystring.maxPrice'],
      ['page=0x2', 'querystring.page'],
      ['limit=1e1', 'querystring.limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'querystring.cursor'],
      ['near=Xqzzy%2C%20Narnia', 'querystring.near'],
      ['near=Boulder%2C%20TX', 'querystring.near'],
      ['radiusKm=20', 'querystring.radiusKm'],
      ['near=Dhaka&radiusKm=0', 'querystring.radiusKm'],
      ['near=Dhaka&radiusKm=501', 'querystring.radiusKm'],
      ['sort=distance', 'querystring.sort'],
    ])('%s is a 400 naming %s', async (query, field) => {
      const answer = await get(`/api/products?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('refuses a cursor made for another sort', async () => {
      const first = await get('/api/products?sort=price_asc&limit=2');
      const next = /cursor=([^&>]+)/.exec(String(first.headers.link))?.[1];
      expect(next).toBeDefined();
      const answer = await get(`/api/products?sort=year_desc&cursor=${next ?? ''}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([
        { field: 'querystring.cursor', message: 'Made for sort price_asc, not year_desc' },
      ]);
    });
  });

  // Dhaka's cars are where Dhaka is, "Dhaka, Gulshan" too (a district the gazetteer does not
  // know); Khulna is 132 km away, Rajshahi 198 and Sylhet 199; Chattogram, a name newer than
  // the gazetteer, has no place, so its car is in no search near anywhere.
  describe('near a place', () => {
    const dhaka = ['corolla16', 'cross21', 'vezel', 'leaf', 'pajero'];

    it('keeps the cars within the radius (50 km unless said), each with its distance', async () => {
      const { keys: found, answer } = await search('near=Dhaka&sort=distance');
      expect(found).toEqual(dhaka);
      expect(answer.headers['x-total-count']).toBe('5');
      for (const car of answer.json()) expect(car.distanceKm).toBe(0);
    });

    it('sorts nearest first, the listing order breaking ties, and says how far', async () => {
      const { keys: found, answer } = await search(
        'near=Dhaka%2C%20Bangladesh&radiusKm=200&sort=distance&booked=any',
      );
      expect(found).toEqual([...dhaka, 'civic', 'corolla17', 'rav4']);
      const distances = answer.json().map((car: { distanceKm: number }) => car.distanceKm);
      expect(distances.slice(5)).toEqual([132.1, 197.7, 198.7]);
    });

    it('narrows with the other filters, and pages nearest first by cursor', async () => {
      expect((await search('near=Dhaka&radiusKm=150&maxPrice=10000&sort=price_asc')).keys).toEqual([
        'pajero',
        'civic',
      ]);
      const walked: string[] = [];
      let url: string | undefined = '/api/products?near=Dhaka&radiusKm=199&sort=distance&limit=2';
      while (url !== undefined) {
        const answer = await get(url);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.headers['x-total-count']).toBe('7');
        walked.push(...keys(answer.json()));
        url = /<([^>]+)>; rel="next"/.exec(String(answer.headers.link))?.[1];
      }
      expect(walked).toEqual([...dhaka, 'civic', 'corolla17']);
    });

    it('pages newest first by number, in the order of every other search', async () => {
      const { keys: found, answer } = await search('near=Dhaka&radiusKm=199');
      expect(answer.headers['x-total-count']).toBe('7');
      const newest = (await search('sort=newest&limit=100')).keys;
      expect(found).toEqual(newest.filter((key) => found.includes(key)));
      expect((await search('near=Dhaka&radiusKm=199&limit=2&page=2')).keys).toEqual(
        found.slice(2, 4),
      );
      const last = await search('near=Dhaka&radiusKm=199&limit=2&page=4');
      expect(last.keys).toEqual(found.slice(6));
      expect(last.answer.headers['x-total-count']).toBe('7');
      // Past the last page: nothing, and the total all the same.
      const past = await search('near=Dhaka&radiusKm=199&limit=2&page=5');
      expect(past.keys).toEqual([]);
      expect(past.answer.headers['x-total-count']).toBe('7');
    });

    it('measures from a latitude and longitude as from a town', async () => {
      expect((await search('near=23.7104,90.40744&radiusKm=10&sort=distance')).keys).toEqual(dhaka);
    });

    it('counts the facets within the radius', async () => {
      const answer = await get('/api/products/facets?near=Dhaka&radiusKm=150');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        total: 6,
        make: [
          { value: 'Honda', count: 2 },
          { value: 'Toyota', count: 2 },
          { value: 'Nissan', count: 1 },
        ],
      });
      const unknown = await get('/api/products/facets?near=Xqzzy%2C%20Narnia');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('querystring.near');
    });

    it('says no distance without a place', async () => {
      const { answer } = await search('sort=price_asc');
      for (const car of answer.json()) expect(car).not.toHaveProperty('distanceKm');
    });
  });

  describe('a car with details', () => {
    it('answers them; a car listed in the first version of the event has none', async () => {
      const vezel = (await get(`/api/product/${idOf.vezel}`)).json();
      expect(vezel).toMatchObject({
        name: 'Honda Vezel 2018',
        make: 'Honda',
        model: 'Vezel',
        year: 2018,
        mileage: 61_000,
        fuel: 'hybrid',
        transmission: 'automatic',
        description: 'One owner, full service history.',
      });
      const pajero = (await get(`/api/product/${idOf.pajero}`)).json();
      expect(pajero.name).toBe('Mitsubishi Pajero');
      for (const detail of ['make', 'model', 'year', 'mileage', 'fuel', 'transmission']) {
        expect(pajero).not.toHaveProperty(detail);
      }
    });
  });

  describe('GET /api/products/facets', () => {
    it('counts each dimension with every filter but its own', async () => {
      const answer = await get('/api/products/facets?make=toyota');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        total: 4,
        estimated: false,
        category: [
          { value: 'Sedan', count: 3 },
          { value: 'SUV', count: 1 },
        ],
        make: [
          { value: 'Toyota', count: 4 },
          { value: 'Honda', count: 2 },
          { value: 'Nissan', count: 1 },
        ],
        model: [
          { value: 'Corolla', count: 3 },
          { value: 'Corolla Cross', count: 1 },
        ],
        fuel: [
          { value: 'petrol', count: 3 },
          { value: 'hybrid', count: 1 },
        ],
        transmission: [
          { value: 'automatic', count: 3 },
          { value: 'manual', count: 1 },
        ],
        price: [
          { min: 5000, max: 10000, count: 1 },
          { min: 10000, max: 15000, count: 2 },
          { min: 20000, max: 30000, count: 1 },
        ],
      });
    });

    it('counts the same from the cars when a filter is not one of the facets', async () => {
      const byWords = (await get('/api/products/facets?q=toyota')).json();
      const byMake = (await get('/api/products/facets?make=toyota')).json();
      expect(byWords.total).toBe(4);
      expect(byWords.fuel).toEqual(byMake.fuel);
      expect(byWords.price).toEqual(byMake.price);
      // The models of a make: kept counts on one side, counted from the cars on the other.
      expect(byWords.model).toEqual([]);
      expect(byMake.model).toEqual([
        { value: 'Corolla', count: 3 },
        { value: 'Corolla Cross', count: 1 },
      ]);
      const bySedans = (await get('/api/products/facets?make=toyota&category=sedan')).json();
      expect(bySedans.model).toEqual([{ value: 'Corolla', count: 3 }]);
      expect(byWords.make).toEqual([{ value: 'Toyota', count: 4 }]);
    });

    it('counts for each value what choosing it instead would find', async () => {
      const filters = { make: 'toyota', transmission: 'automatic' };
      const facets = (await get(`/api/products/facets?${new URLSearchParams(filters)}`)).json();
      const found = async (query: Record<string, string>) =>
        Number((await get(`/api/products?${new URLSearchParams(query)}`)).headers['x-total-count']);
      expect(facets.total).toBe(await found(filters));
      expect(facets.total).toBeGreaterThan(0);
      // Each dimension leaves its own filter out, so it offers other values than the chosen one.
      for (const dimension of ['make', 'fuel', 'transmission'] as const) {
        expect(facets[dimension].length, dimension).toBeGreaterThan(1);
      }
      for (const dimension of ['make', 'fuel', 'transmission', 'category'] as const) {
        for (const { value, count } of facets[dimension] as { value: string; count: number }[]) {
          expect(count, `${dimension}=${value}`).toBe(
            await found({ ...filters, [dimension]: value }),
          );
        }
      }
      for (const { min, max, count } of facets.price as {
        min: number;
        max: number | null;
        count: number;
      }[]) {
        const band = {
          minPrice: String(min),
          ...(max === null ? {} : { maxPrice: String(max - 0.01) }),
        };
        expect(count, `price ${min}`).toBe(await found({ ...filters, ...band }));
      }
    });

    it('counts every live car, booked too, without filters', async () => {
      const all = (await get('/api/products/facets')).json();
      expect(all.total).toBe(9);
      expect(all.make).toEqual([
        { value: 'Toyota', count: 5 },
        { value: 'Honda', count: 2 },
        { value: 'Nissan', count: 1 },
      ]);
    });
  });
});
