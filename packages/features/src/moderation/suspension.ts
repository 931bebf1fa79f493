import type { Actor } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { reject } from './rules.ts';

/**
 * What a suspended user may still do: leave (delete their account), mark what they read, and
 * keep someone from writing to them. Every other write of theirs is refused.
 */
const allowedWhileSuspended = new Set<string>([
  'DeleteUser',
  'ReadConversation',
  'ReadNotifications',
  'BlockParty',
]);

/**
 * Refuses the command of a suspended user, naming the suspension and its reason, before any
 * other rule: whatever they asked, the answer is the suspension.
 */
export const refuseSuspended = (
  command: { type: string; actor: Actor },
  actorUser: UserState | undefined,
): void => {
  if (actorUser?.status !== 'active' || actorUser.suspension === null) return;
  if (allowedWhileSuspended.has(command.type)) return;
  reject(
    'account-suspended',
    `Your account is suspended (${actorUser.suspension.reason}): you can still sign in and read, but not change anything.`,
  );
};
