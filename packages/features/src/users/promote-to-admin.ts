import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import { requireAdmin } from './authorization.ts';
import { reject } from './rules.ts';
import type { UserState } from './user.ts';

export type PromoteToAdmin = CommandOf<'PromoteToAdmin', { userId: string }>;

/** An admin makes any other live user an Admin. */
export const promoteToAdmin = ({
  command,
  actorUser,
  user,
}: {
  command: PromoteToAdmin;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `user-<data.userId>` */
  user: UserState;
}): Decision => {
  requireAdmin(command.actor, actorUser);
  if (user.status !== 'active') reject('user-not-found', 'No such user.');
  if (user.role === 'Admin') reject('already-admin', `${user.name} is already an admin.`);
  return appendsOf([
    [streams.user(user.userId), { type: 'UserPromotedToAdmin', data: { userId: user.userId } }],
  ]);
};

export const promoteToAdminSlice = commandSlice({
  reads: (command: PromoteToAdmin, read) => ({
    actorUser: read.user(command.actor.uid),
    user: read.user(command.data.userId),
  }),
  decide: promoteToAdmin,
});
