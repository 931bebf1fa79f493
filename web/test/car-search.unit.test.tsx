// All Cars as a search page, the category page, and the search boxes that lead there; the
// network is stubbed at fetch (see harness.tsx).

import type { CarFacetsAnswer, CarRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  carRecord,
  json,
  problem,
  renderApp,
  type StubbedCall,
  stubApi,
  userRecord,
} from './harness.tsx';

const car = carRecord;

const corolla = car({
  make: 'Toyota',
  model: 'Corolla',
  year: 2017,
  mileage: 85000,
  fuel: 'petrol',
  transmission: 'automatic',
});
const civic = car({ _id: 'car-2', name: 'Honda Civic 2012', price: 7000 });

const facets: CarFacetsAnswer = {
  total: 2,
  estimated: false,
  category: [{ value: 'Sedan', count: 2 }],
  make: [
    { value: 'Toyota', count: 3 },
    { value: 'Honda', count: 1 },
  ],
  model: [],
  fuel: [{ value: 'petrol', count: 2 }],
  transmission: [{ value: 'automatic', count: 1 }],
  price: [{ min: 0, max: 10000, count: 1 }],
};

const page = (cars: CarRecord[], headers: Record<string, string> = {}) =>
  json(cars, { headers: { 'X-Total-Count': String(cars.length), ...headers } });

