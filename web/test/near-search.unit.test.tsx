// Searching near a place: the Near box and its suggestions, the radius, the distance sort and
// the distance on the cards; and the places suggested for a listing's Location. The network is
// stubbed at fetch (see harness.tsx).

import type { CarRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeQuery, suggestedName } from '../src/search/saved-search.ts';
import {
  carRecord,
  json,
  noFacets,
  problem,
  renderApp,
  type StubbedCall,
  stubApi,
  typeCarIdentity,
  userRecord,
} from './harness.tsx';

const car = (overrides: Partial<CarRecord>) =>
  carRecord({ location: 'Longmont, CO', ...overrides });

const corolla = car({});
const civic = car({ _id: 'car-2', name: 'Honda Civic 2012', location: 'Boulder, CO' });

const facets = noFacets(2);

const places = [
  { label: 'Boulder, CO', latitude: 40.015, longitude: -105.27 },
  { label: 'Boulder City, NV', latitude: 35.978, longitude: -114.832 },
];

const queryOf = (call: StubbedCall) => new URL(call.url, 'http://x').searchParams;

/** The places whose label begins as the query does, as `GET /api/places` answers. */
const suggest = (call: StubbedCall) => {
  const q = (queryOf(call).get('q') ?? '').toLowerCase();
  return json(places.filter((place) => place.label.toLowerCase().startsWith(q)));
};

/** The cars, each with its distance when the search is near a place. */
const carsNear = (call: StubbedCall) => {
  const near = queryOf(call).has('near');
  const cars = near
    ? [
        { ...corolla, distanceKm: 23.4 },
        { ...civic, distanceKm: 0.4 },
      ]
    : [corolla];
  return json(cars, { headers: { 'X-Total-Count': String(cars.length) } });
};

const searchApi = (extra: Record<string, unknown> = {}) =>
  stubApi({
    'GET /api/products': carsNear,
    'GET /api/products/facets': facets,
    'GET /api/places': suggest,
    ...extra,
  });

/** The query of the last call to `path`. */
const lastQuery = (calls: StubbedCall[], path: string) => {
  const call = calls.filter((c) => c.url.split('?')[0] === path).at(-1);
  return call ? Object.fromEntries(queryOf(call)) : undefined;
};

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const filterPanel = () => screen.findByRole('complementary', { name: 'Filters' });

