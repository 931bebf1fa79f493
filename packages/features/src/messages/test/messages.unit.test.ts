import { describe, expect, it } from 'vitest';
import {
  actor,
  carDeleted,
  carListed,
  categoryCreated,
  people,
  registered,
  suv,
  userDeleted,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import { type Command, type DomainEvent, streams, TEXT_MAX } from '../../index.ts';
import { conversationIdOf, messageIdOf } from '../conversation.ts';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
const conversationId = conversationIdOf('car-1', 'bob');
const onConversation = (...events: DomainEvent[]) =>
  on(streams.conversation(conversationId), ...events);

const start = (text = 'Is the price firm?', by = actor('bob'), carId = 'car-1'): Command => ({
  type: 'StartConversation',
  actor: by,
  data: { carId, text },
});
const send = (by: ReturnType<typeof actor>, text: string): Command => ({
  type: 'SendMessage',
  actor: by,
  data: { conversationId, text },
});

const started: DomainEvent = {
  type: 'ConversationStarted',
  data: {
    conversationId,
    carId: 'car-1',
    carName: 'Car car-1',
    sellerId: 'sam',
    sellerName: people.sam,
    buyerId: 'bob',
    buyerName: people.bob,
  },
};
const message = (
  seq: number,
  from: 'bob' | 'sam',
  text: string,
  recipientUnread: number,
): DomainEvent => ({
  type: 'MessageSent',
  data: {
    conversationId,
    messageId: messageIdOf(conversationId, seq),
    carId: 'car-1',
    senderId: from,
    recipientId: from === 'bob' ? 'sam' : 'bob',
    seq,
    text,
    recipientUnread,
  },
});
const opened = [started, message(1, 'bob', 'Is the price firm?', 1)];
const blocked = (blockerId: string, blockedId: string): DomainEvent => ({
  type: 'UserBlocked',
  data: { blockerId, blockedId },
});

describe('StartConversation', () => {
  it('opens the one conversation of a car and a buyer with its first message, trimmed', async () => {
    await given(market)
      .when(start('  Is the price firm?  '))
      .then(onConversation(...opened));
  });

  it('goes on with the same conversation when the buyer writes about the car again', async () => {
    await given(market, opened)
      .when(start('Has the timing belt been done?', actor('bob')))
      .then(onConversation(message(2, 'bob', 'Has the timing belt been done?', 2)));
  });

  it('refuses the seller of the car, a car that does not exist, and a deleted one', async () => {
    await given(market)
      .when(start('Hi', actor('sam', 'Seller')))
      .thenThrows('forbidden', 'own-conversation');
    await given(market)
      .when(start('Hi', actor('bob'), 'car-9'))
      .thenThrows('not_found', 'car-not-found');
    await given(market, carDeleted('car-1', 'sam'))
      .when(start())
      .thenThrows('not_found', 'car-deleted');
  });

  it('takes no new conversation about a sold car, but one already open goes on', async () => {
    const sold: DomainEvent = {
      type: 'CarSold',
      data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId },
    };
    await given(market, sold).when(start()).thenThrows('conflict', 'car-sold');
    await given(market, opened, sold)
      .when(start('Still there?', actor('bob')))
      .then(onConversation(message(2, 'bob', 'Still there?', 2)));
  });

  it('refuses a blank message and one longer than the bound', async () => {
    await given(market).when(start('   ')).thenThrows('invalid', 'field-required');
    await given(market)
      .when(start('x'.repeat(TEXT_MAX.message + 1)))
      .thenThrows('invalid', 'field-out-of-range');
    await given(market)
      .when(start('x'.repeat(TEXT_MAX.message)))
      .then(onConversation(started, message(1, 'bob', 'x'.repeat(TEXT_MAX.message), 1)));
  });

  it('refuses a buyer the seller blocked, in every conversation with them', async () => {
    await given(market, blocked('sam', 'bob'))
      .when(start())
      .thenThrows('forbidden', 'conversation-blocked', /does not accept your messages/);
  });
});