/** The query of the last call to `path`. */
const lastQuery = (calls: StubbedCall[], path: string) => {
  const call = calls.filter((c) => c.url.split('?')[0] === path).at(-1);
  return call ? new URL(call.url, 'http://x').searchParams : undefined;
};

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('All Cars', () => {
  it('without filters is the plain list, numbered pages, with the count and each car key facts', async () => {
    const { calls } = stubApi({
      'GET /api/products': page([corolla, civic]),
      'GET /api/products/facets': facets,
    });
    renderApp('/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Cars' })).toBeInTheDocument();
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: corolla.name })).toBeInTheDocument();
    expect(screen.getByText('2017 · 85,000 km · Petrol')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    const query = lastQuery(calls, '/api/products');
    expect(Object.fromEntries(query!)).toEqual({ page: '1', limit: '20' });
  });

  it('has headings that descend one level at a time to the cars, without the filter panel', async () => {
    stubApi({ 'GET /api/products': page([corolla]), 'GET /api/products/facets': facets });
    renderApp('/products');
    await screen.findByRole('heading', { name: corolla.name });
    // On a phone the filter panel, and its heading, are in a closed drawer.
    for (const aside of document.querySelectorAll('aside')) aside.remove();
    const levels = [...document.querySelectorAll('main h1, main h2, main h3, main h4')].map(
      (heading) => Number(heading.tagName.slice(1)),
    );
    expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
    for (const [index, level] of levels.entries()) {
      expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
    }
  });

  it('searches with the filters of the address, shows them as chips and the counts beside the choices', async () => {
    const { calls } = stubApi({
      'GET /api/products': page([corolla], {
        'X-Total-Count': '48000',
        'X-Total-Count-Estimated': 'true',
      }),
      'GET /api/products/facets': facets,
    });
    renderApp('/products?q=corolla&maxPrice=15000&minYear=2015&transmission=automatic');
    expect(await screen.findByText('over 10,000 cars')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['“corolla”', 'Up to $15,000', '2015 or newer', 'Automatic']);
    expect(Object.fromEntries(lastQuery(calls, '/api/products')!)).toEqual({
      q: 'corolla',
      maxPrice: '15000',
      minYear: '2015',
      transmission: 'automatic',
      limit: '24',
    });
    expect(Object.fromEntries(lastQuery(calls, '/api/products/facets')!)).toEqual({
      q: 'corolla',
      maxPrice: '15000',
      minYear: '2015',
      transmission: 'automatic',
    });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(await within(filters).findByRole('option', { name: 'Toyota (3)' })).toBeInTheDocument();
    expect(within(filters).getByRole('option', { name: 'Diesel (0)' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('Max price')).toHaveValue('15000');
    expect(within(filters).getByLabelText('Gearbox')).toHaveValue('automatic');
    expect(within(filters).getByLabelText('Model')).toBeDisabled();
  });

  it('shows a text filter typed in another case as the choice it stands for', async () => {
    stubApi({
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': facets,
    });
    renderApp('/products?make=toyota&category=sedan');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await within(filters).findByRole('option', { name: 'Toyota (3)' });
    expect(within(filters).getByLabelText('Make')).toHaveValue('Toyota');
    expect(within(filters).getByLabelText('Category')).toHaveValue('Sedan');
    expect(within(filters).getByLabelText('Model')).toBeEnabled();
  });

  it('puts every change of filter and sort in the address, and Back walks it back', async () => {
    stubApi({
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': facets,
    });
    const { router } = renderApp('/products?q=corolla');
    const user = userEvent.setup();
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await user.type(within(filters).getByLabelText('Max price'), '15,000{Enter}');
    await waitFor(() => expect(location(router)).toBe('/products?q=corolla&maxPrice=15000'));
    await user.selectOptions(within(filters).getByLabelText('Make'), 'Toyota');
    await waitFor(() =>
      expect(location(router)).toBe('/products?q=corolla&make=Toyota&maxPrice=15000'),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_asc');
    await waitFor(() =>
      expect(location(router)).toBe(
        '/products?q=corolla&make=Toyota&maxPrice=15000&sort=price_asc',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove filter Up to $15,000' }));
    await waitFor(() =>
      expect(location(router)).toBe('/products?q=corolla&make=Toyota&sort=price_asc'),
    );

    await router.navigate(-1);
    await waitFor(() => expect(within(filters).getByLabelText('Max price')).toHaveValue('15000'));
    await router.navigate(-1);
    await router.navigate(-1);
    await waitFor(() => expect(within(filters).getByLabelText('Make')).toHaveValue(''));
    expect(within(filters).getByLabelText('Max price')).toHaveValue('15000');
  });

  it('refuses a range that ends before it begins, without searching', async () => {
    stubApi({
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': facets,
    });
    const { router } = renderApp('/products?minPrice=9000');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.setup().type(within(filters).getByLabelText('Max price'), '5000{Enter}');
    expect(await within(filters).findByText('Must not be below the min price')).toBeInTheDocument();
    expect(location(router)).toBe('/products?minPrice=9000');
  });

  it('pages a search by the cursor of the next link, and Previous goes back a page', async () => {
    const { calls } = stubApi({
      'GET /api/products': (call: StubbedCall) => {
        const cursor = new URL(call.url, 'http://x').searchParams.get('cursor');
        if (cursor === 'c2') return page([civic], { 'X-Total-Count': '25' });
        return page([corolla], {
          'X-Total-Count': '25',
          Link: '</api/products?q=car&limit=24>; rel="first", </api/products?q=car&limit=24&cursor=c2>; rel="next"',
        });
      },
      'GET /api/products/facets': facets,
    });
    const { router } = renderApp('/products?q=car');
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: civic.name })).toBeInTheDocument();
    expect(location(router)).toBe('/products?q=car&cursor=c2');
    expect(lastQuery(calls, '/api/products')?.get('cursor')).toBe('c2');
    expect(within(pages).getByText('Page 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: corolla.name })).toBeInTheDocument();
    expect(location(router)).toBe('/products?q=car');
  });

  it('pages the plain list by page number', async () => {
    const { calls } = stubApi({
      'GET /api/products': (call: StubbedCall) => {
        const number = new URL(call.url, 'http://x').searchParams.get('page');
        return number === '2'
          ? page([civic], { 'X-Total-Count': '21' })
          : page([corolla], {
              'X-Total-Count': '21',
              Link: '</api/products?page=1&limit=20>; rel="first", </api/products?page=2&limit=20>; rel="next"',
            });
      },
      'GET /api/products/facets': facets,
    });
    const { router } = renderApp('/products');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: civic.name })).toBeInTheDocument();
    expect(location(router)).toBe('/products?page=2');
    expect(lastQuery(calls, '/api/products')?.get('page')).toBe('2');
  });

  it('offers to clear the filters when nothing matches', async () => {
    stubApi({
      'GET /api/products': (call: StubbedCall) =>
        new URL(call.url, 'http://x').searchParams.has('q') ? page([]) : page([corolla, civic]),
      'GET /api/products/facets': facets,
    });
    const { router } = renderApp('/products?q=lamborghini&fuel=electric');
    expect(await screen.findByText('No cars match this search')).toBeInTheDocument();
    expect(screen.getByText('0 cars')).toBeInTheDocument();
    const emptyState = screen.getByText('No cars match this search').parentElement!.parentElement!;
    await userEvent
      .setup()
      .click(within(emptyState).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location(router)).toBe('/products'));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
  });

  it('says what was wrong with a search the API refused', async () => {
    stubApi({
      'GET /api/products': problem(400, 'Bad Request', 'Invalid request', [
        { field: 'querystring.cursor', message: 'Not a cursor of this list' },
      ]),
      'GET /api/products/facets': facets,
    });
    renderApp('/products?q=car&cursor=tampered');
    expect(await screen.findByText('This search could not be run.')).toBeInTheDocument();
    expect(screen.getByText('cursor: Not a cursor of this list')).toBeInTheDocument();
  });

  it('shows skeletons and says it is loading until the cars arrive', async () => {
    // Every request for the list waits until the test lets them answer: the screen may ask more
    // than once (a retry, a second render), and any of them may be the one it shows.
    const waiting: (() => void)[] = [];
    let released = false;
    const release = () => {
      released = true;
      for (const answer of waiting.splice(0)) answer();
    };
    stubApi({
      'GET /api/products': () =>
        new Promise<Response>((resolve) => {
          const answer = () => resolve(page([corolla]));
          if (released) answer();
          else waiting.push(answer);
        }),
      'GET /api/products/facets': facets,
    });
    renderApp('/products');
    expect((await screen.findByText('Loading cars')).closest('[role="status"]')).not.toBeNull();
    release();
    // Rendering the released page can take longer than findBy's 1 s on a loaded machine.
    expect(
      await screen.findByRole('heading', { name: corolla.name }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading cars')).not.toBeInTheDocument();
  });
});

