// A listing's life after Add Product: edits and price drops, bookings answered and cancelled,
// and the car sold. The network is stubbed at fetch (see harness.tsx).

import type {
  BookingRecord,
  BookingStatus,
  CarRecord,
  PricePoint,
} from '@second-gear/features/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noFacets, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const seller = userRecord('Seller');
const buyer = userRecord('Buyer');

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Honda Civic',
  seller_name: seller.name,
  email: seller.email,
  category: 'Sedan',
  image: '/images/civic.png',
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
  images: ['/images/civic.png'],
  make: 'Honda',
  year: 2015,
  ...overrides,
});

const booking = (id: string, status: BookingStatus, overrides: Partial<BookingRecord> = {}) =>
  ({
    _id: id,
    buyer: `Buyer ${id}`,
    seller: seller.name,
    buyer_email: `${id}@example.com`,
    seller_email: seller.email,
    product_id: `car-${id}`,
    product_name: `Car ${id}`,
    price: 9000,
    buyer_phone: '01700000000',
    meetup: 'Gulshan 1',
    booked_at: '2026-01-01T10:00:00Z',
    seller_id: 'seller-1',
    reviewed: false,
    status,
    ...overrides,
  }) satisfies BookingRecord;

const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });

const updated = (position: string, modifiedCount = 1) =>
  json({ acknowledged: true, modifiedCount, position });

const posts = (calls: StubbedCall[]) => calls.filter((c) => c.method !== 'GET');

describe('My Products: edit and mark sold', () => {
  const sellerApi = (cars: CarRecord[], extra: Record<string, unknown> = {}) =>
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/products': () => list(cars),
      ...extra,
    });

  it('opens Edit with the car as it is and sends only the fields that changed', async () => {
    const { calls } = sellerApi([car()], {
      'PATCH /api/product/car-1': updated('21'),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Honda Civic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Honda Civic' });
    expect(within(dialog).getByLabelText(/Car Name/)).toHaveValue('Honda Civic');
    expect(within(dialog).getByLabelText(/Sell Price/)).toHaveValue('12000');
    expect(within(dialog).getByLabelText(/^Make/)).toHaveValue('Honda');
    expect(within(dialog).getByLabelText(/^Year\b/)).toHaveValue('2015');

    // Blank is refused as in Add Product; a price the contract refuses is said under the field.
    const sellPrice = within(dialog).getByLabelText(/Sell Price/);
    await user.clear(sellPrice);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();

    await user.type(sellPrice, '11000.0');
    // "20000.00" is the same original price: no change to send.
    await user.clear(within(dialog).getByLabelText(/Original Price/));
    await user.type(within(dialog).getByLabelText(/Original Price/), '20000.00');
    await user.clear(within(dialog).getByLabelText(/^Make/));
    await user.type(within(dialog).getByLabelText(/^Model/), 'Civic');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toEqual({ price: 11000, make: null, model: 'Civic' });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith('/api/products?'))
          .at(-1)
          ?.headers.get('X-Min-Position'),
      ).toBe('21'),
    );
  });

  it('sends nothing when nothing changed', async () => {
    const { calls } = sellerApi([car()]);
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Honda Civic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Honda Civic' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing changed')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('marks a car sold after confirming; a sold car reads "Sold" and can only be deleted', async () => {
    let sold = 0;
    const { calls } = sellerApi([], {
      'GET /api/products': () =>
        list([car({ sold }), car({ _id: 'car-2', name: 'Booked One', booked: 1 })]),
      'POST /api/product/car-1/sold': () => {
        sold = 1;
        return updated('30');
      },
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    const row = (await screen.findByText('Honda Civic')).closest('tr')!;
    expect(within(row).getByText('Yet to Booked')).toBeInTheDocument();
    const other = screen.getByText('Booked One').closest('tr')!;
    expect(within(other).getByText('Booked')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Mark sold: Honda Civic' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark this car as sold?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark sold' }));
    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    expect(posts(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/product/car-1/sold',
    ]);

    await waitFor(() => expect(within(row).getByText('Sold')).toBeInTheDocument());
    expect(within(row).queryByText('Yet to Booked')).not.toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete Item']);
  });
});

