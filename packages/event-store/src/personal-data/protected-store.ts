import type {
  AppendRequest,
  AppendResult,
  EventData,
  EventStore,
  ExpectedVersion,
  JsonObject,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.ts';
import type { KeyStore } from './key-store.ts';
import { isSealed, type SealedValue, seal, unseal } from './sealing.ts';

/** A personal value of an event: where it is, whose it is, and what replaces it once erased. */
export interface PersonalValue {
  /** `data` or `metadata`, then the keys down to the value. */
  path: readonly ['data' | 'metadata', string, ...string[]];
  /** Whose it is, from the event as written; undefined when it is nobody's (the System actor). */
  subject: (event: EventData) => string | undefined;
  /** What readers get once that person's key is destroyed: a value of the same shape. */
  erased: unknown;
}

/** What is personal in which events, and which events erase a person. */
export interface PersonalDataPolicy {
  /** By event type. */
  byType: Readonly<Record<string, readonly PersonalValue[]>>;
  /** In every event (the actor in the metadata). */
  everyEvent: readonly PersonalValue[];
  /** Event types that erase a person, and whom: once one is appended, their key is destroyed. */
  erasures: Readonly<Record<string, (event: EventData) => string>>;
}

/** The store with personal values sealed, and the keys they are sealed with. */
export interface ProtectedEventStore extends EventStore {
  readonly keys: KeyStore;
}

export interface ProtectionOptions {
  policy: PersonalDataPolicy;
  keys: KeyStore;
  /**
   * How long a process keeps a key it read (ms, default 2000). A key destroyed by another
   * process is used here for at most this long; this process forgets a key as soon as it
   * appends or reads the event that erases its person.
   */
  keyCacheMs?: number;
}

const copy = <T>(value: T): T => structuredClone(value);

/** How many seals may be nested around one value. */
const MAX_LAYERS = 3;

/** How many opened values a store keeps for the next reader of the same event. */
const OPENED_KEPT = 20_000;

/** The value at `path` in `root` and a setter, or undefined when there is none. */
const slot = (root: JsonObject, path: readonly string[]) => {
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    parent = (parent as Record<string, unknown> | null | undefined)?.[key];
    if (typeof parent !== 'object' || parent === null) return undefined;
  }
  const last = path.at(-1) as string;
  const holder = parent as Record<string, unknown>;
  if (!Object.hasOwn(holder, last)) return undefined;
  return {
    value: holder[last],
    set: (value: unknown) => {
      holder[last] = value;
    },
  };
};

/** Every sealed value in a JSON value, with a setter to put its plain form in its place. */
function* sealedIn(value: unknown): Generator<{ sealed: SealedValue; set(v: unknown): void }> {
  if (typeof value !== 'object' || value === null) return;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, child] of entries) {
    if (isSealed(child)) {
      yield {
        sealed: child,
        set: (plain) => {
          (value as Record<string | number, unknown>)[key] = plain;
        },
      };
    } else yield* sealedIn(child);
  }
}

/** Keys as a process last read them: a key, null when destroyed, undefined when none was made. */
class KeyCache {
  readonly #entries = new Map<string, { key: Buffer | null | undefined; at: number }>();
  readonly #keys: KeyStore;
  readonly #freshMs: number;

  constructor(keys: KeyStore, freshMs: number) {
    this.#keys = keys;
    this.#freshMs = freshMs;
  }

  /** Keys to read with: a person with none has nothing sealed to open. */
  toRead(subjects: Iterable<string>) {
    return this.#get(subjects, true, (missing) => this.#keys.find(missing));
  }

  /** Keys to seal with, each made now when it has none. */
  toSeal(subjects: Iterable<string>) {
    return this.#get(subjects, false, (missing) => this.#keys.obtain(missing));
  }

  destroyed(subject: string) {
    this.#entries.set(subject, { key: null, at: Date.now() });
  }

  forget(subject: string) {
    this.#entries.delete(subject);
  }

