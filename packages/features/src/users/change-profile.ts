import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { type EventDataOf, streams } from '../registry/events.ts';
import { requireActiveActor } from './authorization.ts';
import type { UserState } from './user.ts';

/** A field left out is unchanged; `phone` or `photoURL` given as null is cleared. */
export type ChangeProfile = CommandOf<
  'ChangeProfile',
  { name?: string; phone?: string | null; photoURL?: string | null }
>;

/**
 * A user changes their own profile: the name others see on new listings and bookings, the
 * phone a booking starts with, and their picture. Nothing changed, nothing appended.
 */
export const changeProfile = ({
  command,
  actorUser,
}: {
  command: ChangeProfile;
  /** `user-<actor.uid>` */
  actorUser: UserState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { data } = command;
  const changed: Omit<EventDataOf<'UserProfileChanged'>, 'userId'> = {};
  if (data.name !== undefined) {
    const name = required(data.name, 'name');
    if (name !== user.name) changed.name = name;
  }
  const phone = data.phone === undefined ? undefined : data.phone?.trim() || null;
  if (phone !== undefined && phone !== user.phone) changed.phone = phone;
  const photoURL = data.photoURL === undefined ? undefined : data.photoURL?.trim() || null;
  if (photoURL !== undefined && photoURL !== user.photoURL) changed.photoURL = photoURL;
  if (Object.keys(changed).length === 0) return nothing();
  return appendsOf([
    [
      streams.user(user.userId),
      { type: 'UserProfileChanged', data: { userId: user.userId, ...changed } },
    ],
  ]);
};

export const changeProfileSlice = commandSlice({
  reads: (command: ChangeProfile, read) => ({ actorUser: read.user(command.actor.uid) }),
  decide: changeProfile,
});
