// The web on a phone and on a slow first visit: the top bar's menu, the dashboard's tables as
// cards, the identity provider loaded only when needed, the placeholders that keep the page's
// shape, and the pictures' loading order. The network is stubbed at fetch (see harness.tsx).

import { ChakraProvider } from '@chakra-ui/react';
import type { BookingRecord, CarRecord } from '@second-gear/features/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../src/app/theme.ts';
import { SESSION_KEY } from '../src/auth/auth-context.tsx';
import type { AuthService } from '../src/auth/auth-service.ts';
import { CarPicture } from '../src/components/car-picture.tsx';
import {
  fakeAuthService,
  fakeToken,
  json,
  noFacets,
  onAPhone,
  renderApp,
  sessionUser,
  stubApi,
  userRecord,
} from './harness.tsx';

// jsdom applies every media rule of the styles, so what is shown only below a breakpoint counts
// as hidden (and nameless) here: such elements are found by their label.

const seller = userRecord('Seller');
const buyer = userRecord('Buyer');

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Honda Civic',
  seller_name: seller.name,
  email: seller.email,
  category: 'Sedan',
  image: '/images/civic.webp',
  original_price: 20000,
  price: 12000,
  location: 'Chattogram',
  use: 5,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/civic.webp'],
  ...overrides,
});

const home = { 'GET /api/products/advertise': [], 'GET /api/categories': [] };

