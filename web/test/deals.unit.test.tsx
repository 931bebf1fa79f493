// Deal ratings: the badge on the cards and the car page, what the rating stands on, and the
// Deal filter of the search pages with its chip and saved-search words. The network is stubbed
// at fetch (see harness.tsx).

import type { CarRecord } from '@second-gear/features/contract';
import { type DealRating, dealRatingOf } from '@second-gear/features/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dealLabels } from '../src/components/deal-rating.tsx';
import { describeQuery, suggestedName } from '../src/search/saved-search.ts';
import { carRecord, json, noFacets, renderApp, type StubbedCall, stubApi } from './harness.tsx';

const market = { value: 13_700, low: 12_100, high: 14_900, comparables: 23 };

/** A car priced at `price` against `market`, rated as the API rates it. */
const rated = (price: number, overrides: Partial<CarRecord> = {}) =>
  carRecord({ price, market, deal: dealRatingOf(price / market.value), ...overrides });

const corolla = rated(12_500);
const civic = carRecord({ _id: 'car-2', name: 'Honda Civic 2012', price: 7000 });

const facets = noFacets(2);

const page = (cars: CarRecord[]) =>
  json(cars, { headers: { 'X-Total-Count': String(cars.length) } });

const queryOf = (call: StubbedCall) => new URL(call.url, 'http://x').searchParams;

/** The query of the last call to `path`. */
const lastQuery = (calls: StubbedCall[], path: string) => {
  const call = calls.filter((c) => c.url.split('?')[0] === path).at(-1);
  return call ? Object.fromEntries(queryOf(call)) : undefined;
};

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** Every badge's words. */
const badgeWords = Object.values(dealLabels).map((d) => d.label);

/** The card whose heading is the car's name. */
const cardOf = async (name: string) => {
  const card = (await screen.findByRole('heading', { name })).closest('.chakra-card__root');
  if (!(card instanceof HTMLElement)) throw new Error(`No card for ${name}`);
  return card;
};

const searchApi = () =>
  stubApi({
    'GET /api/products': page([corolla, civic]),
    'GET /api/products/facets': facets,
  });

const filterPanel = () => screen.findByRole('complementary', { name: 'Filters' });

/** The Deal filter's boxes, by their words, and whether each is ticked. */
const ticked = async () => {
  const group = within(await filterPanel()).getByRole('group', { name: 'Deal' });
  return Object.fromEntries(
    within(group)
      .getAllByRole('checkbox')
      .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
  );
};

describe('a car’s deal rating', () => {
  it('shows on the card of a rated car, and on no other', async () => {
    searchApi();
    renderApp('/products');
    expect(corolla.deal).toBe('good');
    expect(within(await cardOf(corolla.name)).getByText('Good deal')).toBeInTheDocument();
    const unrated = await cardOf(civic.name);
    for (const words of badgeWords) expect(within(unrated).queryByText(words)).toBeNull();
  });

  it('names each rating in its own words on the card', async () => {
    const prices: Record<DealRating, number> = {
      great: 12_000,
      good: 13_000,
      fair: 14_000,
      high: 15_500,
      overpriced: 16_500,
    };
    const cars = Object.entries(prices).map(([rating, price]) =>
      rated(price, { _id: rating, name: `Car ${rating}` }),
    );
    stubApi({ 'GET /api/products': page(cars), 'GET /api/products/facets': facets });
    renderApp('/products');
    for (const car of cars) {
      expect(car.deal).toBe(car._id);
      const card = await cardOf(car.name);
      const shown = badgeWords.filter((words) => within(card).queryByText(words) !== null);
      expect(shown).toEqual([dealLabels[car._id as DealRating].label]);
    }
  });

  it('the car page says how far below the market value the price is, and the fair range', async () => {
    stubApi({
      'GET /api/product/car-1': corolla,
      'GET /api/product/car-1/price-history': json([]),
    });
    renderApp('/car/car-1');
    const line = await screen.findByText(/below the market value/);
    expect(line).toHaveTextContent(
      'Good deal $1,200 below the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
    expect(within(line).getByText('Good deal')).toBeInTheDocument();
  });

  it('the car page says how far above the market value the price is', async () => {
    stubApi({
      'GET /api/product/car-1': rated(14_500),
      'GET /api/product/car-1/price-history': json([]),
    });
    renderApp('/car/car-1');
    expect(await screen.findByText(/above the market value/)).toHaveTextContent(
      'High price $800 above the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
  });

  it('the car page of a car without a rating says nothing of the market', async () => {
    stubApi({
      'GET /api/product/car-1': civic,
      'GET /api/product/car-1/price-history': json([]),
    });
    renderApp('/car/car-1');
    expect(await screen.findByText('Sale Price:')).toBeInTheDocument();
    expect(screen.getByText('$7,000')).toBeInTheDocument();
    expect(screen.queryByText(/market value/)).toBeNull();
    for (const words of badgeWords) expect(screen.queryByText(words)).toBeNull();
  });
});

describe('the Deal filter', () => {
  it('writes the ratings ticked into the address and the request, best first, with a chip', async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/products');
    const user = userEvent.setup();
    const panel = await filterPanel();
    expect(await ticked()).toEqual(Object.fromEntries(badgeWords.map((w) => [w, false])));

    await user.click(within(panel).getByRole('checkbox', { name: 'Good deal' }));
    await waitFor(() => expect(location(router)).toBe('/products?deal=good'));
    await user.click(within(panel).getByRole('checkbox', { name: 'Great deal' }));
    await waitFor(() => expect(location(router)).toBe('/products?deal=great%2Cgood'));
    await waitFor(() =>
      expect(lastQuery(calls, '/api/products')).toEqual({ deal: 'great,good', limit: '24' }),
    );
    expect(lastQuery(calls, '/api/products/facets')).toEqual({ deal: 'great,good' });
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Great or good deals',
    );
    expect(await ticked()).toMatchObject({
      'Great deal': true,
      'Good deal': true,
      'Fair price': false,
    });

    await user.click(screen.getByRole('button', { name: 'Remove filter Great or good deals' }));
    await waitFor(() => expect(location(router)).toBe('/products'));
    expect(await ticked()).toMatchObject({ 'Great deal': false, 'Good deal': false });
  });

  it('ticks the ratings of the address, and unticking one leaves the others', async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/products?deal=fair,great&sort=deal');
    const user = userEvent.setup();
    expect(await ticked()).toEqual({
      'Great deal': true,
      'Good deal': false,
      'Fair price': true,
      'High price': false,
      Overpriced: false,
    });
    expect(
      await screen.findByRole('button', { name: 'Remove filter Great or fair deals' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(lastQuery(calls, '/api/products')).toMatchObject({
        deal: 'great,fair',
        sort: 'deal',
      }),
    );

    await user.click(within(await filterPanel()).getByRole('checkbox', { name: 'Great deal' }));
    await waitFor(() => expect(location(router)).toBe('/products?deal=fair&sort=deal'));
    await waitFor(() => expect(lastQuery(calls, '/api/products')?.deal).toBe('fair'));
  });
});

describe('a saved search with a deal filter', () => {
  it('is named and described with its ratings', () => {
    expect(suggestedName('make=Toyota&deal=great%2Cgood')).toBe('Toyota, great or good deals');
    expect(describeQuery('deal=great%2Cgood&sort=deal')).toBe(
      'Great or good deals · Sorted by deal: best first',
    );
  });
});
