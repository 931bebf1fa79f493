// A car's page as a buyer judges and acts on it: the price first, the specs grid, the way back to
// the search they came from, similar cars, Share, what booking means, their own request's state,
// the seller's own car, and the bar that keeps Book Now in reach on a phone. The network is
// stubbed at fetch (see harness.tsx).
import type { BookingRecord, CarRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { carRecord, json, noFacets, onAPhone, renderApp, stubApi, userRecord } from './harness.tsx';

const buyer = userRecord('Buyer');
const seller = userRecord('Seller', { email: 'seller@example.com', name: 'Seller Person' });

const corolla = carRecord({ make: 'Toyota', model: 'Corolla', year: 2017, mileage: 85000 });
const page = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });
const cheaper = (id: string, name: string, price: number) =>
  carRecord({ _id: id, name, price, make: 'Toyota', model: 'Corolla' });

/** The car page's own API: the car and its (empty) price history. */
const carPage = (car: CarRecord = corolla) => ({
  [`GET /api/product/${car._id}`]: car,
  [`GET /api/product/${car._id}/price-history`]: page([]),
});

const booking = (status: BookingRecord['status']): BookingRecord => ({
  _id: 'b1',
  buyer: buyer.name,
  seller: corolla.seller_name,
  buyer_email: buyer.email,
  seller_email: corolla.email,
  product_id: corolla._id,
  product_name: corolla.name,
  price: corolla.price,
  buyer_phone: '01700000000',
  meetup: 'Bremen Hauptbahnhof',
  booked_at: '2026-11-20T10:00:00.000Z',
  status,
  seller_id: corolla.seller_id,
  reviewed: false,
  ...(status === 'accepted' ? { accepted_at: '2026-11-21T10:00:00.000Z' } : {}),
});

/** The column of the car's facts, named by its heading. */
const details = () => screen.findByRole('region', { name: corolla.name });

