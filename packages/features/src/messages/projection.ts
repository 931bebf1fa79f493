import { sql } from 'kysely';
import type { ProjectedEvent, Projection, ReadTables } from '../platform/projection.ts';
import { ERASED_MESSAGE } from './events.ts';

type EventOfType<T extends ProjectedEvent['type']> = Extract<ProjectedEvent, { type: T }>;

/** The conversation's row, and a row in each party's inbox. */
const started = async (tables: ReadTables, event: EventOfType<'ConversationStarted'>) => {
  const { conversationId, carId, buyerId, sellerId } = event.data;
  const { position } = event;
  await tables
    .insertInto('conversations')
    .values({
      id: conversationId,
      car_id: carId,
      buyer_id: buyerId,
      seller_id: sellerId,
      started_at: event.metadata.occurredAt,
      last_at: event.metadata.occurredAt,
      position,
      version: position,
    })
    .onConflict((c) => c.doNothing())
    .execute();
  const party = { conversation_id: conversationId, position, version: position };
  await tables
    .insertInto('inbox')
    .values([
      { ...party, user_id: buyerId, other_id: sellerId, role: 'buyer' },
      { ...party, user_id: sellerId, other_id: buyerId, role: 'seller' },
    ])
    .onConflict((c) => c.doNothing())
    .execute();
};

/**
 * The message's row; its conversation's count and last message; in both inboxes, the
 * conversation comes first, and the recipient has `recipientUnread` unread (the sender none).
 */
const sent = async (tables: ReadTables, event: EventOfType<'MessageSent'>) => {
  const m = event.data;
  await tables
    .insertInto('conversation_messages')
    .values({
      conversation_id: m.conversationId,
      seq: m.seq,
      id: m.messageId,
      sender_id: m.senderId,
      recipient_id: m.recipientId,
      text: m.text,
      sent_at: event.metadata.occurredAt,
      position: event.position,
    })
    .onConflict((c) => c.doNothing())
    .execute();
  await tables
    .updateTable('conversations')
    .set({
      messages: m.seq,
      last_text: m.text,
      last_sender_id: m.senderId,
      last_at: event.metadata.occurredAt,
      // The seller's first message: when they first answered (a buyer always writes first).
      first_answer_at: sql`coalesce(first_answer_at, case when seller_id = ${m.senderId} then ${event.metadata.occurredAt}::timestamptz end)`,
      position: event.position,
      version: event.position,
    })
    .where('id', '=', m.conversationId)
    .where('version', '<', event.position)
    .execute();
  await tables
    .updateTable('inbox')
    .set({
      position: event.position,
      unread: sql`case when user_id = ${m.recipientId} then ${m.recipientUnread}::int else 0 end`,
      version: event.position,
    })
    .where('conversation_id', '=', m.conversationId)
    .where('version', '<', event.position)
    .execute();
};

/** What the reader has not read is what came after `upTo` (never more than it was). */
const read = (tables: ReadTables, event: EventOfType<'ConversationRead'>) => {
  const { conversationId, readerId, upTo } = event.data;
  return tables
    .updateTable('inbox as i')
    .from('conversations as v')
    .set({
      unread: sql`least(i.unread, greatest(0, v.messages - ${upTo}::int))`,
      version: event.position,
    })
    .whereRef('v.id', '=', 'i.conversation_id')
    .where('i.conversation_id', '=', conversationId)
    .where('i.user_id', '=', readerId)
    .where('i.version', '<', event.position)
    .execute();
};

/** What a deleted user wrote leaves every conversation; whom they blocked no longer matters. */
const eraseAuthor = async (tables: ReadTables, userId: string) => {
  await tables
    .updateTable('conversation_messages')
    .set({ text: ERASED_MESSAGE })
    .where('sender_id', '=', userId)
    .execute();
  await tables
    .updateTable('conversations')
    .set({ last_text: ERASED_MESSAGE })
    .where('last_sender_id', '=', userId)
    .execute();
  await tables.deleteFrom('user_blocks').where('blocker_id', '=', userId).execute();
};

/**
 * conversations, inbox, conversation_messages and user_blocks: what buyers and sellers wrote to
 * each other, how much each has not read, and whom each refuses. Parties' names, the car's picture and
 * state are joined when read, so they are never out of date here.
 */
export const messagesProjection: Projection = {
  name: 'messages',
  async apply(tables, event) {
    switch (event.type) {
      case 'ConversationStarted':
        await started(tables, event);
        return;
      case 'MessageSent':
        await sent(tables, event);
        return;
      case 'ConversationRead':
        await read(tables, event);
        return;
      case 'UserBlocked':
        await tables
          .insertInto('user_blocks')
          .values({
            blocker_id: event.data.blockerId,
            blocked_id: event.data.blockedId,
            position: event.position,
          })
          .onConflict((c) => c.doNothing())
          .execute();
        return;
      case 'UserUnblocked':
        await tables
          .deleteFrom('user_blocks')
          .where('blocker_id', '=', event.data.blockerId)
          .where('blocked_id', '=', event.data.blockedId)
          .where('position', '<', event.position.toString())
          .execute();
        return;
      case 'UserDeleted':
        await eraseAuthor(tables, event.data.userId);
        return;
      default:
        return;
    }
  },
};
