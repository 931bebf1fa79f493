// What a member keeps and hears: favourites, saved searches, notifications and the profile.
// The network is stubbed at fetch (see harness.tsx); the notification stream's stub is a
// ReadableStream of server-sent-events text, a stand-in for the network only.

import type {
  CarRecord,
  NotificationRecord,
  NotificationStreamMessage,
} from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStreamParser, type StreamEvent } from '../src/notifications/event-stream.ts';
import { describeQuery, suggestedName } from '../src/search/saved-search.ts';
import { json, noFacets, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const buyer = userRecord('Buyer');

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla',
  seller_name: 'Seller Person',
  email: 'seller@example.com',
  category: 'Sedan',
  image: '/images/corolla.png',
  images: ['/images/corolla.png'],
  original_price: 18000,
  price: 14000,
  location: 'Leipzig',
  use: 6,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  ...overrides,
});

const facets = noFacets(0);

const list = (items: unknown[], headers: Record<string, string> = {}) =>
  json(items, { headers: { 'X-Total-Count': String(items.length), ...headers } });

const writes = (calls: StubbedCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

const notification = (
  position: string,
  message: string,
  overrides: Partial<NotificationRecord> = {},
): NotificationRecord => ({
  _id: `n-${position}`,
  position,
  kind: 'price-dropped',
  message,
  link: '/car/car-1',
  car_id: 'car-1',
  at: new Date().toISOString(),
  read: false,
  details: {},
  ...overrides,
});

describe('favourites', () => {
  it('fills the heart of a favourite, and keeps and lets go of cars at once', async () => {
    let ids = ['car-1'];
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/products': list([
        car(),
        car({ _id: 'car-2', name: 'Honda Civic' }),
        car({ _id: 'car-3', name: 'Sold Golf', sold: 1 }),
      ]),
      'GET /api/products/facets': facets,
      'GET /api/favourites/ids': () => json(ids),
      'PUT /api/favourites/car-2': () => {
        ids = ['car-2', ...ids];
        return json({ acknowledged: true, modifiedCount: 1, position: '5' });
      },
      'DELETE /api/favourites/car-1': () => {
        ids = ids.filter((id) => id !== 'car-1');
        return json({ acknowledged: true, deletedCount: 1, position: '6' });
      },
    });
    renderApp('/products', { as: buyer });
    const user = userEvent.setup();
    const cardOf = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('.chakra-card__root') as HTMLElement;

    const corolla = await cardOf('Toyota Corolla');
    const kept = await within(corolla).findByRole('button', { name: 'Remove from favourites' });
    expect(kept).toHaveAttribute('aria-pressed', 'true');
    const civic = within(await cardOf('Honda Civic')).getByRole('button', {
      name: 'Save to favourites',
    });
    expect(civic).toHaveAttribute('aria-pressed', 'false');
    // A sold car can no longer be kept.
    expect(
      within(await cardOf('Sold Golf')).getByRole('button', { name: 'Save to favourites' }),
    ).toBeDisabled();

    await user.click(civic);
    expect(civic).toHaveAttribute('aria-pressed', 'true');
    expect(civic).toHaveAccessibleName('Remove from favourites');
    await user.click(kept);
    expect(kept).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(writes(calls)).toEqual(['PUT /api/favourites/car-2', 'DELETE /api/favourites/car-1']),
    );
  });

  it('turns the heart back and says why when the server refuses', async () => {
    stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': [],
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/favourites/ids': [],
      'PUT /api/favourites/car-1': () =>
        json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'This car is sold.' },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp('/car/car-1', { as: buyer });
    const heart = await screen.findByRole('button', { name: 'Save to favourites' });
    await userEvent.setup().click(heart);
    expect(await screen.findByText('This car is sold.')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it('sends a visitor to sign in', async () => {
    stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': [],
    });
    const { router } = renderApp('/car/car-1');
    const heart = await screen.findByRole('button', { name: 'Save to favourites' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.setup().click(heart);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lists the favourites, sold ones marked, with Remove', async () => {
    let favourites = [car({ sold: 1 }), car({ _id: 'car-2', name: 'Honda Civic' })];
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/favourites': () => list(favourites),
      'DELETE /api/favourites/car-2': () => {
        favourites = favourites.filter((each) => each._id !== 'car-2');
        return json({ acknowledged: true, deletedCount: 1, position: '9' });
      },
    });
    renderApp('/user/favourites', { as: buyer });
    const sold = (await screen.findByRole('link', { name: 'Toyota Corolla' })).closest('tr')!;
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    const civic = screen.getByRole('link', { name: 'Honda Civic' }).closest('tr')!;
    expect(within(civic).getByText('For sale')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(civic).getByRole('button', { name: 'Remove Honda Civic from favourites' }));
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Honda Civic' })).not.toBeInTheDocument(),
    );
    expect(writes(calls)).toEqual(['DELETE /api/favourites/car-2']);
  });
});

