import {
  type Command,
  type DomainEvent,
  type LoadedStream,
  loadStream,
  parseDomainEvent,
  streamsFor,
} from '@second-gear/domain';
import type { EventStore, ExpectedVersion } from '@second-gear/event-store';

/** Rounds of loading: a deleted user's cars are known from their stream, their categories from the cars. */
const MAX_LOAD_ROUNDS = 5;

/**
 * Loads the streams of one attempt of a command and remembers what it saw: each stream's
 * version (the expectation its append carries) and the position of its newest event (the
 * answer's position when the command changes nothing).
 */
export class StreamReader {
  readonly #store: EventStore;
  readonly #versions = new Map<string, number>();
  #lastPosition: bigint | undefined;

  constructor(store: EventStore) {
    this.#store = store;
  }

  /** Loads and folds every stream the command's decision needs, as `streamsFor` names them. */
  async loadFor(command: Command): Promise<Record<string, LoadedStream>> {
    const loaded: Record<string, LoadedStream> = {};
    for (let round = 0; round < MAX_LOAD_ROUNDS; round++) {
      const refs = streamsFor(command, loaded);
      if (refs.length === 0) return loaded;
      const folded = await Promise.all(
        refs.map(
          async (ref) => [ref.stream, loadStream(ref, await this.read(ref.stream))] as const,
        ),
      );
      for (const [stream, state] of folded) loaded[stream] = state;
    }
    throw new Error(
      `${command.type}: its streams were still growing after ${MAX_LOAD_ROUNDS} rounds`,
    );
  }

  /** The events of one stream, in order; empty when it does not exist. */
  async read(stream: string): Promise<DomainEvent[]> {
    const recorded = await this.#store.readStream(stream);
    const last = recorded.at(-1);
    this.#versions.set(stream, last ? last.streamVersion : -1);
    if (last && (this.#lastPosition === undefined || last.position > this.#lastPosition)) {
      this.#lastPosition = last.position;
    }
    return recorded.map((event) => parseDomainEvent(event.type, event.data));
  }

  /**
   * The expectation for appending to a stream: the version it was loaded at, or "must not
   * exist" for a stream this attempt never read.
   */
  expectedVersion(stream: string): ExpectedVersion {
    const version = this.#versions.get(stream);
    return version === undefined || version < 0 ? 'no_stream' : version;
  }

  /** The position of the newest event among the loaded streams, if any. */
  get lastPosition(): bigint | undefined {
    return this.#lastPosition;
  }
}
