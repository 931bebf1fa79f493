import type { Actor } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { Decision } from './decision.ts';

/**
 * A command: what someone asks for, who asks (`actor`), and every id the command service
 * generated for it. The actor's role here is informational: decisions authorize from the
 * actor's own user stream, never from this field.
 */
export type CommandOf<T extends string, D> = { type: T; data: D; actor: Actor };

/**
 * One command's slice as the registry (commands.ts) holds it: what its decision reads, and the
 * decision on what it read. Both take `read`, which answers the state of a stream by its key.
 */
export type CommandSlice<C> = {
  /** Asks `read` for every stream the decision needs; what it answers is of no use here. */
  readonly reads: (command: C, read: StreamReads) => unknown;
  /** Reads as `reads` does, then decides. Throws `DomainError` when a rule rejects the command. */
  readonly decide: (command: C, read: StreamReads) => Decision;
};

/**
 * A command's slice, from what its decision reads and the decision itself.
 *
 * `reads` asks `read` for the state of each stream the decision needs, and returns those states
 * under the names the decision takes them by; the decision gets them with the command.
 *
 * A stream named from another's state (a user's cars from the user, a car's category from the
 * car) is read a round later: until a stream is loaded, `read` answers its initial state, that
 * of an empty stream. So name such a stream only from a state that shows it exists (a user who
 * is active, a car that is listed); then nothing is read that the decision does not use.
 */
export const commandSlice = <C, S extends object>(slice: {
  reads: (command: C, read: StreamReads) => S;
  decide: (input: { command: C } & S) => Decision;
}): CommandSlice<C> => ({
  reads: slice.reads,
  decide: (command, read) => slice.decide({ command, ...slice.reads(command, read) }),
});