  async #get(
    subjects: Iterable<string>,
    noneWillDo: boolean,
    load: (missing: string[]) => Promise<Map<string, Buffer | null>>,
  ) {
    const now = Date.now();
    const found = new Map<string, Buffer | null | undefined>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const hit = this.#entries.get(subject);
      const usable = hit && (hit.key !== undefined || noneWillDo);
      if (usable && (hit.key === null || now - hit.at < this.#freshMs)) found.set(subject, hit.key);
      else missing.push(subject);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    for (const subject of missing) {
      const key = loaded.get(subject);
      found.set(subject, key);
      this.#entries.set(subject, { key, at: now });
    }
    return found;
  }
}

const sealedSlots = (event: EventData) => [...sealedIn(event.data), ...sealedIn(event.metadata)];

/**
 * The event store with every person's personal values sealed with a key of their own, and
 * erasure by destroying that key (crypto-shredding): the log keeps every event, its shape and
 * who did what by id, and what was personal reads as its erased form from then on, in the store
 * itself and in every copy of it. Readers of this store see plain values; readers of the store
 * underneath see only sealed ones. Values written before sealing existed read as they are
 * until their person is erased.
 */
class ProtectedStore implements ProtectedEventStore {
  readonly keys: KeyStore;
  readonly #store: EventStore;
  readonly #policy: PersonalDataPolicy;
  readonly #cache: KeyCache;
  readonly #close: () => Promise<void>;
  /** Values opened lately, by their sealed text, oldest first. */
  readonly #opened = new Map<string, unknown>();

  constructor(store: EventStore, options: ProtectionOptions & { close?: () => Promise<void> }) {
    this.#store = store;
    this.#policy = options.policy;
    this.keys = options.keys;
    this.#cache = new KeyCache(options.keys, options.keyCacheMs ?? 2000);
    this.#close = options.close ?? (() => store.close());
  }

  append(stream: string, expected: ExpectedVersion, events: EventData[]) {
    return this.appendMany([{ stream, expected, events }]);
  }

  async appendMany(requests: AppendRequest[]): Promise<AppendResult> {
    const result = await this.#store.appendMany(await this.#sealAll(requests));
    const erased = requests.flatMap((r) =>
      r.events.flatMap((event) => {
        const erase = this.#policy.erasures[event.type];
        return erase ? [erase(event)] : [];
      }),
    );
    if (erased.length > 0) {
      for (const subject of erased) this.#cache.destroyed(subject);
      await this.keys.destroy(erased);
    }
    return result;
  }

  async readStream(stream: string, options?: { fromVersion?: number }) {
    return this.#openAll(await this.#store.readStream(stream, options));
  }

  async readAll(options: { after?: bigint; limit: number }) {
    return this.#openAll(await this.#store.readAll(options));
  }

  async eventAt(position: bigint) {
    const event = await this.#store.eventAt(position);
    return event && (await this.#openAll([event]))[0];
  }

  async *subscribe(options?: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    for await (const event of this.#store.subscribe(options)) {
      yield (await this.#openAll([event]))[0] as RecordedEvent;
    }
  }

  headPosition() {
    return this.#store.headPosition();
  }

  storeId() {
    return this.#store.storeId();
  }

  close() {
    return this.#close();
  }

  /** The personal values of an event, each with whose it is. */
  #personalValues(event: EventData) {
    const { byType, everyEvent } = this.#policy;
    return [...(byType[event.type] ?? []), ...everyEvent].flatMap((personal) => {
      const subject = personal.subject(event);
      return subject === undefined ? [] : [{ personal, subject }];
    });
  }

  async #sealAll(requests: AppendRequest[]): Promise<AppendRequest[]> {
    const found = requests.flatMap((r) => r.events.map((e) => this.#personalValues(e)));
    const subjects = new Set(found.flat().map((f) => f.subject));
    if (subjects.size === 0) return requests;
    const held = await this.#cache.toSeal(subjects);
    let index = 0;
    return requests.map((request) => ({
      ...request,
      events: request.events.map((event) => {
        const values = found[index++] ?? [];
        if (values.length === 0) return event;
        const sealed = { data: copy(event.data), metadata: copy(event.metadata) };
        for (const { personal, subject } of values) {
          const [root, ...path] = personal.path;
          const at = slot(sealed[root], path);
          if (at === undefined || at.value === undefined || at.value === null) continue;
          if (isSealed(at.value) && at.value.$subject === subject) continue;
          at.set(seal(at.value, subject, held.get(subject) ?? null, personal.erased));
        }
        return { ...event, ...sealed };
      }),
    }));
  }

  /**
   * The personal values an event holds in plain text as stored: written before sealing
   * existed. Each reads as it is until its person is erased, then as its erased form.
   */
  #plainAtRest(event: EventData) {
    return this.#personalValues(event).filter(({ personal }) => {
      const [root, ...path] = personal.path;
      const value = slot(event[root], path)?.value;
      return value !== undefined && value !== null && !isSealed(value);
    });
  }

  /**
   * Opens what `events` hold sealed, in place: the store underneath parses every event afresh
   * for each read, so they are this reader's own.
   */
  async #openAll<E extends RecordedEvent>(events: E[]): Promise<E[]> {
    const plain = events.map((event) => this.#plainAtRest(event));
    // A value may be sealed inside another (a stored answer: in its day's key, around its
    // person's): each round opens one layer.
    for (let layer = 0; layer < MAX_LAYERS; layer++) {
      const slots = events.flatMap(sealedSlots);
      if (slots.length === 0) break;
      const held = await this.#cache.toRead(new Set(slots.map((at) => at.sealed.$subject)));
      for (const at of slots) at.set(this.#open(at.sealed, held.get(at.sealed.$subject)));
    }
    const plainSubjects = new Set(plain.flat().map((value) => value.subject));
    if (plainSubjects.size > 0) {
      const held = await this.#cache.toRead(plainSubjects);
      events.forEach((event, i) => {
        for (const { personal, subject } of plain[i] ?? []) {
          if (held.get(subject) !== null) continue;
          const [root, ...path] = personal.path;
          slot(event[root], path)?.set(personal.erased);
        }
      });
    }
    for (const event of events) {
      const erase = this.#policy.erasures[event.type];
      if (erase) this.#cache.forget(erase(event));
    }
    return events;
  }

  /**
   * A sealed value opened with its person's key as held now, or its erased form. Each event is
   * read by several readers (the projections, each reactor, the feed), so what was opened is
   * kept a while: only ever given out while the key is still held, so an erasure takes effect
   * for it as for the rest.
   */
  #open(sealed: SealedValue, key: Buffer | null | undefined): unknown {
    if (!key || sealed.$sealed === undefined) return sealed.$erased;
    const kept = this.#opened.get(sealed.$sealed);
    if (kept !== undefined) return typeof kept === 'object' ? copy(kept) : kept;
    const value = unseal(sealed, key);
    this.#opened.set(sealed.$sealed, value);
    if (this.#opened.size > OPENED_KEPT) {
      const oldest = this.#opened.keys().next().value;
      if (oldest !== undefined) this.#opened.delete(oldest);
    }
    return typeof value === 'object' && value !== null ? copy(value) : value;
  }
}

/** `store` with personal values sealed (`ProtectedStore`); `close` replaces its close. */
export const protectPersonalData = (
  store: EventStore,
  options: ProtectionOptions & { close?: () => Promise<void> },
): ProtectedEventStore => new ProtectedStore(store, options);