describe('My Products: a listing’s term', () => {
  it('says how long each car has been listed and until when; an expired one is renewed in one click', async () => {
    const day = 86_400_000;
    let expired = true;
    const { calls } = stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/products': () =>
        list([
          car(
            expired
              ? {
                  listed_at: new Date(Date.now() - 61 * day).toISOString(),
                  expires_at: new Date(Date.now() - day).toISOString(),
                  off_market: 'expired',
                }
              : {
                  listed_at: new Date().toISOString(),
                  expires_at: new Date(Date.now() + 60 * day).toISOString(),
                },
          ),
          car({
            _id: 'car-2',
            name: 'Fresh One',
            listed_at: new Date(Date.now() - 12 * day).toISOString(),
            expires_at: new Date(Date.now() + 48 * day).toISOString(),
          }),
        ]),
      'POST /api/product/car-1/renew': () => {
        expired = false;
        return updated('41');
      },
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    const row = (await screen.findByText(/Listed 61 days ago · expired/)).closest('tr')!;
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    const fresh = screen.getByText(/Listed 12 days ago · in search until/).closest('tr')!;
    expect(within(fresh).queryByRole('button', { name: /^Renew/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Renew Honda Civic' }));
    expect(await screen.findByText('Renewed: in search for another 60 days')).toBeInTheDocument();
    expect(posts(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/product/car-1/renew',
    ]);
    await waitFor(() =>
      expect(within(row).getByText(/Listed today · in search until/)).toBeInTheDocument(),
    );
    expect(within(row).queryByText('Expired')).not.toBeInTheDocument();
  });
});

describe("Seller's My Bookings: answering", () => {
  const sellerApi = (bookings: () => BookingRecord[], extra: Record<string, unknown> = {}) =>
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/bookings': () => list(bookings()),
      ...extra,
    });
  const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
  const buttonsOf = (name: string) =>
    within(rowOf(name))
      .queryAllByRole('button')
      .map((b) => b.textContent);

  it('offers Accept and Decline only while requested, and Cancel only once accepted', async () => {
    sellerApi(() => [
      booking('b1', 'requested', { proposed_time: '2026-12-01T15:00:00Z' }),
      booking('b2', 'accepted'),
      booking('b3', 'declined'),
      booking('b4', 'cancelled'),
      booking('b5', 'ended'),
    ]);
    renderApp('/user/bookings', { as: seller });
    await screen.findByRole('cell', { name: 'Buyer b1' });
    expect(buttonsOf('Buyer b1')).toEqual(['Accept', 'Decline']);
    expect(buttonsOf('Buyer b2')).toEqual(['Cancel']);
    for (const name of ['Buyer b3', 'Buyer b4', 'Buyer b5']) expect(buttonsOf(name)).toEqual([]);
    const statuses = ['Requested', 'Accepted', 'Declined', 'Cancelled', 'Ended'];
    statuses.forEach((status, index) => {
      expect(within(rowOf(`Buyer b${index + 1}`)).getByText(status)).toBeInTheDocument();
    });
    expect(within(rowOf('Buyer b1')).getByRole('link', { name: 'Car b1' })).toHaveAttribute(
      'href',
      '/car/car-b1',
    );
    expect(within(rowOf('Buyer b1')).getByText(/Dec 1, 2026/)).toBeInTheDocument();
    expect(within(rowOf('Buyer b2')).getByText('None')).toBeInTheDocument();
  });

  it('accepts, declines and cancels, each with its toast, and reads the list again', async () => {
    const statuses: Record<string, BookingStatus> = {
      b1: 'requested',
      b2: 'requested',
      b3: 'accepted',
    };
    const answer = (id: string, status: BookingStatus, position: string) => () => {
      statuses[id] = status;
      return updated(position);
    };
    const { calls } = sellerApi(
      () => Object.entries(statuses).map(([id, status]) => booking(id, status)),
      {
        'POST /api/booking/b1/accept': answer('b1', 'accepted', '51'),
        'POST /api/booking/b2/decline': answer('b2', 'declined', '52'),
        'POST /api/booking/b3/cancel': answer('b3', 'cancelled', '53'),
      },
    );
    renderApp('/user/bookings', { as: seller });
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Buyer b1' });

    await user.click(within(rowOf('Buyer b1')).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText('Booking accepted')).toBeInTheDocument();
    await waitFor(() => expect(buttonsOf('Buyer b1')).toEqual(['Cancel']));
    const reread = calls.filter((c) => c.url.startsWith('/api/bookings')).at(-1);
    expect(reread?.headers.get('X-Min-Position')).toBe('51');

    await user.click(within(rowOf('Buyer b2')).getByRole('button', { name: /^Decline/ }));
    const decline = await screen.findByRole('alertdialog', { name: 'Decline this booking?' });
    await user.click(within(decline).getByRole('button', { name: 'Decline booking' }));
    expect(await screen.findByText('Booking declined')).toBeInTheDocument();
    await waitFor(() => expect(buttonsOf('Buyer b2')).toEqual([]));

    await user.click(within(rowOf('Buyer b3')).getByRole('button', { name: /^Cancel/ }));
    const cancel = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(cancel).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Buyer b3')).getByText('Cancelled')).toBeVisible());
    expect(posts(calls).map((c) => c.url)).toEqual([
      '/api/booking/b1/accept',
      '/api/booking/b2/decline',
      '/api/booking/b3/cancel',
    ]);
  });
});

describe("Buyer's My Bookings: cancelling", () => {
  it('shows each status and the proposed time, and offers Cancel only while requested or accepted', async () => {
    let first: BookingStatus = 'requested';
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/bookings': () =>
        list([
          booking('b1', first, { proposed_time: '2026-12-01T15:00:00Z' }),
          booking('b2', 'accepted'),
          booking('b3', 'declined'),
          booking('b4', 'cancelled'),
          booking('b5', 'ended'),
        ]),
      'POST /api/booking/b1/cancel': () => {
        first = 'cancelled';
        return updated('61');
      },
    });
    renderApp('/user/orders', { as: buyer });
    const user = userEvent.setup();
    const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
    const cancelOf = (name: string) =>
      within(rowOf(name)).queryByRole('button', { name: /^Cancel/ });
    await screen.findByRole('cell', { name: 'Car b1' });
    expect(cancelOf('Car b1')).toBeInTheDocument();
    expect(cancelOf('Car b2')).toBeInTheDocument();
    for (const name of ['Car b3', 'Car b4', 'Car b5']) expect(cancelOf(name)).toBeNull();
    expect(within(rowOf('Car b1')).getByText('Requested')).toBeInTheDocument();
    expect(within(rowOf('Car b5')).getByText('Ended')).toBeInTheDocument();
    expect(within(rowOf('Car b1')).getByText(/2026/)).toBeInTheDocument();

    await user.click(cancelOf('Car b1')!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    await waitFor(() => expect(cancelOf('Car b1')).toBeNull());
    expect(within(rowOf('Car b1')).getByText('Cancelled')).toBeInTheDocument();
    expect(posts(calls).map((c) => c.url)).toEqual(['/api/booking/b1/cancel']);
  });
});

