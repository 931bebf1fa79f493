import { requireAdmin } from '../authorization.ts';
import type { PromoteToAdmin } from '../commands.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { streams } from '../events.ts';
import type { UserState } from './user.ts';

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
