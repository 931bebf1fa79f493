// @vitest-environment node
// The server's rendering of the public pages (src/entry-server.tsx), in Node as the gateway and
// the all-in-one run it: the page's content in the HTML, the answers it used beside it, and the
// pages it leaves to the browser. The API is a stub of the transport the renderer is given.

import type { CarFacetsAnswer, CarRecord, CategoryRecord } from '@second-gear/features/contract';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/entry-server.tsx';

const car = (overrides: Partial<CarRecord>): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla 2017',
  seller_name: 'Sam Seller',
  email: 'seller@example.com',
  category: 'Sedan',
  image: '/images/corolla.webp',
  original_price: 16000,
  price: 12500,
  location: 'Bremen',
  use: 7,
  booked: 0,
  advertise: 1,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/corolla.webp'],
  ...overrides,
});

const corolla = car({ make: 'Toyota', model: 'Corolla', year: 2017, mileage: 85000 });
const sedan: CategoryRecord = { _id: 'cat-1', name: 'Sedan' } as CategoryRecord;
const facets: CarFacetsAnswer = {
  total: 1,
  estimated: false,
  category: [{ value: 'Sedan', count: 1 }],
  make: [{ value: 'Toyota', count: 1 }],
  model: [],
  fuel: [],
  transmission: [],
  price: [],
};

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A transport answering by path (without the query), recording every path asked. */
const api = (answers: Record<string, () => Response>) => {
  const asked: string[] = [];
  const transport = async (path: string) => {
    asked.push(path);
    const answer = answers[path.split('?', 1)[0] ?? ''];
    return answer ? answer() : new Response('{}', { status: 404 });
  };
  return { asked, transport };
};

// One renderer per process (the API client has one transport): each test serves its own answers
// through it.
let serving: (path: string) => Promise<Response> = async () => new Response('{}', { status: 404 });
const render = createPageRenderer((path) => serving(path));
const renderWith = (transport: typeof serving) => {
  serving = transport;
  return render;
};

/** The visible text of rendered HTML: no styles, no tags. */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The buttons of rendered HTML: their name (label, or else text) and whether disabled. */
const buttonsOf = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(
    ([, attributes = '', inner = '']) => ({
      name: /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? textOf(inner).trim(),
      disabled: /\sdisabled=""/.test(attributes),
    }),
  );

