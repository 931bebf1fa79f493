import type { EventStore, RecordedEvent } from '@second-gear/event-store';

/**
 * One live subscription to the store for every follower (of the car feed). It keeps the last
 * `size` events it received; a follower reads from the store, a page at a time, until what
 * follows its position is among them, then reads them as they come. A follower that falls
 * behind them (a slow client) reads from the store again until it is back. So however many
 * follow, the store serves one subscription, and a follower holds a connection only for the
 * moment of a page. Started with the first follower, stopped with the last.
 */
export class SharedSubscription {
  readonly #store: EventStore;
  readonly #size: number;
  readonly #pageSize: number;
  #followers = 0;
  #live: Live | undefined;

  constructor(store: EventStore, options: { size?: number; pageSize?: number } = {}) {
    this.#store = store;
    this.#size = options.size ?? 1000;
    this.#pageSize = options.pageSize ?? 500;
  }

  /** Followers now. */
  get followers(): number {
    return this.#followers;
  }

  /** Every event strictly after `after` (from the first when undefined), then each new one. */
  async *follow(after: bigint | undefined, signal: AbortSignal): AsyncGenerator<RecordedEvent> {
    const live = this.#join();
    try {
      let position = after;
      while (!signal.aborted) {
        const kept = live.after(position);
        const events = kept ?? (await this.#page(position));
        for (const event of events) {
          if (signal.aborted) return;
          yield event;
          position = event.position;
        }
        if (events.length === 0) await live.next(signal);
      }
    } finally {
      this.#leave();
    }
  }

  #page(after: bigint | undefined) {
    return this.#store.readAll({
      ...(after === undefined ? {} : { after }),
      limit: this.#pageSize,
    });
  }

  #join(): Live {
    this.#followers += 1;
    if (!this.#live || this.#live.failed) this.#live = new Live(this.#store, this.#size);
    return this.#live;
  }

  #leave() {
    this.#followers -= 1;
    if (this.#followers === 0) {
      this.#live?.stop();
      this.#live = undefined;
    }
  }
}

/** The shared subscription, from the head as it was when it began, and its last events. */
class Live {
  readonly #kept: RecordedEvent[] = [];
  readonly #size: number;
  readonly #stopped = new AbortController();
  /** Whether the head it began from is known. */
  #started = false;
  /**
   * The position after which `#kept` holds every event; undefined, once started, when it holds
   * every event of the store (the store was empty when it began, and nothing was let go).
   */
  #floor: bigint | undefined;
  #waiting: (() => void)[] = [];
  failed: unknown;

  constructor(store: EventStore, size: number) {
    this.#size = size;
    this.#run(store).catch((error: unknown) => {
      this.failed = error ?? new Error('the shared subscription ended');
      this.#wake();
    });
  }

  async #run(store: EventStore) {
    const head = await store.headPosition();
    this.#floor = head;
    this.#started = true;
    this.#wake();
    const subscription = store.subscribe({
      ...(head === undefined ? {} : { after: head }),
      signal: this.#stopped.signal,
    });
    for await (const event of subscription) {
      this.#kept.push(event);
      if (this.#kept.length > this.#size) this.#floor = this.#kept.shift()?.position;
      this.#wake();
    }
  }

  /**
   * The kept events after `position`, or undefined when they do not cover it (it is behind
   * them, or the head is not known yet): the store has what follows it.
   */
  after(position: bigint | undefined): RecordedEvent[] | undefined {
    if (this.failed) throw this.failed;
    const floor = this.#floor;
    const covered =
      this.#started && (floor === undefined || (position !== undefined && position >= floor));
    if (!covered) return undefined;
    if (position === undefined) return [...this.#kept];
    const first = this.#kept.findIndex((event) => event.position > position);
    return first === -1 ? [] : this.#kept.slice(first);
  }

  /** Resolves when an event arrives (or the subscription fails, or `signal` fires). */
  next(signal: AbortSignal): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      this.#waiting.push(done);
    });
  }

  #wake() {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  stop() {
    this.#stopped.abort();
    this.#wake();
  }
}
