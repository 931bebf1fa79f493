import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import { type BlocksState, type ConversationState, otherPartyOf } from './conversation.ts';
import { requireParty } from './send-message.ts';

/** A party has read their conversation up to a message (`upTo`, a `seq`; the last when absent). */
export type ReadConversation = CommandOf<
  'ReadConversation',
  { conversationId: string; upTo?: number | undefined }
>;
/** A party refuses, or accepts again, every message from the other party. */
export type BlockParty = CommandOf<'BlockParty', { conversationId: string }>;
export type UnblockParty = CommandOf<'UnblockParty', { conversationId: string }>;

type PartyInput = {
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `conversation-<data.conversationId>` */
  conversation: ConversationState;
};

/**
 * Marks a conversation read up to a message, never beyond its last one; reading what was read
 * already changes nothing.
 */
export const readConversation = (input: { command: ReadConversation } & PartyInput): Decision => {
  const reader = requireActiveActor(input.actorUser);
  const conversation = requireParty(input.conversation, reader.userId);
  const wanted = input.command.data.upTo ?? conversation.messages;
  const upTo = Math.min(wanted, conversation.messages);
  if (upTo <= (conversation.readUpTo[reader.userId] ?? 0)) return nothing();
  return appendsOf([
    [
      streams.conversation(conversation.conversationId),
      {
        type: 'ConversationRead',
        data: { conversationId: conversation.conversationId, readerId: reader.userId, upTo },
      },
    ],
  ]);
};

/** Blocks the other party of a conversation: again, no change. */
export const blockParty = (
  input: { command: BlockParty; actorBlocks: BlocksState } & PartyInput,
): Decision => {
  const blocker = requireActiveActor(input.actorUser);
  const conversation = requireParty(input.conversation, blocker.userId);
  const blockedId = otherPartyOf(conversation, blocker.userId);
  if (input.actorBlocks.blocked.has(blockedId)) return nothing();
  return appendsOf([
    [
      streams.blocks(blocker.userId),
      { type: 'UserBlocked', data: { blockerId: blocker.userId, blockedId } },
    ],
  ]);
};

/** Unblocks the other party of a conversation: not blocked, no change. */
export const unblockParty = (
  input: { command: UnblockParty; actorBlocks: BlocksState } & PartyInput,
): Decision => {
  const blocker = requireActiveActor(input.actorUser);
  const conversation = requireParty(input.conversation, blocker.userId);
  const blockedId = otherPartyOf(conversation, blocker.userId);
  if (!input.actorBlocks.blocked.has(blockedId)) return nothing();
  return appendsOf([
    [
      streams.blocks(blocker.userId),
      { type: 'UserUnblocked', data: { blockerId: blocker.userId, blockedId } },
    ],
  ]);
};

const partyReads = (
  command: { actor: { uid: string }; data: { conversationId: string } },
  read: StreamReads,
) => ({
  actorUser: read.user(command.actor.uid),
  conversation: read.conversation(command.data.conversationId),
});

export const readConversationSlice = commandSlice({
  reads: (command: ReadConversation, read: StreamReads) => partyReads(command, read),
  decide: readConversation,
});

export const blockPartySlice = commandSlice({
  reads: (command: BlockParty, read: StreamReads) => ({
    ...partyReads(command, read),
    actorBlocks: read.blocks(command.actor.uid),
  }),
  decide: blockParty,
});

export const unblockPartySlice = commandSlice({
  reads: (command: UnblockParty, read: StreamReads) => ({
    ...partyReads(command, read),
    actorBlocks: read.blocks(command.actor.uid),
  }),
  decide: unblockParty,
});
