import type { CarState } from '../cars/index.ts';
import { requireListedCar } from '../cars/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { TEXT_MAX } from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { requiredWithin } from '../platform/validation.ts';
import { type EventOf, streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { ActiveUser, UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import {
  type BlocksState,
  type ConversationState,
  conversationIdOf,
  evolveConversation,
  initialBlocksState,
  initialConversationState,
  messageIdOf,
  type OpenConversation,
  otherPartyOf,
} from './conversation.ts';
import { reject } from './rules.ts';

/** A buyer writes to the seller of a car: the first message opens the conversation. */
export type StartConversation = CommandOf<'StartConversation', { carId: string; text: string }>;
/** A party writes in a conversation they are part of. */
export type SendMessage = CommandOf<'SendMessage', { conversationId: string; text: string }>;

/** A message's text, trimmed: 1 to `TEXT_MAX.message` characters. */
export const messageText = (text: string): string => requiredWithin(text, TEXT_MAX.message, 'text');

/** The conversation, when `userId` is one of its parties; to anyone else it does not exist. */
export const requireParty = (conversation: ConversationState, userId: string): OpenConversation => {
  if (
    conversation.status !== 'open' ||
    (conversation.buyerId !== userId && conversation.sellerId !== userId)
  ) {
    return reject('conversation-not-found', 'No such conversation.');
  }
  return conversation;
};

/** What a message into an existing conversation depends on besides the conversation. */
type Surroundings = {
  /** `user-<other party>` */
  recipient: UserState;
  /** `car-<carId>` */
  car: CarState;
  /** `blocks-<sender>` */
  senderBlocks: BlocksState;
  /** `blocks-<other party>` */
  recipientBlocks: BlocksState;
};

/**
 * Who may still write: the other party has an account, the car is not deleted (a sold car's
 * conversation goes on: its parties may need to talk the handover through), and neither party
 * blocked the other.
 */
const requireOpenLine = (sender: ActiveUser, around: Surroundings): ActiveUser => {
  const { recipient, car, senderBlocks, recipientBlocks } = around;
  if (recipient.status !== 'active')
    reject('conversation-ended', 'The other party deleted their account: this conversation ended.');
  if (car.status === 'deleted')
    reject('conversation-ended', 'This car was deleted: its conversations ended.');
  if (senderBlocks.blocked.has(recipient.userId))
    reject('conversation-blocked', `You blocked ${recipient.name}: unblock them to write again.`);
  if (recipientBlocks.blocked.has(sender.userId))
    reject('conversation-blocked', `${recipient.name} does not accept your messages.`);
  return recipient;
};

/** The next message of an open conversation, from `sender` to the other party. */
const nextMessage = (
  conversation: OpenConversation,
  sender: ActiveUser,
  text: string,
): EventOf<'MessageSent'> => {
  const recipientId = otherPartyOf(conversation, sender.userId);
  const seq = conversation.messages + 1;
  return {
    type: 'MessageSent',
    data: {
      conversationId: conversation.conversationId,
      messageId: messageIdOf(conversation.conversationId, seq),
      carId: conversation.carId,
      senderId: sender.userId,
      recipientId,
      seq,
      text,
      recipientUnread: seq - (conversation.readUpTo[recipientId] ?? 0),
    },
  };
};

/** The message appended to its conversation's stream. */
const messageInto = (conversation: OpenConversation, sender: ActiveUser, text: string): Decision =>
  appendsOf([
    [streams.conversation(conversation.conversationId), nextMessage(conversation, sender, text)],
  ]);

/**
 * A signed-in user writes to the seller of someone else's car. The first time, a conversation
 * opens, which a car that is sold or deleted no longer takes; after that, the same call goes on
 * with the same conversation, under the rules of any message.
 */
export const startConversation = (input: {
  command: StartConversation;
  /** `user-<actor.uid>`: the buyer */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
  /** `conversation-<conversationIdOf(carId, actor.uid)>` */
  conversation: ConversationState;
  /** `user-<seller>` (read once the car is) */
  seller: UserState;
  /** `blocks-<actor.uid>` */
  buyerBlocks: BlocksState;
  /** `blocks-<seller>` (read once the car is) */
  sellerBlocks: BlocksState;
}): Decision => {
  const { command, conversation, car } = input;
  const buyer = requireActiveActor(input.actorUser);
  const text = messageText(command.data.text);
  const around = (recipient: UserState) => ({
    recipient,
    car,
    senderBlocks: input.buyerBlocks,
    recipientBlocks: input.sellerBlocks,
  });
  if (conversation.status === 'open') {
    requireOpenLine(buyer, around(input.seller));
    return messageInto(conversation, buyer, text);
  }
  const existing = requireListedCar(car, 'This car was sold: it takes no new conversation.');
  if (existing.car.sellerId === buyer.userId)
    reject('own-conversation', 'You cannot message yourself about your own car.');
  const seller = requireOpenLine(buyer, around(input.seller));
  const conversationId = conversationIdOf(existing.car.carId, buyer.userId);
  const opened: EventOf<'ConversationStarted'> = {
    type: 'ConversationStarted',
    data: {
      conversationId,
      carId: existing.car.carId,
      carName: existing.car.name,
      sellerId: seller.userId,
      sellerName: seller.name,
      buyerId: buyer.userId,
      buyerName: buyer.name,
    },
  };
  // The conversation as its opening leaves it, for the first message's place in it.
  const started = evolveConversation(initialConversationState(), opened) as OpenConversation;
  return appendsOf([
    [streams.conversation(conversationId), opened],
    [streams.conversation(conversationId), nextMessage(started, buyer, text)],
  ]);
};

/** A party writes in their conversation, under the rules of `requireOpenLine`. */
export const sendMessage = (
  input: {
    command: SendMessage;
    /** `user-<actor.uid>` */
    actorUser: UserState;
    /** `conversation-<data.conversationId>` */
    conversation: ConversationState;
  } & Surroundings,
): Decision => {
  const sender = requireActiveActor(input.actorUser);
  const conversation = requireParty(input.conversation, sender.userId);
  const text = messageText(input.command.data.text);
  requireOpenLine(sender, input);
  return messageInto(conversation, sender, text);
};

/** The car's seller, once the car is read: the stream of a car that does not exist names none. */
const sellerOf = (car: CarState): string | undefined =>
  car.status === 'none' ? undefined : car.car.sellerId;

export const startConversationSlice = commandSlice({
  reads: (command: StartConversation, read: StreamReads) => {
    const car = read.car(command.data.carId);
    const sellerId = sellerOf(car);
    return {
      actorUser: read.user(command.actor.uid),
      car,
      conversation: read.conversation(conversationIdOf(command.data.carId, command.actor.uid)),
      seller: sellerId ? read.user(sellerId) : ({ status: 'unregistered' } as UserState),
      buyerBlocks: read.blocks(command.actor.uid),
      sellerBlocks: sellerId ? read.blocks(sellerId) : initialBlocksState(),
    };
  },
  decide: startConversation,
});

export const sendMessageSlice = commandSlice({
  reads: (command: SendMessage, read: StreamReads) => {
    const conversation = read.conversation(command.data.conversationId);
    const party = conversation.status === 'open' ? conversation : undefined;
    const otherId = party && otherPartyOf(party, command.actor.uid);
    return {
      actorUser: read.user(command.actor.uid),
      conversation,
      recipient: otherId ? read.user(otherId) : ({ status: 'unregistered' } as UserState),
      car: party ? read.car(party.carId) : ({ status: 'none' } as CarState),
      senderBlocks: read.blocks(command.actor.uid),
      recipientBlocks: otherId ? read.blocks(otherId) : initialBlocksState(),
    };
  },
  decide: sendMessage,
});
