import { refuseSuspended } from '../moderation/suspension.ts';
import type { Decision, StreamAppend } from '../platform/decision.ts';
import type { CommandSlice } from '../platform/slice.ts';
import { recordedActor } from '../users/index.ts';
import { type Command, commandSlices } from './commands.ts';
import { type Actor, type DomainEvent, streams } from './events.ts';
import {
  type LoadedStream,
  type LoadedStreams,
  loadedState,
  loadStream,
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
  // One reader per kind of stream `streams` names, so a new kind needs nothing here.
  return Object.fromEntries(
    (Object.keys(streams) as StreamKind[]).map((kind) => [kind, read(kind)]),
  ) as StreamReads;
};

/**
 * The streams to load next for a command: those its slice reads that are not in `loaded` yet,
 * each once, in the order the slice reads them.
 *
 * Some streams are only known from others (a deleted user's cars from their user stream, each
 * car's category from the car), so loading is a loop: load what this names, fold each with
 * `loadStream`, and call again until it names nothing. `loadAndDecide` is that loop.
 */
export const streamsFor = (command: Command, loaded: LoadedStreams = {}): StreamRef[] => {
  const unloaded = new Map<string, StreamRef>();
  const read = readsFrom(loaded, (ref) => {
    if (!unloaded.has(ref.stream)) unloaded.set(ref.stream, ref);
    // Read as empty for now: what is named from it is named once it is loaded.
    return streamKinds[ref.kind].initialState();
  });
  // A person's own stream, always: it says whether they may write at all (`refuseSuspended`).
  if (isPerson(command.actor)) read.user(command.actor.uid);
  sliceOf(command).reads(command, read);
  return [...unloaded.values()];
};

/** An actor with a user stream of their own: not the System, not an API key. */
const isPerson = (actor: Actor): boolean => actor.role !== 'System' && actor.role !== 'ApiKey';

/**
 * Runs the command's decision, from its slice, on the streams `streamsFor` named. The named
 * decisions (`bookCar`, ...) are the same rules with the states passed by name. Throws
 * `DomainError` when a rule rejects the command.
 */
export const decide = (command: Command, loaded: LoadedStreams): Decision => {
  if (isPerson(command.actor))
    refuseSuspended(command, loadedState(loaded, 'user', streams.user(command.actor.uid)));
  return sliceOf(command).decide(
    command,
    readsFrom(loaded, ({ stream }) => {
      throw new Error(
        `Stream ${stream} is not loaded: load what streamsFor names until it names none`,
      );
    }),
  );
};

/**
 * How many rounds of reads a command may take. A stream named from another's state is read a
 * round after it (a booking's id, then its car, then the car's seller). A command whose reads still name new streams after that has a slice
 * that never settles, which is a bug to report, not a reason to read on.
 */
const MAX_READ_ROUNDS = 3;

/**
 * The port `loadAndDecide` reads through: one stream's events in order, and its version (the
 * 0-based index of its last event, -1 when the stream does not exist).
 */
export type ReadStream = (
  stream: string,
) => Promise<{ events: readonly DomainEvent[]; version: number }>;

/** An append of a decision, with what its stream is expected to be at. */
export type ExpectedAppend = StreamAppend & {
  /**
   * The version the stream was read at; `no_stream` when it was empty (or not read); `any` for
   * a stream the decision adds to without reading (`StreamAppend.anyVersion`).
   */
  expected: number | 'no_stream' | 'any';
};

export type LoadedDecision = {
  decision: Decision;
  /** The decision's appends that hold events, in its order, each with its expected version. */
  appends: ExpectedAppend[];
  /**
   * Every stream the decision read but does not write, with the version it was read at. The
   * decision holds only while they stay there, so the append checks them too: a booking by a
   * user being deleted at that moment fails, instead of succeeding on a state already gone.
   */
  checks: { stream: string; expected: number | 'no_stream' }[];
  /** The actor as the events' metadata records it: with the role their user stream holds. */
  actor: Actor;
};

/**
 * Runs a command: reads every stream its slice names, round after round, each once and the
 * streams of one round together; then decides on them. Every other stream the decision
 * appends to was read, so each append expects the version its stream was read at; the streams it only
 * read come back as `checks` at theirs. An append of all of them fails if another writer
 * changed any in between. A stream the decision only adds to (`anyVersion`) is appended at any
 * version: nothing it decided depends on what that stream holds. Throws `DomainError` when a rule rejects
 * the command.
 */
export const loadAndDecide = async (
  command: Command,
  readStream: ReadStream,
): Promise<LoadedDecision> => {
  const loaded: Record<string, LoadedStream> = {};
  const versions = new Map<string, number>();
  for (let round = 0; ; round++) {
    const refs = streamsFor(command, loaded);
    if (refs.length === 0) break;
    if (round === MAX_READ_ROUNDS)
      throw new Error(`${command.type}: its reads named new streams after ${round} rounds`);
    const read = await Promise.all(
      refs.map(async (ref) => ({ ref, ...(await readStream(ref.stream)) })),
    );
    for (const { ref, events, version } of read) {
      loaded[ref.stream] = loadStream(ref, events);
      versions.set(ref.stream, version);
    }
  }
  const decision = decide(command, loaded);
  const actorUser = loadedState(loaded, 'user', streams.user(command.actor.uid));
  const expectedOf = (stream: string) => {
    const version = versions.get(stream) ?? -1;
    return version < 0 ? ('no_stream' as const) : version;
  };
  const appends = decision.appends
    .filter((append) => append.events.length > 0)
    .map(({ stream, events, anyVersion }) => ({
      stream,
      events,
      expected: anyVersion ? ('any' as const) : expectedOf(stream),
    }));
  const written = new Set(appends.map((append) => append.stream));
  return {
    decision,
    appends,
    checks: [...versions.keys()]
      .filter((stream) => !written.has(stream))
      .map((stream) => ({ stream, expected: expectedOf(stream) })),
    actor: actorUser ? recordedActor(command.actor, actorUser) : command.actor,
  };
};
