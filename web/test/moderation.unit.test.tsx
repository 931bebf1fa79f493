// Moderation: a member reports a car, a user or a message; an admin reads the reports grouped by
// subject, reads a reported conversation on the record and acts; a car off the market says so
// on its page and on its seller's list. The network is stubbed at fetch (see harness.tsx).

import type {
  CarRecord,
  ConversationAnswer,
  ConversationRecord,
  MessageRecord,
} from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { ReportedConversation, ReportGroup } from '../src/api/endpoints.ts';
import { json, problem, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const buyer = userRecord('Buyer');
const seller = userRecord('Seller');
const admin = userRecord('Admin');
const me = (record = buyer) => ({
  [`GET /api/user/${encodeURIComponent(record.email)}`]: record,
});

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla',
  seller_name: seller.name,
  email: seller.email,
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

const carPage = (record: CarRecord = car()) => ({
  [`GET /api/product/${record._id}`]: record,
  [`GET /api/product/${record._id}/price-history`]: [],
  'GET /api/favourites/ids': [],
  'GET /api/conversations': json([], { headers: { 'X-Total-Count': '0' } }),
});

const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });
const inserted = (position: string) =>
  json({ acknowledged: true, insertedId: 'report-1', position }, { status: 201 });
const updated = (position: string) => json({ acknowledged: true, modifiedCount: 1, position });

const writes = (calls: StubbedCall[]) => calls.filter((c) => c.method !== 'GET');

const SUSPENDED =
  'Your account is suspended (spam): you can still sign in and read, but not change anything.';

