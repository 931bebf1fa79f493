import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { type Role, streams } from '../registry/events.ts';
import { isSystem } from './authorization.ts';
import type { EmailReservationState } from './email-reservation.ts';
import { reject } from './rules.ts';
import type { UserState } from './user.ts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** `userId` is the Firebase uid; `role` may not be Admin (rejected, not silently changed). */
export type RegisterUser = CommandOf<
  'RegisterUser',
  { userId: string; name: string; email: string; role: Role; photoURL: string | null }
>;

/**
 * Registers the signed-in identity as a Buyer or a Seller and claims its email.
 * Registering an existing uid again changes nothing, so sign-in can always call it, however
 * many times at once.
 */
export const registerUser = ({
  command,
  user,
  email,
}: {
  command: RegisterUser;
  /** `user-<data.userId>` */
  user: UserState;
  /** `email-<data.email>` */
  email: EmailReservationState;
}): Decision => {
  const { actor, data } = command;
  if (!isSystem(actor) && (actor.uid !== data.userId || !sameEmail(actor.email, data.email)))
    reject('register-for-someone-else', 'You can only register your own signed-in account.');
  const role = data.role;
  if (role === 'Admin')
    reject(
      'admin-registration',
      'Register as a Buyer or a Seller; only an admin makes admins.',
      'role',
    );
  const name = required(data.name, 'name');
  const address = required(data.email, 'email');

  if (user.status === 'active') return nothing();
  if (user.status === 'deleted') reject('account-deleted', 'This account was deleted.');
  // The email is this uid's already: a registration of the same identity committed between the
  // two reads (the streams are read one after the other). Answered as any repeat is.
  if (email.status === 'claimed' && email.userId === data.userId) return nothing();
  if (email.status === 'claimed')
    reject('email-taken', `An account with the email ${address} already exists.`, 'email');

  const { userId, photoURL } = data;
  return appendsOf([
    [
      streams.user(userId),
      { type: 'UserRegistered', data: { userId, name, email: address, role, photoURL } },
    ],
    [streams.email(address), { type: 'EmailClaimed', data: { email: address, userId } }],
  ]);
};

export const registerUserSlice = commandSlice({
  reads: (command: RegisterUser, read) => ({
    user: read.user(command.data.userId),
    email: read.email(command.data.email),
  }),
  decide: registerUser,
});
