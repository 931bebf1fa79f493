import type { ReadModelDatabase } from '@second-gear/read-model';
import { type ExpressionBuilder, sql } from 'kysely';
import { iso, type ReadContext } from '../platform/reads/context.ts';
import type { ConversationClosure, ConversationRecord, MessageRecord } from './contract.ts';

type InboxRows = ExpressionBuilder<ReadModelDatabase & { i: ReadModelDatabase['inbox'] }, 'i'>;

/** Whether a block stands from `blocker` to `blocked`, each the viewer or the other party. */
const blocked = (
  eb: InboxRows,
  blocker: 'i.user_id' | 'i.other_id',
  blocked: 'i.user_id' | 'i.other_id',
) =>
  eb.exists(
    eb
      .selectFrom('user_blocks as k')
      .select('k.position')
      .whereRef('k.blocker_id', '=', blocker)
      .whereRef('k.blocked_id', '=', blocked),
  );

/**
 * The viewer's conversations, from their inbox, each with its car and the other party as they
 * are now, and whether either party blocked the other.
 */
export const conversationsOf = (ctx: ReadContext, uid: string) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom('inbox as i')
    .innerJoin('conversations as v', 'v.id', 'i.conversation_id')
    .innerJoin('cars as c', 'c.id', 'v.car_id')
    .innerJoin('users as o', 'o.id', 'i.other_id')
    .where('i.user_id', '=', uid)
    .select([
      'v.id',
      'v.car_id',
      'v.started_at',
      'v.messages',
      'v.last_text',
      'v.last_sender_id',
      'v.last_at',
      'i.role',
      'i.unread',
      'i.other_id',
      'c.name as car_name',
      'c.image as car_image',
      'c.price as car_price',
      'c.sold_at as car_sold_at',
      'c.booked as car_booked',
      'c.deleted_at as car_deleted_at',
      'o.name as other_name',
      'o.deleted_at as other_deleted_at',
      (eb) => blocked(eb, 'i.user_id', 'i.other_id').as('blocked_by_me'),
      (eb) => blocked(eb, 'i.other_id', 'i.user_id').as('blocked_me'),
    ]);

type ConversationRow = Awaited<
  ReturnType<ReturnType<typeof conversationsOf>['executeTakeFirstOrThrow']>
>;

/** Why nobody can write any more, the most lasting reason first. */
const closureOf = (row: ConversationRow, otherDeleted: boolean): ConversationClosure | null => {
  if (otherDeleted) return 'account-deleted';
  if (row.car_deleted_at !== null) return 'car-deleted';
  if (row.blocked_by_me) return 'blocked-by-you';
  if (row.blocked_me) return 'blocked-you';
  return null;
};

/** A conversation as `uid`, one of its parties, sees it. */
export const toConversation = (row: ConversationRow, uid: string): ConversationRecord => {
  const other = { _id: row.other_id, name: row.other_name, deleted: row.other_deleted_at !== null };
  return {
    _id: row.id,
    role: row.role,
    product: {
      _id: row.car_id,
      name: row.car_name,
      image: row.car_image,
      price: Number(row.car_price),
      sold: row.car_sold_at !== null,
      booked: Number(row.car_booked) > 0,
      deleted: row.car_deleted_at !== null,
    },
    with: other,
    last_message: {
      text: row.last_text,
      at: iso(row.last_at),
      mine: row.last_sender_id === uid,
    },
    messages: row.messages,
    unread: row.unread,
    closed: closureOf(row, other.deleted),
    blocked_by_you: Boolean(row.blocked_by_me),
    started_at: iso(row.started_at),
  };
};

type Notifications = ExpressionBuilder<
  ReadModelDatabase & { n: ReadModelDatabase['notifications'] },
  'n'
>;

/**
 * Whether notification `n` told of a message in a conversation its member has read since (no
 * message of it unread in their inbox): it counts as read, as the conversation does.
 */
export const readInConversation = (eb: Notifications) =>
  eb.and([
    eb('n.kind', '=', 'message-received'),
    eb.exists(
      eb
        .selectFrom('inbox as i')
        .select('i.position')
        .whereRef('i.user_id', '=', 'n.user_id')
        .where('i.conversation_id', '=', sql<string>`n.details ->> 'conversationId'`)
        .where('i.unread', '=', 0),
    ),
  ]);

/** How many messages of all `uid`'s conversations they have not read. */
export const unreadMessagesOf = async (ctx: ReadContext, uid: string): Promise<number> => {
  const row = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('inbox')
    .select(sql<number>`coalesce(sum(unread), 0)::int`.as('unread'))
    .where('user_id', '=', uid)
    .executeTakeFirstOrThrow();
  return row.unread;
};

type MessageRow = {
  id: string;
  seq: number;
  sender_id: string;
  text: string;
  sent_at: Date | string;
};

/** A message as `uid`, a party, sees it. */
export const toMessage = (row: MessageRow, uid: string): MessageRecord => ({
  _id: row.id,
  seq: row.seq,
  mine: row.sender_id === uid,
  text: row.text,
  removed: row.text === '',
  at: iso(row.sent_at),
});

/**
 * A page of a conversation's messages as `uid` sees them, newest last: the `limit` latest, or
 * the `limit` before `before` (a `seq`); `earlier` says older ones remain. Read by the key
 * `(conversation_id, seq)`, so a page costs the same in a conversation of any length.
 */
export const messagePage = async (
  ctx: ReadContext,
  conversationId: string,
  uid: string,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<{ messages: MessageRecord[]; earlier: boolean }> => {
  const rows = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('conversation_messages')
    .select(['id', 'seq', 'sender_id', 'text', 'sent_at'])
    .where('conversation_id', '=', conversationId)
    .$if(before !== undefined, (q) => q.where('seq', '<', before ?? 0))
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return {
    messages: rows
      .slice(0, limit)
      .toReversed()
      .map((row) => toMessage(row, uid)),
    earlier: rows.length > limit,
  };
};

/** The messages for `uid` after `after` (a position), oldest first: what the live stream sends. */
export const messagesAfter = (ctx: ReadContext, uid: string, after: bigint, limit: number) =>
  ctx.db
    .withSchema(ctx.schema)
    .selectFrom('conversation_messages')
    .select(['conversation_id', 'id', 'seq', 'sender_id', 'text', 'sent_at', 'position'])
    .where('recipient_id', '=', uid)
    .where('position', '>', after.toString())
    .orderBy('position', 'asc')
    .limit(limit)
    .execute();

/** The position of the newest message `uid` has received, 0 when none. */
export const lastMessagePosition = async (ctx: ReadContext, uid: string): Promise<bigint> => {
  const row = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('recipient_id', '=', uid)
    .executeTakeFirst();
  return BigInt(row?.last ?? 0);
};
