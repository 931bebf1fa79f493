import { reject } from './rules.ts';
import type { ActiveUser, UserState } from './user.ts';

/**
 * The user a command of another feature is about (not its actor: a user to suspend), if they
 * have an account; `refusal` says so when they have none.
 */
export const requireActiveUser = (user: UserState, refusal: string): ActiveUser => {
  if (user.status !== 'active') return reject('user-not-found', refusal);
  return user;
};