describe('the car page', () => {
  const history: PricePoint[] = [
    { price: 14000, at: '2026-01-05T10:00:00Z' },
    { price: 12000, at: '2026-02-10T10:00:00Z' },
  ];

  it('a sold car says Sold and cannot be booked', async () => {
    stubApi({
      'GET /api/product/car-1': car({ sold: 1 }),
      'GET /api/product/car-1/price-history': list([]),
    });
    renderApp('/car/car-1');
    expect(await screen.findByRole('button', { name: 'Sold' })).toBeDisabled();
    expect(screen.getAllByText('Sold')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Already Booked' })).not.toBeInTheDocument();
  });

  it('says the price dropped and shows its history as a chart and as text', async () => {
    const { calls } = stubApi({
      'GET /api/product/car-1': car({ previous_price: 14000 }),
      'GET /api/product/car-1/price-history': list(history),
    });
    renderApp('/car/car-1');
    expect(await screen.findByText('Price dropped from $14,000')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Price history' });
    const points = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(points).toHaveLength(2);
    expect(points[0]).toMatch(/^\$14,000 on .*2026$/);
    expect(points[1]).toMatch(/\$12,000 on .*2026$/);
    expect(section.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(calls.some((c) => c.url.startsWith('/api/product/car-1/price-history?'))).toBe(true);
  });

  it('says nothing of a drop when the price went up, nor charts a single price', async () => {
    stubApi({
      'GET /api/product/car-1': car({ previous_price: 11000 }),
      'GET /api/product/car-1/price-history': list(history.slice(0, 1)),
    });
    renderApp('/car/car-1');
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(screen.queryByText(/Price dropped/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Price history' })).not.toBeInTheDocument();
  });

  it('a card marks a dropped price', async () => {
    stubApi({
      'GET /api/products': list([
        car({ previous_price: 14000 }),
        car({ _id: 'car-2', name: 'Raised One', previous_price: 9000 }),
      ]),
      'GET /api/products/facets': json(noFacets(2)),
    });
    renderApp('/products');
    const dropped = (await screen.findByRole('heading', { name: 'Honda Civic' })).closest(
      '.chakra-card__root',
    ) as HTMLElement;
    expect(within(dropped).getByText('Price dropped')).toBeInTheDocument();
    const raised = screen
      .getByRole('heading', { name: 'Raised One' })
      .closest('.chakra-card__root') as HTMLElement;
    expect(within(raised).queryByText('Price dropped')).not.toBeInTheDocument();
  });
});

describe('booking with a proposed time', () => {
  /** A `datetime-local` value, `days` from now, in the browser's time. */
  const localIn = (days: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
  };

  it("refuses a past time with the contract's words, then sends the time as ISO-8601", async () => {
    const { calls } = stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': list([]),
      'GET /api/user/buyer%40example.com': buyer,
      'POST /api/booking': json(
        { acknowledged: true, insertedId: 'b1', position: '71' },
        { status: 201 },
      ),
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Phone/), '01700000000');
    await user.type(within(dialog).getByLabelText(/Meetup Location/), 'Gulshan 1');
    const proposed = within(dialog).getByLabelText(/Proposed time/);
    expect(proposed).toHaveAttribute('type', 'datetime-local');

    fireEvent.change(proposed, { target: { value: localIn(-1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await within(dialog).findByText('Must be in the future')).toBeInTheDocument();
    fireEvent.change(proposed, { target: { value: localIn(400) } });
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await within(dialog).findByText('Must be within 365 days')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    const when = localIn(3);
    fireEvent.change(proposed, { target: { value: when } });
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({
      product_id: 'car-1',
      proposed_time: new Date(when).toISOString(),
    });
  });

  it('books without a proposed time when the field is left empty', async () => {
    const { calls } = stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': list([]),
      'GET /api/user/buyer%40example.com': buyer,
      'POST /api/booking': json(
        { acknowledged: true, insertedId: 'b1', position: '72' },
        { status: 201 },
      ),
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Phone/), '01700000000');
    await user.type(within(dialog).getByLabelText(/Meetup Location/), 'Gulshan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).not.toHaveProperty('proposed_time');
  });
});
