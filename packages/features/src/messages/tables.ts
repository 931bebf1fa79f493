import type { ColumnType, Generated } from 'kysely';

// The conversations' read tables, as Kysely sees them (the read model's database type includes
// them); migration 0019 creates them.

type Position = ColumnType<string | number | bigint, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per conversation: its parties, its count of messages and its last message. */
export interface ConversationsTable {
  id: string;
  car_id: string;
  buyer_id: string;
  seller_id: string;
  started_at: Timestamp;
  /** How many messages it holds: the last one's `seq`. */
  messages: Generated<number>;
  last_text: Generated<string>;
  last_sender_id: Generated<string>;
  last_at: Timestamp;
  /** When the seller first wrote in it: the seller's profile counts answers and their times. */
  first_answer_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The position of its last message: the inbox's order. */
  position: Position;
  /** The position of the last event applied to the row (re-application is a no-op). */
  version: Position;
}

/**
 * Each party's view of each of their conversations, in the order of its last message: what the
 * inbox reads by `(user_id, position)`, one range of one index for any number of conversations.
 */
export interface InboxTable {
  user_id: string;
  conversation_id: string;
  /** The other party. */
  other_id: string;
  role: 'buyer' | 'seller';
  /** The other party's messages this one has not read. */
  unread: Generated<number>;
  /** The position of the conversation's last message. */
  position: Position;
  version: Position;
}

/** The messages, in their conversation's order (`seq`). */
export interface ConversationMessagesTable {
  conversation_id: string;
  seq: number;
  id: string;
  sender_id: string;
  recipient_id: string;
  /** Empty once its author's account is deleted. */
  text: string;
  sent_at: Timestamp;
  position: Position;
}

/** Whom each user refuses messages from. */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  position: Position;
}

export interface MessageTables {
  conversations: ConversationsTable;
  inbox: InboxTable;
  conversation_messages: ConversationMessagesTable;
  user_blocks: UserBlocksTable;
}
