import { createSecretKey, type KeyObject } from 'node:crypto';
import { batched } from '../batches.ts';
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
import { isSealed, type Placed, type SealedValue, seal, sealTogether, unseal } from './sealing.ts';

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

/** Most events a subscription opens at once. */
const SUBSCRIBE_GROUP = 500;

/** What `#open` answers for a value whose key is gone. */
const ERASED = Symbol('erased');

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

/** The slot of a personal value in an event (its data or its metadata). */
const slotOf = (event: Pick<EventData, 'data' | 'metadata'>, personal: PersonalValue) => {
  const [root, ...path] = personal.path;
  return slot(event[root], path);
};

/** A sealed value found in an event: where it is, and a setter to put its plain form there. */
interface SealedSlot {
  sealed: SealedValue;
  path: string;
  set(value: unknown): void;
}

/** Every sealed value in a JSON value under `path`, outermost first. */
function* sealedIn(value: unknown, path: string): Generator<SealedSlot> {
  if (typeof value !== 'object' || value === null) return;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, child] of entries) {
    const at = `${path}.${key}`;
    if (isSealed(child)) {
      yield {
        sealed: child,
        path: at,
        set: (plain) => {
          (value as Record<string | number, unknown>)[key] = plain;
        },
      };
    } else yield* sealedIn(child, at);
  }
}

const sealedSlots = (event: EventData) => [
  ...sealedIn(event.data, 'data'),
  ...sealedIn(event.metadata, 'metadata'),
];

/** Keys as a process last read them: a key, null when destroyed, undefined when none was made. */
class KeyCache {
  readonly #entries = new Map<string, { key: KeyObject | null | undefined; at: number }>();
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
    const found = new Map<string, KeyObject | null | undefined>();
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
      // As a key object: a cipher made from one is four times quicker than from bytes.
      const bytes = loaded.get(subject);
      const key = bytes ? createSecretKey(bytes) : bytes;
      found.set(subject, key);
      this.#entries.set(subject, { key, at: now });
    }
    return found;
  }
}

/**
 * An event with its personal values sealed: each person's together, with one cipher. A value
 * that is also another's (a stored answer, in its day's key too) is sealed again around the
 * first seal.
 */
