// The conversations' HTTP contract: the bodies of the calls that write (`carId`, `text`, `upTo`),
// and a conversation and its messages as the reads answer them, a car under `product` with its
// `_id` as every car of the API is.

import { z } from 'zod';
import {
  entityId,
  IdParams,
  InsertAnswer,
  idPattern,
  PageQuery,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { TEXT_MAX } from '../platform/rules.ts';

/** A message as typed: trimmed, 1 to `TEXT_MAX.message` characters; shown as text, never HTML. */
const messageText = requiredText(TEXT_MAX.message).describe(
  `The message, ${TEXT_MAX.message} characters at most (trimmed); shown as plain text`,
);

/** POST /api/conversations: the first message about a car (or the next, once it is open). */
export const StartConversationBody = z.strictObject({
  carId: requiredText(128).regex(idPattern, 'Must be an id').describe('The car id'),
  text: messageText,
});
export type StartConversationBody = z.input<typeof StartConversationBody>;

/** POST /api/conversations/:id/messages */
export const SendMessageBody = z.strictObject({ text: messageText });
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** POST /api/conversations/:id/read */
export const ReadConversationBody = z.strictObject({
  upTo: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("The last message read (a message's `seq`); every message when absent"),
});
export type ReadConversationBody = z.input<typeof ReadConversationBody>;

/** The write calls on conversations, by operation id (see `writeCalls`). */
export const messageWriteCalls = {
  startConversation: {
    method: 'POST',
    path: '/api/conversations',
    body: StartConversationBody,
    answer: InsertAnswer,
    auth: 'user',
    summary:
      "Write to a car's seller (not your own car): opens your conversation about it, or goes on with it",
  },
  sendMessage: {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: IdParams,
    body: SendMessageBody,
    answer: InsertAnswer,
    auth: 'conversation-party',
    summary: 'Send a message in a conversation',
  },
  readConversation: {
    method: 'POST',
    path: '/api/conversations/:id/read',
    params: IdParams,
    body: ReadConversationBody,
    answer: UpdateAnswer,
    auth: 'conversation-party',
    summary: "Mark a conversation's messages read, up to one of them",
  },
  blockParty: {
    method: 'POST',
    path: '/api/conversations/:id/block',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'conversation-party',
    summary: 'Refuse every message from the other party of a conversation, in every conversation',
  },
  unblockParty: {
    method: 'POST',
    path: '/api/conversations/:id/unblock',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'conversation-party',
    summary: 'Accept messages from the other party of a conversation again',
  },
} as const;

/** How many messages a sender may send in a minute, and how many conversations open in an hour. */
export const SENDING_LIMITS = {
  messages: { max: 30, windowMs: 60_000 },
  conversations: { max: 10, windowMs: 3_600_000 },
} as const;

/** Why nobody can write in a conversation any more, or null while they can. */
export const conversationClosures = [
  'blocked-by-you',
  'blocked-you',
  'account-deleted',
  'car-deleted',
] as const;
export type ConversationClosure = (typeof conversationClosures)[number];

/** A conversation as its parties see it in their inbox. */
export const ConversationRecord = z.object({
  _id: z.string(),
  role: z.enum(['buyer', 'seller']).describe("The caller's part in it"),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    image: z.string(),
    price: z.number(),
    sold: z.boolean(),
    booked: z.boolean(),
    deleted: z.boolean(),
  }),
  with: z.object({
    _id: z.string(),
    name: z.string(),
    deleted: z.boolean().describe('The other party deleted their account'),
  }),
  last_message: z.object({
    text: z.string().describe('Empty when its author deleted their account'),
    at: z.string().describe('ISO-8601'),
    mine: z.boolean(),
  }),
  messages: z.number().int(),
  unread: z.number().int().describe('Messages from the other party the caller has not read'),
  closed: z
    .enum(conversationClosures)
    .nullable()
    .describe('Why no message can be sent any more; null while one can'),
  blocked_by_you: z
    .boolean()
    .describe('The caller blocked the other party (whatever else closed it)'),
  started_at: z.string().describe('ISO-8601'),
});
export type ConversationRecord = z.infer<typeof ConversationRecord>;

export const MessageRecord = z.object({
  _id: z.string(),
  seq: z.number().int().describe('Its place in the conversation, from 1: mark read up to it'),
  mine: z.boolean(),
  text: z.string().describe('Plain text; empty once its author deleted their account'),
  removed: z.boolean().describe('Its author deleted their account'),
  at: z.string().describe('ISO-8601'),
});
export type MessageRecord = z.infer<typeof MessageRecord>;

/** GET /api/conversations/:id: the conversation and a page of its messages, oldest first. */
export const ConversationAnswer = z.object({
  conversation: ConversationRecord,
  messages: z.array(MessageRecord),
  earlier: z.boolean().describe('Older messages come before these: ask again with `before`'),
});
export type ConversationAnswer = z.infer<typeof ConversationAnswer>;

export const ConversationsQuery = PageQuery.extend({
  carId: entityId.optional().describe("Only the caller's conversation about this car"),
});

export const ConversationQuery = z.object({
  before: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('Only the messages before this `seq` (older ones)'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/conversations/counts: how many conversations each of the caller's cars has. */
export const ConversationCounts = z.record(z.string(), z.number().int());

/** Header of `GET /api/conversations`: how many messages of all the caller's conversations are unread. */
export const UNREAD_MESSAGES_HEADER = 'X-Unread-Messages';

/** A message as the live stream (`GET /api/notifications/stream`) brings it to its recipient. */
export const LiveMessage = z.object({
  type: z.literal('message'),
  conversationId: z.string(),
  message: MessageRecord,
  unreadMessages: z.number().int(),
});