describe('the top bar on a phone', () => {
  it("opens a menu with the links, the search and Login; a visitor's pages never load the identity provider", async () => {
    stubApi(home);
    const loadService = vi.fn(async () => fakeAuthService(null));
    renderApp('/', { loadService });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Menu', { selector: 'button' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(within(menu).getByRole('navigation', { name: 'Menu' }));
    for (const name of ['Home', 'Cars', 'Blog'])
      expect(links.getByRole('link', { name })).toBeVisible();
    expect(within(menu).getByLabelText('Car search', { selector: 'form' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(loadService).not.toHaveBeenCalled();

    await user.click(within(menu).getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    // The sign-in page loads it as it opens, before the visitor has typed anything.
    await waitFor(() => expect(loadService).toHaveBeenCalledTimes(1));
  });

  it('offers the dashboard and Logout to a signed-in user, the bell staying in the bar', async () => {
    stubApi({
      ...home,
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/notifications': () => json([], { headers: { 'X-Unread-Count': '0' } }),
      'GET /api/notifications/stream': () => new Response(new ReadableStream()),
    });
    renderApp('/', { as: buyer });
    const bar = screen.getByRole('banner');
    expect(await within(bar).findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(bar).getByLabelText('Menu', { selector: 'button' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user');
    expect(within(menu).getByText(`Signed in as ${buyer.name}`)).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('access-token')).toBeNull());
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe("a dashboard's menu on a phone", () => {
  it("is the top bar's one menu, led by the dashboard's links, and a link closes it", async () => {
    onAPhone();
    stubApi({
      ...home,
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/notifications': () => json([], { headers: { 'X-Unread-Count': '0' } }),
      'GET /api/notifications/stream': () => new Response(new ReadableStream()),
      'GET /api/bookings': [],
    });
    renderApp('/user', { as: buyer });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    const menuButton = within(screen.getByRole('banner')).getByLabelText('Menu', {
      selector: 'button',
    });
    await user.click(menuButton);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const dashboard = within(menu).getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    // Dashboard and Profile are the dashboard's links here, not twice.
    expect(within(menu).getAllByRole('link', { name: 'Dashboard' })).toHaveLength(1);
    await user.click(within(dashboard).getByRole('link', { name: 'My Orders' }));
    expect(await screen.findByRole('heading', { name: 'My Bookings' })).toBeInTheDocument();
    await waitFor(() => expect(menuButton).toHaveAttribute('aria-expanded', 'false'));

    // Logout from a dashboard page lands on Home, not on Login by way of the page's guard.
    await user.click(menuButton);
    const again = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(again).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Recommended Cars' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('access-token')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });
});

describe('a session restored after a reload', () => {
  it('loads the identity provider when a session is stored, and the user is signed in again', async () => {
    stubApi({ ...home, [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer });
    localStorage.setItem(SESSION_KEY, '1');
    localStorage.setItem('access-token', fakeToken(buyer.email));
    const service: AuthService = fakeAuthService(sessionUser(buyer));
    const loadService = vi.fn(async () => service);
    renderApp('/user', { loadService });
    expect(await screen.findByText('Checking your sign-in')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: buyer.name })).toBeInTheDocument();
    expect(loadService).toHaveBeenCalledTimes(1);
  });
});

describe('the dashboard on a phone', () => {
  it('shows My Products as cards: every column a labelled line, every action a button', async () => {
    onAPhone();
    stubApi({
      [`GET /api/user/${encodeURIComponent(seller.email)}`]: seller,
      'GET /api/products': () =>
        json([car(), car({ _id: 'car-2', name: 'Sold One', sold: 1 })], {
          headers: { 'X-Total-Count': '2' },
        }),
      'GET /api/categories': [],
    });
    renderApp('/user/products', { as: seller });
    const list = await screen.findByRole('list', { name: 'Your cars' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [civic, sold] = within(list).getAllByRole('listitem');
    const card = within(civic!);
    expect(card.getByText('Honda Civic')).toBeInTheDocument();
    expect(card.getByText('# 1')).toBeInTheDocument();
    for (const [label, value] of [
      ['Price', '$12,000'],
      ['Years of Use', '5 years'],
      ['Status', 'Yet to Booked'],
    ]) {
      expect(card.getByText(label!)).toBeInTheDocument();
      expect(card.getByText(value!)).toBeInTheDocument();
    }
    expect(card.getByRole('img', { name: 'Honda Civic' })).toBeInTheDocument();
    for (const name of ['Advertise', 'Edit Honda Civic', 'Mark sold: Honda Civic', 'Delete Item']) {
      expect(card.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(sold!).getByText('Sold')).toBeInTheDocument();
    expect(
      within(sold!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete Item']);
  });

  it("shows the seller's bookings as cards with the buyer, the car and Accept", async () => {
    onAPhone();
    const booking: BookingRecord = {
      _id: 'b1',
      buyer: 'Bea Buyer',
      seller: seller.name,
      buyer_email: 'bea@example.com',
      seller_email: seller.email,
      product_id: 'car-1',
      product_name: 'Honda Civic',
      price: 12000,
      buyer_phone: '+49 30 1234567',
      meetup: 'Alexanderplatz',
      status: 'requested',
    } as BookingRecord;
    stubApi({
      [`GET /api/user/${encodeURIComponent(seller.email)}`]: seller,
      'GET /api/bookings': () => json([booking], { headers: { 'X-Total-Count': '1' } }),
    });
    renderApp('/user/bookings', { as: seller });
    const list = await screen.findByRole('list', { name: 'Bookings of your cars' });
    const card = within(within(list).getByRole('listitem'));
    for (const text of [
      'Bea Buyer',
      'bea@example.com',
      '+49 30 1234567',
      'Alexanderplatz',
      'Requested',
      'None',
    ]) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    expect(card.getByRole('link', { name: 'Honda Civic' })).toHaveAttribute('href', '/car/car-1');
    expect(card.getByRole('button', { name: /^Accept/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Decline/ })).toBeInTheDocument();
  });
});

describe('a slow first visit', () => {
  it('keeps the place of Recommended Cars and Categories with placeholders until they arrive', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubApi({
      'GET /api/products/advertise': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/categories': () => new Promise<Response>(() => {}),
    });
    renderApp('/');
    const recommended = await screen.findByRole('region', { name: 'Recommended Cars' });
    expect(recommended).toHaveAttribute('aria-busy', 'true');
    expect(within(recommended).getByText('Loading recommended cars')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Categories' })).toHaveAttribute('aria-busy', 'true');
    // Answered once asked: on a loaded machine the placeholders show before the request leaves.
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json([car({ advertise: 1 })]));
    // The cards render once the answer is read: a loaded machine can take more than the default
    // second over it.
    expect(
      await within(recommended).findByRole('heading', { name: 'Honda Civic' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(recommended).toHaveAttribute('aria-busy', 'false');
  }, 15_000);

  it("shows the car page's shape until the car arrives", async () => {
    stubApi({ 'GET /api/product/car-1': () => new Promise<Response>(() => {}) });
    renderApp('/car/car-1');
    expect(await screen.findByText('Loading the car')).toBeInTheDocument();
  });
});

describe('pictures', () => {
  it('fetch the first one first and the others lazily; a missing one is a placeholder', async () => {
    render(
      <ChakraProvider value={system}>
        <CarPicture src="/images/a.webp" alt="First" sizes="100vw" priority />
        <CarPicture src="/images/b.webp" alt="Second" sizes="100vw" />
        <CarPicture src="" alt="None" sizes="100vw" />
        <CarPicture src="/images/broken.webp" alt="" sizes="100vw" />
      </ChakraProvider>,
    );
    const first = screen.getByRole('img', { name: 'First' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const second = screen.getByRole('img', { name: 'Second' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
    // No address: the placeholder at once, named like the picture.
    expect(screen.getByRole('img', { name: 'None' }).tagName).not.toBe('IMG');
    // A decorative picture that fails leaves a placeholder hidden from screen readers.
    const broken = document.querySelector('img[src="/images/broken.webp"]')!;
    fireEvent.error(broken);
    await waitFor(() =>
      expect(document.querySelector('img[src="/images/broken.webp"]')).toBeNull(),
    );
  });
});

describe('searching on a phone', () => {
  it('takes keywords on the search page itself, keeping the other filters', async () => {
    onAPhone();
    stubApi({
      'GET /api/products': json([car()], { headers: { 'X-Total-Count': '1' } }),
      'GET /api/products/facets': noFacets(1),
    });
    const { router } = renderApp('/products?make=Honda&q=civic');
    // Below `md` only, so found by its label and typed into by events (see above).
    const words = await screen.findByLabelText('Keywords');
    expect(words).toHaveValue('civic');
    fireEvent.change(words, { target: { value: ' hybrid ' } });
    fireEvent.submit(words.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toContain('q=hybrid'));
    expect(router.state.location.search).toContain('make=Honda');
    expect(router.state.location.pathname).toBe('/products');
  });
});