describe('a category', () => {
  it('is the same search within the category of its path, under its own heading', async () => {
    const buyer = userRecord('Buyer');
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/category/products/SUV': page([corolla]),
      'GET /api/products/facets': facets,
    });
    renderApp('/category/SUV?fuel=petrol&category=Sedan', { as: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'SUV' })).toBeInTheDocument();
    expect(await screen.findByText('1 car')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(calls, '/api/category/products/SUV')!)).toEqual({
      fuel: 'petrol',
      limit: '24',
    });
    expect(Object.fromEntries(lastQuery(calls, '/api/products/facets')!)).toEqual({
      category: 'SUV',
      fuel: 'petrol',
    });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).queryByLabelText('Category')).not.toBeInTheDocument();
  });
});

describe('the search boxes', () => {
  it("the header's box searches All Cars from any page", async () => {
    stubApi({
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': facets,
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
    });
    const { router } = renderApp('/blog');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search cars' }),
      'corolla{Enter}',
    );
    await waitFor(() => expect(location(router)).toBe('/products?q=corolla'));
    expect(await screen.findByRole('list', { name: 'Active filters' })).toHaveTextContent(
      '“corolla”',
    );
  });

  it("Home's banner searches by make or model and a max price", async () => {
    stubApi({
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': facets,
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const form = await screen.findByRole('search', { name: 'Find a car' });
    await user.type(within(form).getByLabelText('Make or model'), 'Toyota Corolla');
    await user.type(within(form).getByLabelText('Max price ($)'), '15000');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location(router)).toBe('/products?q=Toyota+Corolla&maxPrice=15000'));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search cars' })).toHaveValue('Toyota Corolla'),
    );
  });
});