const suggestionsOf = async () =>
  within(await screen.findByRole('listbox', { name: 'Suggested places' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

const sortChoices = () =>
  within(screen.getByLabelText('Sort by'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('searching near a place', () => {
  it('suggests places as the buyer types and the arrow keys and Enter choose one', async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/products');
    const user = userEvent.setup();
    const near = within(await filterPanel()).getByRole('combobox', { name: 'Near' });
    expect(near).toHaveAttribute('placeholder', 'City, e.g. Boulder, CO');
    expect(within(await filterPanel()).getByLabelText('Radius')).toBeDisabled();

    await user.type(near, 'Boul');
    expect(await suggestionsOf()).toEqual(['Boulder, CO', 'Boulder City, NV']);
    expect(near).toHaveAttribute('aria-expanded', 'true');
    // Asked once the typing paused, never for fewer than 2 characters.
    const asked = calls
      .filter((c) => c.url.startsWith('/api/places'))
      .map((c) => queryOf(c).get('q') ?? '');
    expect(asked.at(-1)).toBe('Boul');
    expect(asked.filter((q) => q.length < 2)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Suggested places' })).not.toBeInTheDocument();
    expect(near).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(await suggestionsOf()).toEqual(['Boulder, CO', 'Boulder City, NV']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Boulder City, NV' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(near).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(location(router)).toBe('/products?near=Boulder%2C+CO&radiusKm=50'));
    expect(near).toHaveValue('Boulder, CO');
    expect(near).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { name: 'Suggested places' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(lastQuery(calls, '/api/products')).toEqual({
        near: 'Boulder, CO',
        radiusKm: '50',
        limit: '24',
      }),
    );
    expect(lastQuery(calls, '/api/products/facets')).toEqual({
      near: 'Boulder, CO',
      radiusKm: '50',
    });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Within 50 km of Boulder, CO');
  });

  it('writes the radius chosen into the address and the request, and shows how far each car is', async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/products?near=Boulder%2C+CO');
    const user = userEvent.setup();
    const filters = await filterPanel();
    expect(within(filters).getByRole('combobox', { name: 'Near' })).toHaveValue('Boulder, CO');
    const radius = within(filters).getByLabelText('Radius');
    expect(radius).toBeEnabled();
    expect(radius).toHaveValue('50');
    expect(await screen.findByText('23 km away')).toBeInTheDocument();
    expect(screen.getByText('Less than 1 km away')).toBeInTheDocument();

    await user.selectOptions(radius, '100 km');
    await waitFor(() => expect(location(router)).toBe('/products?near=Boulder%2C+CO&radiusKm=100'));
    await waitFor(() => expect(lastQuery(calls, '/api/products')?.radiusKm).toBe('100'));
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Within 100 km of Boulder, CO',
    );
  });

  it('shows no distance on the cards of a search that is not near a place', async () => {
    searchApi();
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: corolla.name })).toBeInTheDocument();
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
  });

  it('a tap on a suggestion chooses it, on a category page too', async () => {
    const buyer = userRecord('Buyer');
    const { calls } = searchApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/category/products/SUV': carsNear,
    });
    const { router } = renderApp('/category/SUV', { as: buyer });
    const user = userEvent.setup();
    await user.type(
      within(await filterPanel()).getByRole('combobox', { name: 'Near' }),
      'boulder c',
    );
    const listbox = await screen.findByRole('listbox', { name: 'Suggested places' });
    await user.click(within(listbox).getByRole('option', { name: 'Boulder City, NV' }));
    await waitFor(() =>
      expect(location(router)).toBe('/category/SUV?near=Boulder+City%2C+NV&radiusKm=50'),
    );
    await waitFor(() =>
      expect(lastQuery(calls, '/api/category/products/SUV')).toEqual({
        near: 'Boulder City, NV',
        radiusKm: '50',
        limit: '24',
      }),
    );
    expect(await screen.findByText('23 km away')).toBeInTheDocument();
  });

  it('offers the distance sort only with a place, and drops it with the place', async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/products?sort=distance');
    const user = userEvent.setup();
    const filters = await filterPanel();
    await screen.findByRole('heading', { name: corolla.name });
    expect(sortChoices()).not.toContain('Distance: nearest first');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(lastQuery(calls, '/api/products')).not.toHaveProperty('sort');

    const near = within(filters).getByRole('combobox', { name: 'Near' });
    await user.type(near, 'Boulder, CO{Enter}');
    await waitFor(() => expect(sortChoices()).toContain('Distance: nearest first'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'distance');
    await waitFor(() =>
      expect(location(router)).toBe('/products?near=Boulder%2C+CO&radiusKm=50&sort=distance'),
    );
    await waitFor(() => expect(lastQuery(calls, '/api/products')?.sort).toBe('distance'));

    await user.clear(near);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location(router)).toBe('/products'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(sortChoices()).not.toContain('Distance: nearest first');
    expect(within(filters).getByLabelText('Radius')).toBeDisabled();
  });

  it('removes the place and its radius with its chip', async () => {
    searchApi();
    const { router } = renderApp('/products?near=Boulder%2C+CO&radiusKm=25&sort=distance');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove filter Within 25 km of Boulder, CO' }),
    );
    await waitFor(() => expect(location(router)).toBe('/products'));
    expect(within(await filterPanel()).getByRole('combobox', { name: 'Near' })).toHaveValue('');
  });

  it('says beside the Near box why the API refused the place', async () => {
    searchApi({
      'GET /api/products': (call: StubbedCall) =>
        queryOf(call).has('near')
          ? problem(400, 'Bad Request', 'Invalid request', [
              { field: 'querystring.near', message: 'Unknown place: Atlantis' },
            ])
          : carsNear(call),
    });
    const { router } = renderApp('/products');
    const user = userEvent.setup();
    const filters = await filterPanel();
    const near = within(filters).getByRole('combobox', { name: 'Near' });
    expect(near).not.toHaveAttribute('aria-invalid');
    await user.type(near, 'Atlantis{Enter}');
    await waitFor(() => expect(location(router)).toBe('/products?near=Atlantis&radiusKm=50'));
    expect(await within(filters).findByText('Unknown place: Atlantis')).toBeInTheDocument();
    expect(near).toHaveAccessibleErrorMessage('Unknown place: Atlantis');

    await user.clear(near);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(filters).queryByText('Unknown place: Atlantis')).not.toBeInTheDocument(),
    );
    expect(near).not.toHaveAttribute('aria-invalid');
  });
});

