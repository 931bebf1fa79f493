import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { MemberState } from './member.ts';

/** `upTo`: the position of the newest notification read (a decimal string). */
export type ReadNotifications = CommandOf<'ReadNotifications', { upTo: string }>;

/** A user marks their notifications read up to a position; an older mark changes nothing. */
export const readNotifications = ({
  command,
  actorUser,
  member,
}: {
  command: ReadNotifications;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `member-<actor.uid>` */
  member: MemberState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { upTo } = command.data;
  if (BigInt(upTo) <= member.readUpTo) return nothing();
  return appendsOf([
    [
      streams.member(user.userId),
      { type: 'NotificationsRead', data: { userId: user.userId, upTo } },
    ],
  ]);
};

export const readNotificationsSlice = commandSlice({
  reads: (command: ReadNotifications, read) => ({
    actorUser: read.user(command.actor.uid),
    member: read.member(command.actor.uid),
  }),
  decide: readNotifications,
});