const sealEvent = (
  event: EventData,
  values: readonly { personal: PersonalValue; subject: string }[],
  held: ReadonlyMap<string, KeyObject | null | undefined>,
): EventData => {
  const sealed = { data: copy(event.data), metadata: copy(event.metadata) };
  const together = new Map<string, { placed: Placed; set(value: unknown): void }[]>();
  const whose = new Map<string, string>();
  const around: { subject: string; personal: PersonalValue }[] = [];
  for (const { personal, subject } of values) {
    const at = slotOf(sealed, personal);
    if (at === undefined || at.value === undefined || at.value === null || isSealed(at.value))
      continue;
    const place = personal.path.join('.');
    const owner = whose.get(place);
    if (owner === subject) continue;
    if (owner !== undefined) {
      around.push({ subject, personal });
      continue;
    }
    whose.set(place, subject);
    const group = together.get(subject) ?? [];
    group.push({ placed: { path: place, value: at.value, erased: personal.erased }, set: at.set });
    together.set(subject, group);
  }
  for (const [subject, group] of together) {
    const envelopes = sealTogether(
      group.map((g) => g.placed),
      subject,
      held.get(subject) ?? null,
    );
    group.forEach((g, i) => {
      g.set(envelopes[i]);
    });
  }
  // Sealed around what its first owner's seal left there.
  for (const { subject, personal } of around) {
    const at = slotOf(sealed, personal);
    at?.set(seal(at.value, subject, held.get(subject) ?? null, personal.erased));
  }
  return { ...event, ...sealed };
};

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
      // The events are written: a key store that cannot be reached now does not make the append
      // fail. The reader that follows the erasing events (the `personal-keys` reactor) destroys
      // the key again, retrying until it can, and shows its failure meanwhile.
      await this.keys.destroy(erased).catch(() => {});
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

  /**
   * The events that have arrived are opened together (one look at the keys for all of them),
   * and handed on as soon as they are: a follower that groups what is ready (the projections)
   * still gets whole groups.
   */
  async *subscribe(options?: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    for await (const arrived of batched(this.#store.subscribe(options), SUBSCRIBE_GROUP)) {
      yield* await this.#openAll(arrived);
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
        return values.length === 0 ? event : sealEvent(event, values, held);
      }),
    }));
  }

  /**
   * The personal values an event holds in plain text as stored: written before sealing
   * existed. Each reads as it is until its person is erased, then as its erased form.
   */
  #plainAtRest(event: EventData) {
    return this.#personalValues(event).filter(({ personal }) => {
      const value = slotOf(event, personal)?.value;
      return value !== undefined && value !== null && !isSealed(value);
    });
  }

  /**
   * Opens what `events` hold sealed, in place: the store underneath parses every event afresh
   * for each read, so they are this reader's own.
   */
  async #openAll<E extends RecordedEvent>(events: E[]): Promise<E[]> {
    const plain = events.map((event) => this.#plainAtRest(event));
    await this.#openSealed(events);
    const plainSubjects = new Set(plain.flat().map((value) => value.subject));
    if (plainSubjects.size > 0) {
      const held = await this.#cache.toRead(plainSubjects);
      events.forEach((event, i) => {
        for (const { personal, subject } of plain[i] ?? []) {
          if (held.get(subject) !== null) continue;
          slotOf(event, personal)?.set(personal.erased);
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
   * Opens every sealed value of `events` in place. A value may be sealed inside another (a
   * stored answer: in its day's key, around its person's): each round opens one layer. The
   * values held by another are put in place last, from what their holder opened to.
   */
  async #openSealed(events: readonly RecordedEvent[]) {
    const opened = new Map<string, unknown>();
    for (let layer = 0; layer < MAX_LAYERS; layer++) {
      const holders = events.flatMap((event, i) =>
        sealedSlots(event)
          .filter((at) => at.sealed.$in === undefined)
          .map((at) => ({ ...at, event: i })),
      );
      if (holders.length === 0) break;
      const held = await this.#cache.toRead(new Set(holders.map((at) => at.sealed.$subject)));
      for (const at of holders) {
        const value = this.#open(at.sealed, held.get(at.sealed.$subject));
        const others = at.sealed.$with;
        if (others === undefined || value === ERASED) {
          at.set(value === ERASED ? at.sealed.$erased : value);
          continue;
        }
        const all = value as unknown[];
        at.set(all[0]);
        others.forEach((path, j) => {
          opened.set(`${at.event} ${path}`, all[j + 1]);
        });
      }
    }
    events.forEach((event, i) => {
      for (const at of sealedSlots(event)) {
        const value = opened.get(`${i} ${at.path}`);
        at.set(value === undefined ? at.sealed.$erased : value);
      }
    });
  }

  /**
   * A sealed value opened with its person's key as held now, or its erased form. Each event is
   * read by several readers (the projections, each reactor, the feed), so what was opened is
   * kept a while: only ever given out while the key is still held, so an erasure takes effect
   * for it as for the rest.
   */
  #open(sealed: SealedValue, key: KeyObject | null | undefined): unknown {
    if (!key || sealed.$sealed === undefined) return ERASED;
    const kept = this.#opened.get(sealed.$sealed);
    let value = kept;
    if (value === undefined) {
      value = unseal(sealed, key);
      this.#opened.set(sealed.$sealed, value);
      if (this.#opened.size > OPENED_KEPT) {
        const oldest = this.#opened.keys().next().value;
        if (oldest !== undefined) this.#opened.delete(oldest);
      }
    }
    // Each reader gets a value of its own: the kept one is never handed out.
    return typeof value === 'object' && value !== null ? copy(value) : value;
  }
}

/** `store` with personal values sealed (`ProtectedStore`); `close` replaces its close. */
export const protectPersonalData = (
  store: EventStore,
  options: ProtectionOptions & { close?: () => Promise<void> },
): ProtectedEventStore => new ProtectedStore(store, options);
