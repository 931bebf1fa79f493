import { bookingCommands } from '../bookings/commands.ts';
import { carCommands } from '../cars/commands.ts';
import { categoryCommands } from '../categories/commands.ts';
import { expiryCommands } from '../expiry/commands.ts';
import { integrationCommands } from '../integrations/commands.ts';
import { memberCommands } from '../members/commands.ts';
import { messageCommands } from '../messages/commands.ts';
import { moderationCommands } from '../moderation/commands.ts';
import type { CommandSlice } from '../platform/slice.ts';
import { reviewCommands } from '../reviews/commands.ts';
import { userCommands } from '../users/commands.ts';

/** Every command's slice, by command type: each feature lists its own (`bookingCommands`, ...). */
const slices = {
  ...userCommands,
  ...categoryCommands,
  ...carCommands,
  ...bookingCommands,
  ...memberCommands,
  ...integrationCommands,
  ...messageCommands,
  ...moderationCommands,
  ...expiryCommands,
  ...reviewCommands,
} as const;

/** The command a slice decides. */
type CommandIn<S> = S extends CommandSlice<infer C> ? C : never;

/**
 * Every command of the marketplace, from the slices that decide them: what its decision reads
 * and the decision itself are in its slice, in its feature's folder.
 */
export type Command = {
  [K in keyof typeof slices]: CommandIn<(typeof slices)[K]>;
}[keyof typeof slices];

export type CommandType = Command['type'];

export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;

/**
 * The only place a command type leads to its reads and its decision. Its type makes it exact:
 * a slice listed under another command's type does not compile.
 */
export const commandSlices: { readonly [T in CommandType]: CommandSlice<CommandOfType<T>> } =
  slices;
