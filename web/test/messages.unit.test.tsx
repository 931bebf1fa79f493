// Conversations between a car's buyer and its seller: the inbox, a conversation, "Message
// seller" on a car's page, the counts on My Products and the live stream's messages. The network
// is stubbed at fetch (see harness.tsx); the stream's stub is a ReadableStream of server-sent
// events, a stand-in for the network only.

import type {
  CarRecord,
  ConversationAnswer,
  ConversationRecord,
  MessageRecord,
  NotificationStreamMessage,
} from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { json, problem, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const buyer = userRecord('Buyer');
const seller = userRecord('Seller');
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

const now = () => new Date().toISOString();

const conversation = (overrides: Partial<ConversationRecord> = {}): ConversationRecord => ({
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
  last_message: { text: 'Is it still for sale?', at: now(), mine: true },
  messages: 1,
  unread: 0,
  closed: null,
  blocked_by_you: false,
  started_at: now(),
  ...overrides,
});

const message = (seq: number, text: string, mine = false): MessageRecord => ({
  _id: `m-${seq}`,
  seq,
  mine,
  text,
  removed: false,
  at: now(),
});

/** `GET /api/conversations`: a page and its headers, the unread messages of all of them. */
const inbox = (items: ConversationRecord[], unread = 0) =>
  json(items, {
    headers: { 'X-Total-Count': String(items.length), 'X-Unread-Messages': String(unread) },
  });

const writes = (calls: StubbedCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

const inserted = (id: string) =>
  json({ acknowledged: true, insertedId: id, position: '40' }, { status: 201 });

/** A conversation answer that follows `state`, so a write shows in the next read. */
const answerOf = (state: { conversation: ConversationRecord; messages: MessageRecord[] }) => () =>
  json({ ...state, earlier: false } satisfies ConversationAnswer);

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
    send(event: NotificationStreamMessage, id?: string) {
      const text = `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
      controller?.enqueue(encoder.encode(text));
    },
    close: () => {
      try {
        controller?.close();
      } catch {
        // already closed
      }
    },
  };
}

describe('the inbox', () => {
  it('lists the conversations with the last line, "You: " before mine, and unread badges', async () => {
    stubApi({
      ...me(),
      'GET /api/conversations': inbox(
        [
          conversation({
            _id: 'conv-2',
            product: { ...conversation().product, _id: 'car-2', name: 'Honda Civic' },
            with: { _id: 'x', name: 'Other Seller', deleted: true },
            last_message: { text: 'Yes, come on Sunday\nBring cash', at: now(), mine: false },
            unread: 3,
          }),
          conversation(),
          conversation({
            _id: 'conv-3',
            last_message: { text: '', at: now(), mine: false },
          }),
        ],
        3,
      ),
    });
    renderApp('/user/messages', { as: buyer });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [civic, corolla, removed] = within(list).getAllByRole('link');

    expect(civic).toHaveAttribute('href', '/user/messages/conv-2');
    expect(within(civic!).getByText('Honda Civic')).toBeInTheDocument();
    expect(within(civic!).getByText('Other Seller (deleted account)')).toBeInTheDocument();
    expect(within(civic!).getByText('Yes, come on Sunday')).toBeInTheDocument();
    expect(within(civic!).queryByText(/Bring cash/)).not.toBeInTheDocument();
    expect(within(civic!).getByText('3')).toBeInTheDocument();
    expect(civic).toHaveTextContent('3 unread');

    expect(corolla).toHaveAttribute('href', '/user/messages/conv-1');
    expect(within(corolla!).getByText('You: Is it still for sale?')).toBeInTheDocument();
    expect(corolla).not.toHaveTextContent('unread');
    expect(within(removed!).getByText('Message removed')).toBeInTheDocument();
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
  });

  it('says how to start when there is none, and sits in the dashboard menu', async () => {
    stubApi({ ...me(), 'GET /api/conversations': inbox([]) });
    renderApp('/user/messages', { as: buyer });
    expect(
      await screen.findByText("No conversations yet. Message a seller from a car's page."),
    ).toBeInTheDocument();
    const nav = within(screen.getByRole('complementary')).getByRole('navigation', {
      name: 'Dashboard',
    });
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
  });
});

describe('a conversation', () => {
  it('shows messages as text, never as HTML, and marks them read up to the last one', async () => {
    let read = false;
    const state = {
      conversation: conversation({ messages: 3, unread: 2 }),
      messages: [
        message(1, 'Is it still for sale?', true),
        message(2, '<b>x</b> yes'),
        message(3, 'Line one\nLine two https://example.com'),
      ],
    };
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': () =>
        answerOf({ ...state, conversation: { ...state.conversation, unread: read ? 0 : 2 } })(),
      'POST /api/conversations/conv-1/read': () => {
        read = true;
        return json({ acknowledged: true, modifiedCount: 1, position: '41' });
      },
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('<b>x</b> yes')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    const lines = within(log).getByText(/Line one/);
    expect(lines.textContent).toBe('Line one\nLine two https://example.com');
    expect(within(log).queryByRole('link')).not.toBeInTheDocument();
    const [mine, theirs] = within(log).getAllByRole('listitem');
    expect(mine).toHaveAttribute('data-mine', 'true');
    expect(theirs).toHaveAttribute('data-mine', 'false');

    expect(screen.getByRole('heading', { name: 'Seller Person' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toyota Corolla' })).toHaveAttribute(
      'href',
      '/car/car-1',
    );
    await waitFor(() => expect(writes(calls)).toEqual(['POST /api/conversations/conv-1/read']));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ upTo: 3 });
    // The conversation is read again after the write, and not marked a second time.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith('/api/conversations/conv-1?'))
          .at(-1)
          ?.headers.get('X-Min-Position'),
      ).toBe('41'),
    );
    expect(writes(calls)).toHaveLength(1);
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the message sent', async () => {
    const state = {
      conversation: conversation(),
      messages: [message(1, 'Is it still for sale?', true)],
    };
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': answerOf(state),
      'POST /api/conversations/conv-1/messages': (call: StubbedCall) => {
        const { text } = call.body as { text: string };
        state.messages = [...state.messages, message(state.messages.length + 1, text, true)];
        return inserted(`m-${state.messages.length}`);
      },
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const user = userEvent.setup();
    await user.type(box, 'Can I see it{Shift>}{Enter}{/Shift}on Sunday?');
    expect(box).toHaveValue('Can I see it\non Sunday?');
    expect(screen.getByText('23 / 2000')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      text: 'Can I see it\non Sunday?',
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(/on Sunday\?/)).toBeInTheDocument();

    // An empty box sends nothing.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(writes(calls)).toEqual(['POST /api/conversations/conv-1/messages']);
  });

  it('explains a block and disables the writing box, and unblocks', async () => {
    let blocked = true;
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': () =>
        answerOf({
          conversation: conversation({
            closed: blocked ? 'blocked-by-you' : null,
            blocked_by_you: blocked,
          }),
          messages: [message(1, 'Is it still for sale?', true)],
        })(),
      'POST /api/conversations/conv-1/unblock': () => {
        blocked = false;
        return json({ acknowledged: true, modifiedCount: 1, position: '42' });
      },
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/You blocked Seller Person\. Unblock to write again\./);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Block Seller Person' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(box).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Block Seller Person' })).toBeInTheDocument();
    expect(writes(calls)).toEqual(['POST /api/conversations/conv-1/unblock']);
  });

  it.each([
    ['blocked-you', 'Seller Person does not accept messages from you.'],
    ['account-deleted', 'Seller Person deleted their account: this conversation has ended.'],
    ['car-deleted', 'This car was removed: the conversation has ended.'],
  ] as const)('says why nobody can write once %s', async (closed, words) => {
    stubApi({
      ...me(),
      'GET /api/conversations/conv-1': answerOf({
        conversation: conversation({ closed }),
        messages: [message(1, 'Hello', true)],
      }),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(new RegExp(words.replace(/[.?]/g, '\\$&')));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('blocks the other party after asking', async () => {
    let blocked = false;
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': () =>
        answerOf({
          conversation: conversation({
            closed: blocked ? 'blocked-by-you' : null,
            blocked_by_you: blocked,
          }),
          messages: [message(1, 'Hello', true)],
        })(),
      'POST /api/conversations/conv-1/block': () => {
        blocked = true;
        return json({ acknowledged: true, modifiedCount: 1, position: '43' });
      },
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block Seller Person' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Seller Person?' });
    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Seller Person')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled());
    expect(writes(calls)).toEqual(['POST /api/conversations/conv-1/block']);
  });

  it('offers the buyer the booking form while the car is free', async () => {
    stubApi({
      ...me(),
      'GET /api/conversations/conv-1': answerOf({
        conversation: conversation(),
        messages: [message(1, 'Hello', true)],
      }),
      'GET /api/product/car-1': car(),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Book a meetup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Toyota Corolla' });
    expect(within(dialog).getByLabelText(/Meetup Location/)).toBeInTheDocument();
  });

  it.each([
    ['the seller', { role: 'seller' as const }],
    ['a sold car', { product: { ...conversation().product, sold: true } }],
    ['a booked car', { product: { ...conversation().product, booked: true } }],
  ])('offers no booking to %s', async (_, overrides) => {
    stubApi({
      ...me(),
      'GET /api/conversations/conv-1': answerOf({
        conversation: conversation(overrides),
        messages: [message(1, 'Hello')],
      }),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    await screen.findByRole('log', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: 'Book a meetup' })).not.toBeInTheDocument();
  });

  it('shows earlier messages on demand', async () => {
    const { calls } = stubApi({
      ...me(),
      'GET /api/conversations/conv-1': (call: StubbedCall) =>
        json({
          conversation: conversation({ messages: 3 }),
          ...(call.url.includes('before=3')
            ? { messages: [message(1, 'The first'), message(2, 'The second')], earlier: false }
            : { messages: [message(3, 'The latest', true)], earlier: true }),
        } satisfies ConversationAnswer),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('The first');
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('The first'),
      expect.stringContaining('The second'),
      expect.stringContaining('The latest'),
    ]);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('before=3'))).toBe(true);
  });

  it('is a friendly "not found" to anyone but its parties', async () => {
    stubApi({
      ...me(),
      'GET /api/conversations/conv-1': problem(404, 'Not Found', 'No such conversation.'),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    expect(
      await screen.findByRole('heading', { name: 'Conversation not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your messages' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
  });
});

describe('Message seller on a car page', () => {
  const carPage = { 'GET /api/product/car-1/price-history': [], 'GET /api/favourites/ids': [] };

  it('opens a conversation with the first message and goes to it', async () => {
    const { calls } = stubApi({
      ...me(),
      ...carPage,
      'GET /api/product/car-1': car(),
      'GET /api/conversations': inbox([]),
      'POST /api/conversations': inserted('conv-9'),
      'GET /api/conversations/conv-9': answerOf({
        conversation: conversation({ _id: 'conv-9' }),
        messages: [message(1, 'Is the price firm?', true)],
      }),
    });
    const { router } = renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Seller Person' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('maxLength', '2000');
    await user.type(box, 'Is the price firm?');
    expect(within(dialog).getByText('18 / 2000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/messages/conv-9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      carId: 'car-1',
      text: 'Is the price firm?',
    });
    expect(calls.some((c) => c.url.includes('carId=car-1'))).toBe(true);
  });

  it('shows a refused text under the box, and any other refusal there only', async () => {
    let answer = problem(400, 'Bad Request', 'The request is not valid.', [
      { field: 'text', message: 'Say something more' },
    ]);
    stubApi({
      ...me(),
      ...carPage,
      'GET /api/product/car-1': car(),
      'GET /api/conversations': inbox([]),
      'POST /api/conversations': () => answer,
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Seller Person' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Say something more')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    answer = problem(409, 'Conflict', 'This car is sold: it takes no new conversation.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    // Under the box, and nowhere else.
    const sold = 'This car is sold: it takes no new conversation.';
    expect(await within(dialog).findByText(sold)).toBeInTheDocument();
    expect(screen.getAllByText(sold)).toHaveLength(1);
  });

  it('takes a buyer who wrote already back to the conversation', async () => {
    stubApi({
      ...me(),
      ...carPage,
      'GET /api/product/car-1': car({ sold: 1 }),
      'GET /api/conversations': inbox([conversation({ _id: 'conv-4' })]),
    });
    renderApp('/car/car-1', { as: buyer });
    expect(await screen.findByRole('link', { name: 'Open conversation' })).toHaveAttribute(
      'href',
      '/user/messages/conv-4',
    );
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });

  it('is not offered on a sold car nobody wrote about', async () => {
    const { calls } = stubApi({
      ...me(),
      ...carPage,
      'GET /api/product/car-1': car({ sold: 1 }),
      'GET /api/conversations': inbox([]),
    });
    renderApp('/car/car-1', { as: buyer });
    expect(
      await screen.findByText('Sold: the seller takes no new messages about it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open conversation' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('carId=car-1'))).toBe(true);
  });

  it('is not offered to the seller on their own car', async () => {
    const { calls } = stubApi({
      ...me(seller),
      ...carPage,
      'GET /api/product/car-1': car(),
    });
    renderApp('/car/car-1', { as: seller });
    await screen.findByRole('heading', { name: 'Toyota Corolla' });
    await waitFor(() => expect(screen.getByRole('button', { name: /favourites/ })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('carId='))).toBe(false);
  });

  it('asks a visitor to sign in first', async () => {
    stubApi({ ...carPage, 'GET /api/product/car-1': car() });
    renderApp('/car/car-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Message seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Seller Person' });
    expect(within(dialog).getByText('Sign in to message the seller.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('My Products', () => {
  it('counts the conversations of each car, linking to the inbox', async () => {
    stubApi({
      ...me(seller),
      'GET /api/products': json([car(), car({ _id: 'car-2', name: 'Honda Civic' })], {
        headers: { 'X-Total-Count': '2' },
      }),
      'GET /api/categories': [],
      'GET /api/conversations/counts': { 'car-1': 2 },
    });
    renderApp('/user/products', { as: seller });
    const corolla = await screen.findByRole('link', {
      name: '2 conversations about Toyota Corolla',
    });
    expect(corolla).toHaveAttribute('href', '/user/messages');
    expect(corolla).toHaveTextContent('2');
    expect(
      screen.getByRole('link', { name: '0 conversations about Honda Civic' }),
    ).toBeInTheDocument();
  });
});

describe('live messages', () => {
  let stream: ReturnType<typeof eventStream> | undefined;
  afterEach(() => stream?.close());

  it('raise the badge of the messages link in the top bar', async () => {
    stream = eventStream();
    stubApi({
      ...me(),
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
      'GET /api/favourites/ids': [],
      'GET /api/notifications': () => json([], { headers: { 'X-Unread-Count': '0' } }),
      'GET /api/conversations': inbox([], 0),
      'GET /api/notifications/stream': () => stream!.response(),
    });
    renderApp('/', { as: buyer });
    const bar = screen.getByRole('banner');
    const link = await within(bar).findByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/user/messages');

    stream.send({ type: 'unread', unread: 0, messages: 2 });
    await within(bar).findByRole('link', { name: 'Messages, 2 unread' });
    stream.send(
      {
        type: 'message',
        conversationId: 'conv-1',
        message: message(4, 'Still there?'),
        unreadMessages: 3,
      },
      '50',
    );
    const raised = await within(bar).findByRole('link', { name: 'Messages, 3 unread' });
    expect(within(raised).getByText('3')).toBeInTheDocument();
    // The bell keeps its own count.
    expect(within(bar).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keep the count the stream sent over an older answer that arrives after it', async () => {
    stream = eventStream();
    let answer: (response: Response) => void = () => {};
    const { calls } = stubApi({
      ...me(),
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
      'GET /api/favourites/ids': [],
      'GET /api/notifications': () => json([], { headers: { 'X-Unread-Count': '0' } }),
      'GET /api/conversations': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/notifications/stream': () => stream!.response(),
    });
    const { queryClient } = renderApp('/', { as: buyer });
    const bar = screen.getByRole('banner');
    await waitFor(() => {
      const paths = calls.map((call) => call.url.split('?')[0]);
      expect(paths).toContain('/api/conversations');
      expect(paths).toContain('/api/notifications/stream');
    });
    stream.send({ type: 'unread', unread: 0, messages: 2 });
    await within(bar).findByRole('link', { name: 'Messages, 2 unread' });
    // The count fetched before the stream spoke arrives now: it is older, and is dropped.
    answer(inbox([], 0));
    const unread = { queryKey: ['conversations', 'unread'] };
    await waitFor(() => expect(queryClient.isFetching(unread)).toBe(0));
    expect(queryClient.getQueriesData<number>(unread).map(([, count]) => count)).toEqual([2]);
    expect(within(bar).getByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument();
  });

  it('show a message in the open conversation without a reload', async () => {
    stream = eventStream();
    const state = {
      conversation: conversation(),
      messages: [message(1, 'Is it still for sale?', true)],
    };
    stubApi({
      ...me(),
      'GET /api/notifications': () => json([], { headers: { 'X-Unread-Count': '0' } }),
      'GET /api/conversations': inbox([], 0),
      'GET /api/conversations/conv-1': answerOf(state),
      'GET /api/notifications/stream': () => stream!.response(),
      'POST /api/conversations/conv-1/read': json({
        acknowledged: true,
        modifiedCount: 1,
        position: '52',
      }),
    });
    renderApp('/user/messages/conv-1', { as: buyer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Is it still for sale?');

    const reply = message(2, 'Yes, it is.');
    state.messages = [...state.messages, reply];
    state.conversation = { ...state.conversation, messages: 2, unread: 1 };
    stream.send({ type: 'message', conversationId: 'conv-1', message: reply, unreadMessages: 1 });
    expect(await within(log).findByText('Yes, it is.')).toBeInTheDocument();
  });
});

describe('accessibility', () => {
  const seriousViolations = async (container: HTMLElement) =>
    (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  it('the inbox and a conversation have no serious or critical violations', async () => {
    stubApi({
      ...me(),
      'GET /api/conversations': inbox([conversation({ unread: 1 })], 1),
      'GET /api/conversations/conv-1': answerOf({
        conversation: conversation({ closed: 'blocked-by-you', blocked_by_you: true }),
        messages: [message(1, 'Is it still for sale?', true), message(2, 'Yes')],
      }),
    });
    const list = renderApp('/user/messages', { as: buyer });
    await screen.findByRole('link', { name: /Toyota Corolla/ });
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    expect(await seriousViolations(list.container)).toEqual([]);
    list.unmount();
    const one = renderApp('/user/messages/conv-1', { as: buyer });
    await screen.findByRole('log', { name: 'Messages' });
    expect(await seriousViolations(one.container)).toEqual([]);
  });
});