describe("a car's page", () => {
  it('leads with the price, then a grid of specs, with what booking means beside Book Now', async () => {
    stubApi(carPage());
    renderApp('/car/car-1');
    const column = await details();
    const price = within(column).getByText('$12,500');
    expect(price.previousElementSibling).toHaveTextContent('Sale Price:');
    const terms = within(column)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Year',
      'Mileage',
      'Location',
      'Years of Use',
      'Make',
      'Model',
      'Category',
    ]);
    expect(within(column).getByText('What happens when you book')).toBeInTheDocument();
    expect(within(column).getByText(/Nothing is paid here/)).toBeInTheDocument();
  });

  it('shows cars of the same make and model below, then cars near its price, never itself', async () => {
    const { calls } = stubApi({
      ...carPage(),
      'GET /api/products': ({ url }: { url: string }) =>
        url.includes('make=Toyota')
          ? page([corolla, cheaper('c2', 'Corolla Two', 11000)])
          : page([cheaper('c2', 'Corolla Two', 11000), cheaper('c3', 'Golf Three', 12000)]),
    });
    renderApp('/car/car-1');
    const similar = await screen.findByRole('region', { name: 'Similar cars' });
    await waitFor(() =>
      expect(within(similar).getAllByRole('heading', { level: 3 })).toHaveLength(2),
    );
    const names = within(similar)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Corolla Two', 'Golf Three']);
    const searches = calls.filter((c) => c.url.startsWith('/api/products?')).map((c) => c.url);
    expect(
      searches.some((url) => url.includes('make=Toyota') && url.includes('model=Corolla')),
    ).toBe(true);
    expect(
      searches.some((url) => url.includes('minPrice=10000') && url.includes('maxPrice=15000')),
    ).toBe(true);
  });

  it('a car that is gone still offers cars for sale', async () => {
    stubApi({
      'GET /api/products': page([cheaper('c2', 'Corolla Two', 11000)]),
    });
    renderApp('/car/gone');
    const others = await screen.findByRole('region', { name: 'Cars for sale' });
    expect(within(others).getByRole('heading', { name: 'Corolla Two' })).toBeInTheDocument();
  });

  it('offers the way back to the search the buyer came from, as they left it', async () => {
    stubApi({
      ...carPage(),
      'GET /api/products': page([corolla]),
      'GET /api/products/facets': noFacets(1),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/products?make=Toyota&sort=price-asc');
    await user.click(await screen.findByRole('link', { name: `See Details of ${corolla.name}` }));
    await user.click(await screen.findByRole('link', { name: 'Back to results' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/products?make=Toyota&sort=price-asc',
    );
  });

  it('says nothing of results when the car was opened from elsewhere', async () => {
    stubApi(carPage());
    renderApp('/car/car-1');
    await details();
    expect(screen.queryByRole('link', { name: 'Back to results' })).not.toBeInTheDocument();
  });

  it('copies its link where the browser has no share sheet, and uses the sheet where it has', async () => {
    stubApi(carPage());
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/car/car-1');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({ title: corolla.name, url: window.location.href });
      expect(writeText).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it("shows a buyer their own request's state instead of Already Booked", async () => {
    const { calls } = stubApi({
      ...carPage({ ...corolla, booked: 1 }),
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/bookings': page([booking('accepted')]),
    });
    renderApp('/car/car-1', { as: buyer });
    expect(await screen.findByRole('button', { name: 'Booking accepted' })).toBeDisabled();
    expect(screen.getByText('Seller Person accepted your booking').parentElement).toHaveTextContent(
      'Meet at Bremen Hauptbahnhof.',
    );
    expect(screen.getByRole('link', { name: 'See My Bookings' })).toHaveAttribute(
      'href',
      '/user/orders',
    );
    expect(screen.queryByRole('button', { name: 'Already Booked' })).not.toBeInTheDocument();
    const asked = calls.find((c) => c.url.startsWith('/api/bookings?'));
    expect(asked?.url).toContain('type=buyer');
    expect(asked?.url).toContain('product_id=car-1');
  });

  it('a request that was declined lets the buyer book again', async () => {
    stubApi({
      ...carPage(),
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/bookings': page([booking('declined')]),
    });
    renderApp('/car/car-1', { as: buyer });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled());
    expect(screen.queryByText('You asked to book this car')).not.toBeInTheDocument();
  });

  it("never opens the booking form on the seller's own car", async () => {
    const { calls } = stubApi({
      ...carPage(),
      [`GET /api/user/${encodeURIComponent(seller.email)}`]: seller,
    });
    renderApp('/car/car-1', { as: seller });
    expect(await screen.findByRole('button', { name: 'Your car' })).toBeDisabled();
    expect(screen.queryByText('What happens when you book')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/bookings'))).toBe(false);
  });

  it('asks a visitor to log in or create an account, both bringing them back to the form', async () => {
    stubApi(carPage());
    const user = userEvent.setup();
    const { router } = renderApp('/car/car-1');
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Login First')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    await user.click(within(dialog).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/car/car-1', hash: '#book' },
    });
  });

  it('opens the booking form for a buyer who comes back to it signed in, once', async () => {
    stubApi({
      ...carPage(),
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/bookings': page([]),
    });
    const { router } = renderApp('/car/car-1#book', { as: buyer });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Phone/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/car/car-1');
  });

  it('opens no form from the address on a car the viewer may not book', async () => {
    stubApi({
      ...carPage(),
      [`GET /api/user/${encodeURIComponent(seller.email)}`]: seller,
    });
    const { router } = renderApp('/car/car-1#book', { as: seller });
    expect(await screen.findByRole('button', { name: 'Your car' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("a car's page on a phone", () => {
  it('keeps the price, the heart, Message and Book Now in a bar at the foot of the screen', async () => {
    onAPhone();
    stubApi(carPage());
    const user = userEvent.setup();
    renderApp('/car/car-1');
    const bar = await screen.findByRole('region', { name: 'Price and actions' });
    expect(within(bar).getByText('$12,500')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /favourites/ })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /Message/ })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Login First');
  });
});