describe('a saved search near a place', () => {
  it('is named and described with its place, radius and sort', () => {
    expect(suggestedName('make=Toyota&near=Boulder%2C+CO&radiusKm=50')).toBe(
      'Toyota, within 50 km of Boulder, CO',
    );
    expect(describeQuery('near=Lyon%2C+France&radiusKm=200&sort=distance')).toBe(
      'Within 200 km of Lyon, France · Sorted by distance: nearest first',
    );
    expect(describeQuery('near=Lyon%2C+France')).toBe('Within 50 km of Lyon, France');
    // Neither a radius nor a distance sort means anything without a place.
    expect(describeQuery('radiusKm=200&sort=distance')).toBe('Every car');
  });
});

describe("a listing's Location", () => {
  const seller = userRecord('Seller');
  const mine = car({ name: 'Honda Civic', email: seller.email, location: 'Chattogram' });
  const sellerApi = (extra: Record<string, unknown>) =>
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/products': () => json([mine], { headers: { 'X-Total-Count': '1' } }),
      'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
      'GET /api/places': suggest,
      ...extra,
    });

  it('Add Product suggests places for the Location and sends the one tapped', async () => {
    const { calls } = sellerApi({
      'POST /api/images': json({ success: true, data: { url: '/images/new.png' } }),
      'POST /api/product': json(
        { acknowledged: true, insertedId: 'car-9', position: '9' },
        { status: 201 },
      ),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Car Name/), 'Nissan Leaf');
    await typeCarIdentity(user, dialog);
    await within(dialog).findByRole('option', { name: 'Sedan' });
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.upload(
      within(dialog).getByLabelText(/Picture/),
      new File(['png'], 'leaf.png', { type: 'image/png' }),
    );
    await user.type(within(dialog).getByLabelText(/Original Price/), '30000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '18000');
    const place = within(dialog).getByRole('combobox', { name: /Location/ });
    await user.type(place, 'bo');
    const listbox = await within(dialog).findByRole('listbox', { name: 'Suggested places' });
    await user.click(within(listbox).getByRole('option', { name: 'Boulder, CO' }));
    expect(place).toHaveValue('Boulder, CO');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added Successfully!')).toBeInTheDocument();
    const added = calls.find((c) => c.method === 'POST' && c.url === '/api/product');
    expect(added?.body).toMatchObject({ name: 'Nissan Leaf', location: 'Boulder, CO' });
  });

  it('Edit suggests places too and keeps a place they do not know as typed', async () => {
    const { calls } = sellerApi({
      'PATCH /api/product/car-1': json({ acknowledged: true, modifiedCount: 1, position: '21' }),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Honda Civic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Honda Civic' });
    const place = within(dialog).getByRole('combobox', { name: /Location/ });
    expect(place).toHaveValue('Chattogram');
    await user.clear(place);
    await user.type(place, 'Boulder');
    expect(await suggestionsOf()).toEqual(['Boulder, CO', 'Boulder City, NV']);
    await user.type(place, ' Creek Farm');
    await waitFor(() =>
      expect(within(dialog).queryByRole('listbox', { name: 'Suggested places' })).toBeNull(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ location: 'Boulder Creek Farm' });
  });
});