describe('saved searches', () => {
  it('names a search from its filters and writes them in words', () => {
    expect(suggestedName('make=Toyota&maxPrice=15000')).toBe('Toyota under $15,000');
    expect(suggestedName('q=corolla&minYear=2015&transmission=automatic')).toBe(
      '“corolla”, 2015 or newer, automatic',
    );
    expect(suggestedName('category=SUV&minPrice=5000&maxPrice=9000')).toBe('SUV $5,000 to $9,000');
    expect(describeQuery('make=Toyota&maxPrice=15000&sort=price_asc')).toBe(
      'Make: Toyota · Up to $15,000 · Sorted by price: low to high',
    );
  });

  it('saves the search in the address bar under the name it suggests', async () => {
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/products': list([car()]),
      'GET /api/products/facets': facets,
      'GET /api/favourites/ids': [],
      'POST /api/saved-searches': json(
        { acknowledged: true, insertedId: 's1', position: '12' },
        { status: 201 },
      ),
    });
    renderApp('/products?make=Toyota&maxPrice=15000&cursor=abc&prev=xyz', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText(/Name/);
    expect(name).toHaveValue('Toyota under $15,000');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'Cheap Toyotas');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Cheap Toyotas', query: 'make=Toyota&maxPrice=15000' });
  });

  it('explains that a search without a filter cannot be saved', async () => {
    stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/products': list([car()]),
      'GET /api/products/facets': facets,
      'GET /api/favourites/ids': [],
    });
    renderApp('/products', { as: buyer });
    const save = await screen.findByRole('button', { name: 'Save search' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Choose a filter to save this search');
  });

  it('lists the saved searches with their filters, a link back and Delete', async () => {
    stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/saved-searches': list([
        {
          _id: 's1',
          name: 'Cheap Toyotas',
          query: 'category=Sedan&make=Toyota&maxPrice=15000',
          created_at: '2026-11-20T10:00:00Z',
        },
      ]),
    });
    renderApp('/user/searches', { as: buyer });
    const row = (await screen.findByRole('cell', { name: 'Cheap Toyotas' })).closest('tr')!;
    expect(
      within(row).getByText('Category: Sedan · Make: Toyota · Up to $15,000'),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Open the search Cheap Toyotas' }),
    ).toHaveAttribute('href', '/products?category=Sedan&make=Toyota&maxPrice=15000');
    expect(
      within(row).getByRole('button', { name: 'Delete the search Cheap Toyotas' }),
    ).toBeInTheDocument();
  });
});

