import { sql } from 'kysely';
import type { ProjectedEvent, Projection, ReadTables } from '../platform/projection.ts';
import { ERASED_MESSAGE } from './events.ts';

type EventOfType<T extends ProjectedEvent['type']> = Extract<ProjectedEvent, { type: T }>;

const started = (tables: ReadTables, event: EventOfType<'ConversationStarted'>) =>
  tables
    .insertInto('conversations')
    .values({
      id: event.data.conversationId,
      car_id: event.data.carId,
      buyer_id: event.data.buyerId,
      seller_id: event.data.sellerId,
      started_at: event.metadata.occurredAt,
      last_at: event.metadata.occurredAt,
      position: event.position,
      version: event.position,
    })
    .onConflict((c) => c.doNothing())
    .execute();

/** The message's row, and its conversation's last message, count and its sender's reading. */
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
      position: event.position,
      buyer_read: sql`case when buyer_id = ${m.senderId} then ${m.seq}::int else buyer_read end`,
      seller_read: sql`case when seller_id = ${m.senderId} then ${m.seq}::int else seller_read end`,
      version: event.position,
    })
    .where('id', '=', m.conversationId)
    .where('version', '<', event.position)
    .execute();
};

const read = (tables: ReadTables, event: EventOfType<'ConversationRead'>) => {
  const { conversationId, readerId, upTo } = event.data;
  return tables
    .updateTable('conversations')
    .set({
      buyer_read: sql`case when buyer_id = ${readerId} then greatest(buyer_read, ${upTo}::int) else buyer_read end`,
      seller_read: sql`case when seller_id = ${readerId} then greatest(seller_read, ${upTo}::int) else seller_read end`,
      version: event.position,
    })
    .where('id', '=', conversationId)
    .where('version', '<', event.position)
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
 * conversations, conversation_messages and user_blocks: what buyers and sellers wrote to each
 * other, how far each has read, and whom each refuses. Parties' names, the car's picture and
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
