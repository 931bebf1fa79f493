// Read-only dashboard screens (fetch stubbed, see harness.tsx).

import type { BookingRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { carRecord, json, renderApp, stubApi, userRecord } from './harness.tsx';

const booking: BookingRecord = {
  _id: 'b1',
  buyer: 'Buyer Person',
  seller: 'Seller Person',
  buyer_email: 'buyer@example.com',
  seller_email: 'seller@example.com',
  product_id: 'car-1',
  product_name: 'Toyota Axio',
  product_image: 'https://images.example.com/axio.jpg',
  price: 9000,
  buyer_phone: '01700000000',
  meetup: 'Gulshan 1',
  booked_at: '2026-01-01T10:00:00Z',
  seller_id: 'seller-1',
  reviewed: false,
  status: 'requested',
};

describe('bookings tables', () => {
  it("Buyer's My Bookings links each car's details", async () => {
    const buyer = userRecord('Buyer');
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/bookings': [booking],
    });
    renderApp('/user/orders', { as: buyer });
    expect(await screen.findByRole('heading', { name: 'My Bookings' })).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers).toEqual([
      'Sl No.',
      'Seller Name',
      'Seller Email',
      'Car Model',
      'Meetup Location',
      'Proposed Time',
      'Status',
      'Review',
      'Details',
      'Action',
    ]);
    expect(screen.getByRole('link', { name: 'Seller Person' })).toHaveAttribute(
      'href',
      '/seller/seller-1',
    );
    const link = await screen.findByRole('link', { name: /See Car Details/ });
    expect(link).toHaveAttribute('href', '/car/car-1');
    await userEvent.setup().hover(link);
    expect(await screen.findByText('See Car Details')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/bookings'))?.url).toContain('type=buyer');
  });

  it("Seller's My Bookings shows who booked and where to meet", async () => {
    const seller = userRecord('Seller');
    stubApi({ 'GET /api/user/seller%40example.com': seller, 'GET /api/bookings': [booking] });
    renderApp('/user/bookings', { as: seller });
    const row = (await screen.findByText('Buyer Person')).closest('tr')!;
    // A tap on the phone calls the buyer.
    expect(within(row).getByRole('link', { name: '01700000000' })).toHaveAttribute(
      'href',
      'tel:01700000000',
    );
    expect(within(row).getByText('Gulshan 1')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sl No.',
      'Buyer',
      'Buyer Email',
      'Phone',
      'Meetup Location',
      'Car',
      'Proposed Time',
      'Status',
      'Action',
    ]);
    // When it came, under its state; long ago: its date.
    expect(within(row).getByText('Received Jan 1, 2026')).toBeInTheDocument();
    // The car's picture beside its name.
    expect(row.querySelector('img')).toHaveAttribute('src', booking.product_image);
  });
});

describe('dashboard home', () => {
  it('says when no phone is set, with a link to the profile, and Apply for Seller works', async () => {
    let buyer = userRecord('Buyer');
    const { calls } = stubApi({
      'GET /api/user/buyer%40example.com': () => json(buyer),
      'POST /api/user/seller': () => {
        buyer = { ...buyer, type: 'Seller' };
        return json({ acknowledged: true, modifiedCount: 1, position: '8' });
      },
    });
    renderApp('/user', { as: buyer });
    const phoneLine = (await screen.findByText('Phone:')).parentElement;
    expect(phoneLine).toHaveTextContent('Phone: None set yet.');
    expect(
      within(phoneLine!).getByRole('link', { name: 'Add one in your profile' }),
    ).toHaveAttribute('href', '/user/profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply for Seller' }));
    expect(await screen.findByText('You are a Seller now!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Apply for Seller' })).not.toBeInTheDocument(),
    );
    const aside = screen.getByRole('complementary');
    expect(await within(aside).findByRole('link', { name: 'My Products' })).toBeInTheDocument();
    const reread = calls.filter((c) => c.url === '/api/user/buyer%40example.com').at(-1);
    expect(reread?.headers.get('X-Min-Position')).toBe('8');
  });
});

describe("a seller's dashboard", () => {
  it('leads with the booking requests waiting for an answer, and links them', async () => {
    const seller = userRecord('Seller');
    const answered = { ...booking, _id: 'b2', status: 'accepted' as const };
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/bookings': json([booking, { ...booking, _id: 'b3' }, answered], {
        headers: { 'X-Total-Count': '3' },
      }),
    });
    renderApp('/user', { as: seller });
    const todo = await screen.findByRole('region', { name: 'To do' });
    expect(todo).toHaveTextContent('2 booking requests waiting for your answer');
    expect(within(todo).getByRole('link', { name: 'Answer them' })).toHaveAttribute(
      'href',
      '/user/bookings',
    );
  });

  it('also leads with unread messages and the cars whose term ends soon', async () => {
    const seller = userRecord('Seller');
    const soon = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
    const later = new Date(Date.now() + 40 * 24 * 3_600_000).toISOString();
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/bookings': json([], { headers: { 'X-Total-Count': '0' } }),
      'GET /api/conversations': json([], {
        headers: { 'X-Total-Count': '0', 'X-Unread-Messages': '3' },
      }),
      'GET /api/products': json(
        [
          carRecord({ _id: 'ending', expires_at: soon }),
          carRecord({ _id: 'fresh', expires_at: later }),
          carRecord({ _id: 'gone', off_market: 'expired', expires_at: soon }),
          carRecord({ _id: 'sold', sold: 1, expires_at: soon }),
        ],
        { headers: { 'X-Total-Count': '4' } },
      ),
    });
    renderApp('/user', { as: seller });
    const todo = await screen.findByRole('region', { name: 'To do' });
    await waitFor(() => expect(todo).toHaveTextContent('3 unread messages'));
    await waitFor(() =>
      expect(todo).toHaveTextContent("2 cars' time in search ends soon or has ended"),
    );
    expect(todo).not.toHaveTextContent('booking request');
    expect(within(todo).getByRole('link', { name: 'Read them' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
    expect(within(todo).getByRole('link', { name: 'Renew' })).toHaveAttribute(
      'href',
      '/user/products',
    );
  });

  it('says nothing to do when every request is answered', async () => {
    const seller = userRecord('Seller');
    const { calls } = stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/bookings': json([{ ...booking, status: 'declined' }], {
        headers: { 'X-Total-Count': '1' },
      }),
    });
    renderApp('/user', { as: seller });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/bookings'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'To do' })).not.toBeInTheDocument();
  });
});

describe('audit log', () => {
  it('lists entries and filters them', async () => {
    const admin = userRecord('Admin');
    const { calls } = stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/audit': () =>
        json(
          [
            {
              id: '17',
              eventType: 'UserPromotedToAdmin',
              action: 'promoted to admin',
              at: '2026-01-01T10:00:00Z',
              actor: { uid: 'a1', email: 'admin@example.com', role: 'Admin' },
              subject: { type: 'user', id: 'u2', label: 'buyer@example.com' },
              details: {},
            },
          ],
          { headers: { 'X-Total-Count': '1' } },
        ),
    });
    renderApp('/user/audit', { as: admin });
    expect(await screen.findByText('promoted to admin')).toBeInTheDocument();
    expect(screen.getByText('buyer@example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Actor email'), 'admin@example.com');
    await user.selectOptions(screen.getByLabelText('Subject type'), 'user');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.startsWith('/api/audit')).at(-1)!;
      expect(last.url).toContain('actor=admin%40example.com');
      expect(last.url).toContain('subjectType=user');
    });
  });
});