/** A server-sent-events answer whose text the test writes as it goes. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send(message: NotificationStreamMessage, id?: string) {
      const text = `${id ? `id: ${id}\n` : ''}event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;
      // Split in two, as a network may deliver it.
      const middle = Math.floor(text.length / 2);
      controller?.enqueue(encoder.encode(text.slice(0, middle)));
      controller?.enqueue(encoder.encode(text.slice(middle)));
    },
    comment: () => controller?.enqueue(encoder.encode(': keep-alive\n\n')),
    close: () => {
      try {
        controller?.close();
      } catch {
        // already closed
      }
    },
  };
}

describe('notifications', () => {
  let stream: ReturnType<typeof eventStream> | undefined;
  afterEach(() => stream?.close());

  it('parses event streams by the standard: fields, comments, ids and line endings', () => {
    const events: StreamEvent[] = [];
    const parser = eventStreamParser((event) => events.push(event));
    parser.push('retry: 3000\r\n: hello\r\nid: 7\r');
    parser.push('\nevent: unread\ndata: {"a":\ndata: 1}\n\ndata:plain\n');
    parser.push('\n');
    expect(events).toEqual([
      { type: 'unread', data: '{"a":\n1}', lastEventId: '7' },
      { type: 'message', data: 'plain', lastEventId: '7' },
    ]);
    expect(parser.retry).toBe(3000);
  });

  it("the bell's count follows the stream, and the menu lists the latest", async () => {
    stream = eventStream();
    const latest = [notification('21', 'Toyota Corolla dropped from $15,000 to $14,000')];
    const { calls } = stubApi({
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/favourites/ids': [],
      'GET /api/notifications': () => list(latest, { 'X-Unread-Count': String(latest.length) }),
      'GET /api/notifications/stream': () => stream!.response(),
    });
    renderApp('/', { as: buyer });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/notifications/stream')).toBeDefined(),
    );
    const open = calls.find((c) => c.url === '/api/notifications/stream')!;
    expect(open.headers.get('Authorization')).toMatch(/^bearer /);
    expect(open.headers.get('Accept')).toBe('text/event-stream');

    stream.send({ type: 'unread', unread: 1, messages: 0 });
    stream.comment();
    const fresh = notification('22', 'Honda Civic dropped from $12,000 to $11,000');
    latest.unshift(fresh);
    stream.send({ type: 'notification', notification: fresh, unread: 2 }, '22');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // A new one is also said in a toast.
    expect(
      await screen.findByText('Honda Civic dropped from $12,000 to $11,000'),
    ).toBeInTheDocument();

    await userEvent.setup().click(bell);
    const menu = await screen.findByRole('list', { name: 'Latest notifications' });
    await within(menu).findByRole('link', { name: /Honda Civic dropped/ });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Unread: Honda Civic dropped from $12,000 to $11,000',
      'Unread: Toyota Corolla dropped from $15,000 to $14,000',
    ]);
  });

  it('the Notifications page marks all read up to the newest one', async () => {
    let read = false;
    const items = () => [
      notification('31', 'The seller accepted your booking of Honda Civic', {
        kind: 'booking-accepted',
        link: '/user/orders',
        read,
      }),
      notification('30', 'Toyota Corolla dropped from $15,000 to $14,000', { read }),
    ];
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/notifications': () => list(items(), { 'X-Unread-Count': read ? '0' : '2' }),
      'POST /api/notifications/read': () => {
        read = true;
        return json({ acknowledged: true, modifiedCount: 1, position: '40' });
      },
    });
    renderApp('/user/notifications', { as: buyer });
    const page = await screen.findByRole('list', { name: 'Notifications' });
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    expect(
      within(page).getByRole('link', { name: /seller accepted your booking/ }),
    ).toHaveAttribute('href', '/user/orders');
    expect(within(page).getAllByText(/^Unread:/)).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    await waitFor(() => expect(within(page).queryAllByText(/^Unread:/)).toHaveLength(0));
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ upTo: '31' });
    const reread = calls.filter((c) => c.url.startsWith('/api/notifications?')).at(-1);
    expect(reread?.headers.get('X-Min-Position')).toBe('40');
  });
});

describe('profile', () => {
  it('validates by the contract, sends only what changed and says "Profile updated"', async () => {
    let record = userRecord('Buyer', { phone: '01700000000' });
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': () => json(record),
      'PUT /api/user/me': (call: StubbedCall) => {
        record = { ...record, ...(call.body as object) };
        return json({ acknowledged: true, modifiedCount: 1, position: '50' });
      },
    });
    renderApp('/user/profile', { as: record });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Name/);
    const phone = screen.getByLabelText(/Phone/);
    const picture = screen.getByLabelText(/Picture URL/);
    expect(name).toHaveValue('Buyer Person');
    expect(phone).toHaveValue('01700000000');
    expect(picture).toHaveValue('');

    await user.clear(name);
    await user.clear(phone);
    await user.type(phone, '12');
    await user.type(picture, 'not a picture');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Must be a phone number')).toBeInTheDocument();
    expect(screen.getByText('Must be an image URL')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(name, 'Buyer Person');
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0000');
    await user.clear(picture);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ phone: '+44 20 7946 0000' });

    // A blank phone clears it.
    await waitFor(() => expect(screen.getByLabelText(/Phone/)).toHaveValue('+44 20 7946 0000'));
    await user.clear(screen.getByLabelText(/Phone/));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ phone: null }),
    );
  });

  it('the booking form starts with the phone of the profile', async () => {
    const record = userRecord('Buyer', { phone: '+44 20 7946 0000' });
    stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': [],
      'GET /api/user/buyer%40example.com': record,
      'GET /api/favourites/ids': [],
    });
    renderApp('/car/car-1', { as: record });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Phone/)).toHaveValue('+44 20 7946 0000'),
    );
  });
});