describe('reporting a car from its page', () => {
  it('sends the reason and the details, and thanks the reporter', async () => {
    const { calls } = stubApi({ ...me(), ...carPage(), 'POST /api/reports': inserted('40') });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    const report = await screen.findByRole('button', { name: 'Report this car' });
    await waitFor(() => expect(report).toBeEnabled());
    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report Toyota Corolla' });

    // A reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose one of the reasons')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    const reasons = within(dialog).getByRole('combobox', { name: /Reason/ });
    expect(
      within(reasons)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason',
      'Scam or suspicious',
      'Wrong details',
      'Offensive',
      'Already sold',
      'Duplicate',
      'Something else',
    ]);
    await user.selectOptions(reasons, 'Scam or suspicious');
    const details = within(dialog).getByRole('textbox', { name: /Details/ });
    expect(details).toHaveAttribute('maxLength', '1000');
    await user.type(details, 'Asks for a deposit by wire');
    expect(within(dialog).getByText('26 / 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thanks: a moderator will look at it.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      [
        '/api/reports',
        {
          subject: { type: 'car', id: 'car-1' },
          reason: 'scam',
          details: 'Asks for a deposit by wire',
        },
      ],
    ]);
    // The car is read again with the report's position: three reporters take it off the market.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith('/api/product/car-1'))
          .at(-1)
          ?.headers.get('X-Min-Position'),
      ).toBe('40'),
    );
  });

  it('says so in the dialog when the reporter reported it already', async () => {
    stubApi({
      ...me(),
      ...carPage(),
      'POST /api/reports': problem(
        409,
        'Conflict',
        'You reported this already: a moderator will look at it.',
      ),
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    const report = await screen.findByRole('button', { name: 'Report this car' });
    await waitFor(() => expect(report).toBeEnabled());
    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report Toyota Corolla' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'sold');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('You reported this already: a moderator will look at it.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it("shows the server's word on a field under it, and a suspension in the dialog", async () => {
    let answer = problem(400, 'Bad Request', 'The request is not valid.', [
      { field: 'details', message: 'At most 1000 characters' },
    ]);
    stubApi({ ...me(), ...carPage(), 'POST /api/reports': () => answer });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    const report = await screen.findByRole('button', { name: 'Report this car' });
    await waitFor(() => expect(report).toBeEnabled());
    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report Toyota Corolla' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'other');
    const details = within(dialog).getByRole('textbox', { name: /Details/ });
    await user.type(details, 'Odd');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('At most 1000 characters')).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-invalid', 'true');

    answer = problem(403, 'Forbidden', SUSPENDED);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SUSPENDED);
    expect(screen.getAllByText(SUSPENDED)).toHaveLength(1);
  });

  it('is not offered to the seller of the car', async () => {
    const { calls } = stubApi({ ...me(seller), ...carPage() });
    renderApp('/car/car-1', { as: seller });
    await screen.findByRole('heading', { name: 'Toyota Corolla' });
    await waitFor(() => expect(screen.getByRole('button', { name: /favourites/ })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Report this car' })).not.toBeInTheDocument();
    // Nor is booking: the seller's own car says so instead.
    expect(screen.getByRole('button', { name: 'Your car' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('asks a visitor to sign in first', async () => {
    stubApi(carPage());
    renderApp('/car/car-1');
    const report = await screen.findByRole('button', { name: 'Report this car' });
    await waitFor(() => expect(report).toBeEnabled());
    await userEvent.setup().click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report Toyota Corolla' });
    expect(within(dialog).getByText('Sign in to report it to the moderators.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('a car off the market', () => {
  it.each([
    ['hidden', 'This car is under review and cannot be booked for now.'],
    ['seller-suspended', 'This car is not available for now.'],
    ['expired', 'This listing has expired.'],
  ] as const)('says why when %s, and offers no booking', async (offMarket, words) => {
    stubApi({ ...me(), ...carPage(car({ off_market: offMarket })) });
    renderApp('/car/car-1', { as: buyer });
    expect(await screen.findByText(words)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /favourites/ })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Others Cars' })).toBeInTheDocument();
  });

  it('is badged on My Products with what the moderator said', async () => {
    stubApi({
      ...me(seller),
      'GET /api/products': list([
        car({
          off_market: 'hidden',
          off_market_reason: 'The photos show a different car.',
        }),
        car({ _id: 'car-2', name: 'Honda Civic', off_market: 'expired' }),
        car({ _id: 'car-3', name: 'Mazda 3' }),
      ]),
      'GET /api/categories': [],
      'GET /api/conversations/counts': {},
    });
    renderApp('/user/products', { as: seller });
    const table = await screen.findByRole('table', { name: 'Your cars' });
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((tr) => within(tr).queryByText(name) !== null)!;
    await within(table).findByText('Toyota Corolla');

    const corolla = within(row('Toyota Corolla'));
    expect(corolla.getByText('Hidden')).toBeInTheDocument();
    expect(corolla.getByText('The photos show a different car.')).toBeVisible();
    expect(corolla.getByText('Moderator:', { exact: false })).toBeInTheDocument();
    expect(within(row('Honda Civic')).getByText('Expired')).toBeInTheDocument();
    const mazda = within(row('Mazda 3'));
    expect(mazda.queryByText('Hidden')).not.toBeInTheDocument();
    expect(mazda.queryByText('Expired')).not.toBeInTheDocument();
  });
});

describe('reporting in a conversation', () => {
  const conversation: ConversationRecord = {
    _id: 'conv-1',
    role: 'buyer',
    product: {
      _id: 'car-1',
      name: 'Toyota Corolla',
      image: '/images/corolla.png',
      price: 14000,
      sold: false,
      booked: false,
      deleted: false,
    },
    with: { _id: 'Seller-uid', name: 'Seller Person', deleted: false },
    last_message: { text: 'Send the deposit first', at: new Date().toISOString(), mine: false },
    messages: 2,
    unread: 0,
    closed: null,
    blocked_by_you: false,
    started_at: new Date().toISOString(),
  };
  const message = (seq: number, text: string, mine: boolean): MessageRecord => ({
    _id: `conv-1-${seq}`,
    seq,
    mine,
    text,
    removed: false,
    at: new Date().toISOString(),
  });

  it("reports one of the other party's messages, and the other party", async () => {
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': json({
        conversation,
        messages: [
          message(1, 'Is it still for sale?', true),
          message(2, 'Send the deposit first', false),
        ],
        earlier: false,
      } satisfies ConversationAnswer),
      'POST /api/reports': inserted('44'),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Send the deposit first');
    const [mine, theirs] = within(log).getAllByRole('listitem');
    expect(within(mine!).queryByRole('button', { name: 'Report message' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(theirs!).getByRole('button', { name: 'Report message' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report a message from Seller Person' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'scam');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks: a moderator will look at it.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));

    await user.click(screen.getByRole('button', { name: 'Report user' }));
    dialog = await screen.findByRole('dialog', { name: 'Report Seller Person' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'offensive');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls).map((c) => c.body)).toEqual([
      { subject: { type: 'message', id: 'conv-1-2' }, reason: 'scam' },
      { subject: { type: 'user', id: 'Seller-uid' }, reason: 'offensive' },
    ]);
  });
});

const carGroup = (overrides: Partial<ReportGroup> = {}): ReportGroup => ({
  _id: 'car-car-1',
  subject: {
    type: 'car',
    _id: 'car-1',
    label: 'Toyota Corolla',
    link: '/car/car-1',
    image: '/images/corolla.png',
    hidden_reason: null,
    deleted: false,
  },
  owner: { _id: 'Seller-uid', name: 'Seller Person', suspended: false, suspension_reason: null },
  open: 3,
  reasons: [
    { reason: 'scam', count: 2 },
    { reason: 'wrong-details', count: 1 },
  ],
  reports: [
    {
      _id: 'r3',
      reason: 'scam',
      details: 'Wants the money before any viewing',
      reporter: { _id: 'u3', name: 'Carla Buyer' },
      at: new Date().toISOString(),
    },
    {
      _id: 'r2',
      reason: 'wrong-details',
      details: null,
      reporter: { _id: 'u2', name: 'Ben Buyer' },
      at: new Date().toISOString(),
    },
    {
      _id: 'r1',
      reason: 'scam',
      details: null,
      reporter: { _id: 'u1', name: 'Ann Buyer' },
      at: new Date().toISOString(),
    },
  ],
  last_reported_at: new Date().toISOString(),
  resolution: null,
  ...overrides,
});

/** `GET /api/reports`: the groups of the status asked for. */
const reportsOf =
  (groups: { open: () => ReportGroup[]; resolved: () => ReportGroup[] }) => (call: StubbedCall) =>
    list(call.url.includes('status=resolved') ? groups.resolved() : groups.open());

describe('the Reports page', () => {
  it('lists an open group with its reasons and reports, and hides the car with a reason', async () => {
    let group = carGroup();
    const { calls } = stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [group], resolved: () => [] }),
      'POST /api/reports/car-car-1/resolve': (call: StubbedCall) => {
        const { reason } = call.body as { reason: string };
        group = { ...group, subject: { ...group.subject, hidden_reason: reason } };
        return updated('70');
      },
    });
    renderApp('/user/reports', { as: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open', pressed: true })).toBeInTheDocument();
    const card = within(await screen.findByRole('listitem', { name: 'Toyota Corolla' }));
    expect(card.getByText('Car')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Toyota Corolla' })).toHaveAttribute(
      'href',
      '/car/car-1',
    );
    expect(card.getByText('Seller Person')).toBeInTheDocument();
    expect(card.getByText(/3 open reports/)).toBeInTheDocument();
    const reasons = within(card.getByRole('list', { name: 'Reasons' }));
    expect(reasons.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Scam or suspicious (2)',
      'Wrong details (1)',
    ]);
    expect(card.getByText('Carla Buyer')).toBeInTheDocument();
    expect(card.getByText('Wants the money before any viewing')).toBeInTheDocument();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dismiss',
      'Hide car',
      'Suspend owner',
    ]);

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Hide car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide Toyota Corolla' });
    expect(within(dialog).getByText('The owner is told this reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hide car' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('maxLength', '500');
    await user.type(reason, 'Asks for payment before any viewing.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide car' }));
    expect(await screen.findByText('Car hidden')).toBeInTheDocument();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      [
        '/api/reports/car-car-1/resolve',
        { action: 'hide-car', reason: 'Asks for payment before any viewing.' },
      ],
    ]);
    // The list is read again with the action's position: the car is now hidden.
    expect(await card.findByRole('button', { name: 'Restore car' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Hide car' })).not.toBeInTheDocument();
    expect(card.getByText('Asks for payment before any viewing.')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/reports?'))
        .at(-1)
        ?.headers.get('X-Min-Position'),
    ).toBe('70');
  });

  it('keeps the status in the address, and offers only undoing on a resolved group', async () => {
    const settled = carGroup({
      open: 0,
      subject: { ...carGroup().subject, hidden_reason: 'Stolen pictures.' },
      owner: {
        _id: 'Seller-uid',
        name: 'Seller Person',
        suspended: true,
        suspension_reason: 'Repeated scams.',
      },
      resolution: {
        action: 'suspend-user',
        reason: 'Repeated scams.',
        at: new Date().toISOString(),
      },
    });
    const { calls } = stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [], resolved: () => [settled] }),
    });
    const { router } = renderApp('/user/reports', { as: admin });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resolved', pressed: false }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'));
    const card = within(await screen.findByRole('listitem', { name: 'Toyota Corolla' }));
    expect(card.getByText('Suspended')).toBeInTheDocument();
    expect(card.getByText('Stolen pictures.')).toBeInTheDocument();
    expect(card.getByText(/Owner suspended on/)).toBeInTheDocument();
    expect(card.queryByText(/open report/)).not.toBeInTheDocument();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Restore car',
      'Lift suspension',
    ]);
    expect(calls.some((c) => c.url.includes('status=resolved'))).toBe(true);
  });

  it('says when there is no resolved report', async () => {
    stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [], resolved: () => [] }),
    });
    renderApp('/user/reports?status=resolved', { as: admin });
    expect(await screen.findByText('No resolved reports.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolved', pressed: true })).toBeInTheDocument();
  });

  it("offers Hide review on a reported review, with its words and a link to it, and no car's actions", async () => {
    let group = carGroup({
      _id: 'review-b1',
      subject: {
        type: 'review',
        _id: 'b1',
        label: '1 stars: Never showed up and blamed me',
        link: '/seller/Seller-uid#review-b1',
        image: null,
        hidden_reason: null,
        deleted: false,
      },
      owner: { _id: 'Buyer-uid', name: 'Buyer Person', suspended: false, suspension_reason: null },
      open: 1,
      reasons: [{ reason: 'offensive', count: 1 }],
    });
    const { calls } = stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [group], resolved: () => [] }),
      'POST /api/reports/review-b1/resolve': (call: StubbedCall) => {
        const { reason } = call.body as { reason: string };
        group = { ...group, subject: { ...group.subject, hidden_reason: reason } };
        return updated('75');
      },
    });
    renderApp('/user/reports', { as: admin });
    const card = within(await screen.findByRole('listitem', { name: 'A review by Buyer Person' }));
    expect(card.getByText('Review')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'A review by Buyer Person' })).toHaveAttribute(
      'href',
      '/seller/Seller-uid#review-b1',
    );
    expect(card.getByText('1 stars: Never showed up and blamed me')).toBeInTheDocument();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dismiss',
      'Hide review',
      'Suspend owner',
    ]);

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Hide review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the review by Buyer Person' });
    expect(
      within(dialog).getByText(
        "The review leaves the seller's profile and average; its author is told why.",
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults the seller.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/reports/review-b1/resolve', { action: 'hide-review', reason: 'Insults the seller.' }],
    ]);
    expect(await card.findByRole('button', { name: 'Restore review' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Hide review' })).not.toBeInTheDocument();
    expect(card.getByText('Insults the seller.')).toBeInTheDocument();
  });

  it('reads a reported conversation once the reading is on the record', async () => {
    const group = carGroup({
      _id: 'message-conv-1-2',
      subject: {
        type: 'message',
        _id: 'conv-1-2',
        label: 'Seller Person',
        link: null,
        image: null,
        hidden_reason: null,
        deleted: false,
      },
      open: 1,
      reasons: [{ reason: 'offensive', count: 1 }],
      reports: [carGroup().reports[0]!],
    });
    const conversation: ReportedConversation = {
      conversationId: 'conv-1',
      messages: [
        {
          seq: 1,
          author: { _id: 'Buyer-uid', name: 'Buyer Person' },
          text: 'Is it still for sale?',
          at: new Date().toISOString(),
          reported: false,
        },
        {
          seq: 2,
          author: { _id: 'Seller-uid', name: 'Seller Person' },
          text: 'Pay first or go away',
          at: new Date().toISOString(),
          reported: true,
        },
        {
          seq: 3,
          author: { _id: 'Buyer-uid', name: 'Buyer Person' },
          text: 'That is rude.',
          at: new Date().toISOString(),
          reported: false,
        },
      ],
    };
    let viewed = false;
    const { calls } = stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [group], resolved: () => [] }),
      'POST /api/reports/message-conv-1-2/view': () => {
        viewed = true;
        return updated('80');
      },
      'GET /api/reports/message-conv-1-2/messages': () =>
        viewed ? json(conversation) : problem(403, 'Forbidden', 'Record your reading first.'),
    });
    renderApp('/user/reports', { as: admin });
    const card = within(
      await screen.findByRole('listitem', { name: 'A message from Seller Person' }),
    );
    expect(card.getByText('Message')).toBeInTheDocument();
    expect(card.getByText('Your reading is recorded in the audit log.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/messages'))).toBe(false);

    await userEvent.setup().click(card.getByRole('button', { name: 'Read the conversation' }));
    const section = within(await card.findByRole('region', { name: 'The conversation' }));
    const items = section.getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('Reported') !== null)).toEqual([
      false,
      true,
      false,
    ]);
    expect(items[1]).toHaveTextContent('Seller Person');
    expect(items[1]).toHaveTextContent('Pay first or go away');
    expect(items[0]).toHaveTextContent('Buyer Person');
    expect(section.getByText('Your reading is recorded in the audit log.')).toBeInTheDocument();
    expect(writes(calls).map((c) => c.url)).toEqual(['/api/reports/message-conv-1-2/view']);
    expect(calls.find((c) => c.url.includes('/messages'))?.headers.get('X-Min-Position')).toBe(
      '80',
    );
  });

  it('is in the admin menu and has no serious or critical violations', async () => {
    stubApi({
      ...me(admin),
      'GET /api/reports': reportsOf({ open: () => [carGroup()], resolved: () => [] }),
    });
    const view = renderApp('/user/reports', { as: admin });
    await screen.findByRole('listitem', { name: 'Toyota Corolla' });
    const nav = within(screen.getByRole('complementary')).getByRole('navigation', {
      name: 'Dashboard',
    });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/user/reports',
    );
    const violations = (
      await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } })
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);
  });
});
