import { z } from 'zod';
import { id } from '../platform/event-fields.ts';
import { ERASED_NAME, type PersonalValues, personalField } from '../platform/personal-data.ts';
import { TEXT_MAX } from '../platform/rules.ts';

// ---- conversations: stream `conversation-<id>`, one per car and buyer (`conversationIdOf`)

/** A buyer opens a conversation with the seller of a car; its first message follows at once. */
export const ConversationStarted = z.object({
  conversationId: id,
  carId: id,
  carName: z.string(),
  sellerId: id,
  sellerName: z.string(),
  buyerId: id,
  buyerName: z.string(),
});
/**
 * A party sends a message: `seq` numbers the conversation's messages from 1; `recipientUnread`
 * is how many of them the other party has not read with this one (1: the first since they
 * last read, which is when they are notified).
 */
export const MessageSent = z.object({
  conversationId: id,
  messageId: id,
  carId: id,
  senderId: id,
  recipientId: id,
  seq: z.number().int().positive(),
  text: z.string().max(TEXT_MAX.message),
  recipientUnread: z.number().int().positive(),
});
/** A party has read the conversation's messages up to `upTo` (a `seq`, inclusive). */
export const ConversationRead = z.object({
  conversationId: id,
  readerId: id,
  upTo: z.number().int().nonnegative(),
});

// ---- blocks: stream `blocks-<uid>`, whom one user refuses messages from

/** A user refuses every message from another, in every conversation, until they unblock them. */
export const UserBlocked = z.object({ blockerId: id, blockedId: id });
export const UserUnblocked = z.object({ blockerId: id, blockedId: id });

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const messageEvents = {
  ConversationStarted,
  MessageSent,
  ConversationRead,
  UserBlocked,
  UserUnblocked,
} as const;

/** What a message says once its author is erased. */
export const ERASED_MESSAGE = '';

/** The personal values of this feature's events: the parties' names, and what each one wrote. */
export const messagePersonalValues: PersonalValues = {
  ConversationStarted: [
    personalField('sellerName', 'sellerId', ERASED_NAME),
    personalField('buyerName', 'buyerId', ERASED_NAME),
  ],
  MessageSent: [personalField('text', 'senderId', ERASED_MESSAGE)],
};