describe('SendMessage', () => {
  it("lets either party write; the recipient's unread count grows until they read", async () => {
    await given(market, opened)
      .when(send(actor('sam', 'Seller'), 'Yes, firm.'))
      .then(onConversation(message(2, 'sam', 'Yes, firm.', 1)));
    await given(market, opened, message(2, 'bob', 'Hello?', 2))
      .when(send(actor('bob'), 'Anyone?'))
      .then(onConversation(message(3, 'bob', 'Anyone?', 3)));
    const read: DomainEvent = {
      type: 'ConversationRead',
      data: { conversationId, readerId: 'sam', upTo: 2 },
    };
    await given(market, opened, message(2, 'bob', 'Hello?', 2), read)
      .when(send(actor('bob'), 'Anyone?'))
      .then(onConversation(message(3, 'bob', 'Anyone?', 1)));
  });

  it('is a conversation that does not exist to anyone but its parties', async () => {
    for (const someone of [actor('sue', 'Seller'), actor('ada', 'Admin')]) {
      await given(market, opened)
        .when(send(someone, 'Hi'))
        .thenThrows('not_found', 'conversation-not-found');
    }
    await given(market)
      .when(send(actor('bob'), 'Hi'))
      .thenThrows('not_found', 'conversation-not-found');
  });

  it('ends when the other party deletes their account or the car is deleted', async () => {
    await given(market, opened, userDeleted('bob'))
      .when(send(actor('sam', 'Seller'), 'Hello?'))
      .thenThrows('conflict', 'conversation-ended', /deleted their account/);
    await given(market, opened, carDeleted('car-1', 'sam'))
      .when(send(actor('bob'), 'Hello?'))
      .thenThrows('conflict', 'conversation-ended', /car was deleted/);
  });

  it('refuses both ways once a party blocked the other, until they unblock', async () => {
    const blocks = blocked('sam', 'bob');
    await given(market, opened, blocks)
      .when(send(actor('bob'), 'Hello?'))
      .thenThrows('forbidden', 'conversation-blocked');
    await given(market, opened, blocks)
      .when(send(actor('sam', 'Seller'), 'Hello?'))
      .thenThrows('forbidden', 'conversation-blocked', /unblock them/);
    const unblocked: DomainEvent = {
      type: 'UserUnblocked',
      data: { blockerId: 'sam', blockedId: 'bob' },
    };
    await given(market, opened, blocks, unblocked)
      .when(send(actor('bob'), 'Hello?'))
      .then(onConversation(message(2, 'bob', 'Hello?', 2)));
  });
});

describe('ReadConversation, BlockParty and UnblockParty', () => {
  const read = (by: ReturnType<typeof actor>, upTo?: number): Command => ({
    type: 'ReadConversation',
    actor: by,
    data: { conversationId, upTo },
  });

  it('marks read up to a message, never beyond the last; again is no change', async () => {
    const two = [...opened, message(2, 'bob', 'Hello?', 2)];
    await given(market, two)
      .when(read(actor('sam', 'Seller'), 1))
      .then(
        onConversation({
          type: 'ConversationRead',
          data: { conversationId, readerId: 'sam', upTo: 1 },
        }),
      );
    await given(market, two)
      .when(read(actor('sam', 'Seller'), 99))
      .then(
        onConversation({
          type: 'ConversationRead',
          data: { conversationId, readerId: 'sam', upTo: 2 },
        }),
      );
    await given(market, two)
      .when(read(actor('bob')))
      .thenNothing();
    await given(market, two)
      .when(read(actor('sue', 'Seller')))
      .thenThrows('not_found', 'conversation-not-found');
  });

  it("blocks the other party on the blocker's own stream, once", async () => {
    const block = (by: ReturnType<typeof actor>): Command => ({
      type: 'BlockParty',
      actor: by,
      data: { conversationId },
    });
    await given(market, opened)
      .when(block(actor('sam', 'Seller')))
      .then(on(streams.blocks('sam'), blocked('sam', 'bob')));
    await given(market, opened, blocked('sam', 'bob'))
      .when(block(actor('sam', 'Seller')))
      .thenNothing();
    await given(market, opened)
      .when({ type: 'UnblockParty', actor: actor('sam', 'Seller'), data: { conversationId } })
      .thenNothing();
  });

  it('names one conversation per car and buyer, whatever else is in the ids', () => {
    expect(conversationIdOf('car-1', 'bob')).toBe(conversationId);
    expect(conversationIdOf('car-1', 'bo')).not.toBe(conversationIdOf('car-1b', 'o'));
    expect(conversationId).toMatch(/^[0-9a-f]{32}$/);
  });
});
