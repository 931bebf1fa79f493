import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import { requireActiveActor } from './authorization.ts';
import { reject } from './rules.ts';
import type { UserState } from './user.ts';

/** The actor applies for themself. */
export type ApplyForSeller = CommandOf<'ApplyForSeller', Record<string, never>>;

/** A Buyer becomes a Seller. */
export const applyForSeller = ({
  actorUser,
}: {
  command: ApplyForSeller;
  /** `user-<actor.uid>` */
  actorUser: UserState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  if (user.role === 'Seller') reject('already-seller', 'You are already a seller.');
  // An admin already has every seller right; becoming a Seller would be a demotion.
  if (user.role === 'Admin')
    reject('admin-cannot-demote-self', 'You are an admin; an admin cannot demote themself.');
  return appendsOf([
    [streams.user(user.userId), { type: 'UserBecameSeller', data: { userId: user.userId } }],
  ]);
};

export const applyForSellerSlice = commandSlice({
  reads: (command: ApplyForSeller, read) => ({ actorUser: read.user(command.actor.uid) }),
  decide: applyForSeller,
});
