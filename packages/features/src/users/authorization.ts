import type { Actor } from '../registry/events.ts';
import { reject } from './rules.ts';
import type { ActiveUser, UserState } from './user.ts';

/**
 * Authorization reads the actor's own user stream, never the role in the actor (a token claim),
 * so a promotion or a deletion takes effect at the next command.
 */
export const requireActiveActor = (actorUser: UserState): ActiveUser => {
  if (actorUser.status === 'unregistered')
    return reject('actor-not-registered', 'Register before doing this.');
  if (actorUser.status === 'deleted') return reject('actor-deleted', 'This account was deleted.');
  return actorUser;
};

/**
 * `System` (seeding and maintenance, never built from a request) has no user stream and holds
 * admin rights; that is how the first admin is made.
 */
export const isSystem = (actor: Actor): boolean => actor.role === 'System';

/** Only the System may do this; `refusal` says who, for anyone else. */
export const requireSystem = (actor: Actor, refusal: string): void => {
  if (!isSystem(actor)) reject('system-required', refusal);
};

export const requireAdmin = (actor: Actor, actorUser: UserState): void => {
  if (isSystem(actor)) return;
  const user = requireActiveActor(actorUser);
  if (user.role !== 'Admin') reject('admin-required', 'Only an admin can do this.');
};
