import { type Command, commandSlices } from './commands.ts';
import type { Decision } from './decision.ts';
import { streams } from './events.ts';
import type { CommandSlice } from './slice.ts';
import {
  type LoadedStreams,
  loadedState,
  type StreamKind,
  type StreamReads,
  type StreamRef,
  type StreamStateOf,
  streamKinds,
} from './stream-state.ts';

/** The command's slice, from the registry. */
const sliceOf = (command: Command): CommandSlice<Command> => {
  if (!Object.hasOwn(commandSlices, command.type))
    throw new Error(`No slice is registered for ${JSON.stringify(command)}`);
  // The registry holds each command type's own slice, so this one takes this command.
  return commandSlices[command.type] as CommandSlice<Command>;
};

/** Reads over the streams loaded so far; a stream not loaded yet goes to `unloaded`. */
const readsFrom = (
  loaded: LoadedStreams,
  unloaded: (ref: StreamRef) => StreamStateOf[StreamKind],
): StreamReads => {
  const read =
    <K extends StreamKind>(kind: K) =>
    (key: string): StreamStateOf[K] => {
      const stream = streams[kind](key);
      return loadedState(loaded, kind, stream) ?? (unloaded({ kind, stream }) as StreamStateOf[K]);
    };
  return {
    user: read('user'),
    email: read('email'),
    category: read('category'),
    categoryName: read('categoryName'),
    car: read('car'),
  };
};

/**
 * The streams to load next for a command: those its slice reads that are not in `loaded` yet,
 * each once, in the order the slice reads them.
 *
 * Some streams are only known from others (a deleted user's cars from their user stream, each
 * car's category from the car), so loading is a loop: load what this names, fold each with
 * `loadStream`, and call again until it names nothing. Then call `decide` with everything
 * loaded; every stream it appends to is one of them, so each append can carry the version the
 * stream was loaded at (`no_stream` when it was empty).
 */
export const streamsFor = (command: Command, loaded: LoadedStreams = {}): StreamRef[] => {
  const unloaded = new Map<string, StreamRef>();
  sliceOf(command).reads(
    command,
    readsFrom(loaded, (ref) => {
      if (!unloaded.has(ref.stream)) unloaded.set(ref.stream, ref);
      // Read as empty for now: what is named from it is named once it is loaded.
      return streamKinds[ref.kind].initialState();
    }),
  );
  return [...unloaded.values()];
};

/**
 * Runs the command's decision, from its slice, on the streams `streamsFor` named. The named
 * decisions (`bookCar`, ...) are the same rules with the states passed by name. Throws
 * `DomainError` when a rule rejects the command.
 */
export const decide = (command: Command, loaded: LoadedStreams): Decision =>
  sliceOf(command).decide(
    command,
    readsFrom(loaded, ({ stream }) => {
      throw new Error(
        `Stream ${stream} is not loaded: load what streamsFor names until it names none`,
      );
    }),
  );