describe("the server's rendering of the public pages", () => {
  it("renders a car's page with its name, formatted prices and details, and the answer it used", async () => {
    const { asked, transport } = api({ '/api/product/car-1': () => json(corolla) });
    const page = await renderWith(transport)('/car/car-1');
    expect(page).toBeDefined();
    const text = textOf(page?.html ?? '');
    expect(text).toContain('Toyota Corolla 2017');
    expect(text).toContain('$12,500');
    expect(text).toContain('$16,000');
    expect(text).toContain('85,000 km');
    expect(text).toContain('Book Now');
    // The styles go with the HTML, so the page is laid out before any script runs.
    expect(page?.html).toMatch(/<style data-emotion="css[ -]/);
    expect(asked).toEqual(['/api/product/car-1']);
    // What acts on a session waits for the browser: a click before would be lost, and a member's
    // taken for a visitor's.
    const waiting = buttonsOf(page?.html ?? '').filter((button) => button.disabled);
    expect(waiting.map((button) => button.name).sort()).toEqual([
      'Book Now',
      'Message seller',
      'Report this car',
      'Save to favourites',
    ]);

    // The browser's cache, filled from the state, holds the car under the page's own key.
    const client = new QueryClient();
    hydrate(client, JSON.parse(page?.state ?? '{}'));
    expect(client.getQueryData(['car', 'car-1'])).toEqual(corolla);
  });

  it("renders a seller's profile with their rating, cars and reviews, and the answer it used", async () => {
    const profile = {
      _id: 'seller-1',
      name: 'Sam Seller',
      photo_url: null,
      member_since: '2025-03-15T12:00:00.000Z',
      rating: { average: 4.6, count: 12 },
      meetups_accepted: 8,
      answers: { conversations: 10, answered: 9, answered_share: 0.9, median_answer_minutes: 95 },
      cars_for_sale: 1,
      cars: [corolla],
      reviews: [
        {
          _id: 'b1',
          rating: 5,
          text: 'Honest about every scratch.',
          buyer: { _id: 'buyer-1', name: 'Bea Buyer' },
          car: { _id: 'car-1', name: 'Toyota Corolla 2017' },
          posted_at: '2026-11-20T12:00:00.000Z',
          answer: { text: 'Thanks, Bea!', at: '2026-11-21T12:00:00.000Z' },
        },
      ],
    };
    const { asked, transport } = api({ '/api/sellers/seller-1': () => json(profile) });
    const page = await renderWith(transport)('/seller/seller-1');
    const text = textOf(page?.html ?? '');
    expect(text).toContain('Sam Seller');
    expect(text).toContain('Member since March 2025');
    expect(text).toContain('4.6 · 12 reviews');
    expect(text).toContain('8 meetups accepted');
    expect(text).toContain('Answers 90% of messages, usually within 2 hours');
    expect(text).toContain('Cars for sale (1)');
    expect(text).toContain('Toyota Corolla 2017');
    expect(text).toContain('Honest about every scratch.');
    expect(text).toContain('Thanks, Bea!');
    // Dates read the same on the server and in the browser's first render.
    expect(text).toContain('Nov 20, 2026');
    expect(page?.html).toContain('id="review-b1"');
    expect(asked).toEqual(['/api/sellers/seller-1']);
    const client = new QueryClient();
    hydrate(client, JSON.parse(page?.state ?? '{}'));
    expect(client.getQueryData(['seller', 'seller-1'])).toEqual(profile);
  });

  it('renders Home with Recommended Cars and the categories', async () => {
    const { asked, transport } = api({
      '/api/products/advertise': () => json([corolla], { 'X-Total-Count': '1' }),
      '/api/categories': () => json([sedan], { 'X-Total-Count': '1' }),
    });
    const page = await renderWith(transport)('/');
    const text = textOf(page?.html ?? '');
    expect(text).toContain('Recommended Cars');
    expect(text).toContain('Toyota Corolla 2017');
    expect(text).toContain('Sedan');
    expect(text).not.toContain('Loading recommended cars');
    expect(asked.sort()).toEqual([
      '/api/categories?page=1&limit=20',
      '/api/products/advertise?page=1&limit=20',
    ]);
  });

  it('renders a search from its address: the filters asked of the API, the count and the chips', async () => {
    const { asked, transport } = api({
      '/api/products': () => json([corolla], { 'X-Total-Count': '1' }),
      '/api/products/facets': () => json(facets),
    });
    const page = await renderWith(transport)('/products?q=corolla&maxPrice=15000&sort=price_asc');
    const text = textOf(page?.html ?? '');
    expect(text).toContain('1 car');
    expect(text).toContain('Up to $15,000');
    expect(text).toContain('Toyota Corolla 2017');
    const search = new URLSearchParams(
      asked.find((path) => path.startsWith('/api/products?'))?.split('?')[1],
    );
    expect(Object.fromEntries(search)).toMatchObject({
      q: 'corolla',
      maxPrice: '15000',
      sort: 'price_asc',
    });
  });

  it('leaves dashboards, sign-in and unknown pages to the browser', async () => {
    const { asked, transport } = api({});
    const render = renderWith(transport);
    for (const path of [
      '/user/orders',
      '/user',
      '/login',
      '/register',
      '/category/Sedan',
      '/nowhere',
    ]) {
      expect(await render(path), path).toBeUndefined();
    }
    expect(asked).toEqual([]);
  });

  it('renders a page whose read failed as loading, and leaves that answer out of the state', async () => {
    const { transport } = api({
      '/api/products/advertise': () => new Response('{"title":"down"}', { status: 503 }),
      '/api/categories': () => json([sedan], { 'X-Total-Count': '1' }),
    });
    const page = await renderWith(transport)('/');
    expect(textOf(page?.html ?? '')).toContain('Loading recommended cars');
    const client = new QueryClient();
    hydrate(client, JSON.parse(page?.state ?? '{}'));
    expect(client.getQueryData(['cars', 'advertised'])).toBeUndefined();
    expect(client.getQueryData(['categories', 1])).toBeDefined();
    expect(dehydrate(client).queries).toHaveLength(1);
  });

  it('refuses a second renderer reading through another transport', () => {
    expect(() => createPageRenderer(async () => new Response('{}'))).toThrow(/another transport/);
  });

  it('leaves a path that starts with two slashes to the browser', async () => {
    const { asked, transport } = api({ '/api/product/car-1': () => json(corolla) });
    expect(await renderWith(transport)('//elsewhere/car/car-1')).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('writes the state so that no car can end its script element', async () => {
    const hostile = car({ name: '</script><script>alert(1)</script> <!-- &' });
    const { transport } = api({ '/api/product/car-1': () => json(hostile) });
    const page = await renderWith(transport)('/car/car-1');
    expect(page?.state).not.toMatch(/[<>&]/);
    expect(page?.html).not.toContain('<script>alert(1)');
    const client = new QueryClient();
    hydrate(client, JSON.parse(page?.state ?? '{}'));
    expect(client.getQueryData<CarRecord>(['car', 'car-1'])?.name).toBe(hostile.name);
  });
});
