import type { EventStore } from '@second-gear/event-store';
import type { ReadStream } from '../../registry/decide.ts';
import type { DomainEvent } from '../../registry/events.ts';
import type { Decider } from './decider.ts';

/**
 * Reads streams from the store for one attempt of a command, and remembers the position of the
 * newest event it read (the answer's position when the command changes nothing).
 */
export class StreamReader {
  readonly #store: EventStore;
  readonly #parse: Decider['parse'];
  #lastPosition: bigint | undefined;

  /** `parse`: the registry's `parseDomainEvent`. */
  constructor(store: EventStore, parse: Decider['parse']) {
    this.#store = store;
    this.#parse = parse;
  }

  /**
   * One stream, as the domain's `loadAndDecide` reads it: its events in order (none when it
   * does not exist) and its version, the expectation an append to it carries.
   */
  readonly readStream: ReadStream = async (stream) => {
    const recorded = await this.#store.readStream(stream);
    const last = recorded.at(-1);
    if (last && (this.#lastPosition === undefined || last.position > this.#lastPosition)) {
      this.#lastPosition = last.position;
    }
    return {
      events: recorded.map((event) => this.#parse(event)),
      version: last ? last.streamVersion : -1,
    };
  };

  /** The events of one stream, in order; empty when it does not exist. */
  async read(stream: string): Promise<DomainEvent[]> {
    return [...(await this.readStream(stream)).events];
  }

  /** The position of the newest event among the streams read, if any. */
  get lastPosition(): bigint | undefined {
    return this.#lastPosition;
  }
}
