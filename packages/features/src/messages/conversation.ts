import { createHash } from 'node:crypto';
import type { DomainEvent } from '../registry/events.ts';

/**
 * The id of the one conversation a buyer has about a car: the same car and buyer always name
 * the same stream, so opening it again continues it.
 */
export const conversationIdOf = (carId: string, buyerId: string): string =>
  createHash('sha256').update(`${carId}\n${buyerId}`, 'utf8').digest('hex').slice(0, 32);

/**
 * A message's id: its conversation's and its place in it, so the id alone leads to the stream
 * that holds the message (a report of it is decided there).
 */
export const messageIdOf = (conversationId: string, seq: number): string =>
  `${conversationId}-${seq}`;

/** The conversation and place a message id names; undefined when it names none. */
export const messageRefOf = (
  messageId: string,
): { conversationId: string; seq: number } | undefined => {
  const match = /^([0-9a-f]{32})-([1-9][0-9]{0,8})$/.exec(messageId);
  if (!match?.[1] || !match[2]) return undefined;
  return { conversationId: match[1], seq: Number(match[2]) };
};

/** A conversation, from stream `conversation-<id>`. */
export type ConversationState =
  | { status: 'none' }
  | {
      status: 'open';
      conversationId: string;
      carId: string;
      buyerId: string;
      sellerId: string;
      /** How many messages it holds: the last one's `seq`. */
      messages: number;
      /** Up to which `seq` each party has read, by user id; a party reads what they send. */
      readUpTo: Readonly<Record<string, number>>;
      /**
       * Who wrote each message, one letter per `seq` from 1: `b` the buyer, `s` the seller. A
       * string grows in place where a list would be copied at every message.
       */
      authors: string;
    };

export type OpenConversation = Extract<ConversationState, { status: 'open' }>;

export const initialConversationState = (): ConversationState => ({ status: 'none' });

export const evolveConversation = (
  state: ConversationState,
  event: DomainEvent,
): ConversationState => {
  if (event.type === 'ConversationStarted') {
    const { conversationId, carId, buyerId, sellerId } = event.data;
    return {
      status: 'open',
      conversationId,
      carId,
      buyerId,
      sellerId,
      messages: 0,
      readUpTo: { [buyerId]: 0, [sellerId]: 0 },
      authors: '',
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'MessageSent': {
      const { seq, senderId } = event.data;
      return {
        ...state,
        messages: seq,
        readUpTo: { ...state.readUpTo, [senderId]: seq },
        authors: state.authors + (senderId === state.buyerId ? 'b' : 's'),
      };
    }
    case 'ConversationRead': {
      const { readerId, upTo } = event.data;
      if (upTo <= (state.readUpTo[readerId] ?? 0)) return state;
      return { ...state, readUpTo: { ...state.readUpTo, [readerId]: upTo } };
    }
    default:
      return state;
  }
};

/** The party of `conversation` who is not `userId`. */
export const otherPartyOf = (conversation: OpenConversation, userId: string): string =>
  userId === conversation.buyerId ? conversation.sellerId : conversation.buyerId;

/** Who wrote the message at `seq`; undefined when there is none there. */
export const authorOf = (conversation: OpenConversation, seq: number): string | undefined => {
  const letter = conversation.authors[seq - 1];
  if (letter === undefined) return undefined;
  return letter === 'b' ? conversation.buyerId : conversation.sellerId;
};

/** Whom a user refuses messages from, from stream `blocks-<uid>`. */
export type BlocksState = { blocked: ReadonlySet<string> };

export const initialBlocksState = (): BlocksState => ({ blocked: new Set() });

export const evolveBlocks = (state: BlocksState, event: DomainEvent): BlocksState => {
  switch (event.type) {
    case 'UserBlocked':
      return { blocked: new Set([...state.blocked, event.data.blockedId]) };
    case 'UserUnblocked':
      return {
        blocked: new Set([...state.blocked].filter((id) => id !== event.data.blockedId)),
      };
    default:
      return state;
  }
};
