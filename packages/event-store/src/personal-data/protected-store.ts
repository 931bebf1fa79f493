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

/**
 * The event store with every person's personal values sealed with a key of their own, and
 * erasure by destroying that key (crypto-shredding): the log keeps every event, its shape and
 * who did what by id, and what was personal reads as its erased form from then on, in the store
 * itself and in every copy of it. Readers of this store see plain values; readers of the store
 * underneath see only sealed ones. Values written before sealing existed are read as they are.
 */
export function protectPersonalData(
  store: EventStore,
  options: ProtectionOptions,
): ProtectedEventStore {
  const { policy, keys } = options;
  const cacheMs = options.keyCacheMs ?? 2000;
  /** A key, null when destroyed, undefined when none was made (yet). */
  const cache = new Map<string, { key: Buffer | null | undefined; at: number }>();

  /** Their keys, from the cache while fresh, else from `load` (which caches what it gets). */
  const keysFor = async (
    subjects: Iterable<string>,
    load: (missing: string[]) => Promise<Map<string, Buffer | null>>,
  ) => {
    const now = Date.now();
    const found = new Map<string, Buffer | null | undefined>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const hit = cache.get(subject);
      // A key not made yet is made by `obtain`: only a reader may take "none" from the cache.
      const usable = hit && (hit.key !== undefined || load === keys.find);
      if (usable && (hit.key === null || now - hit.at < cacheMs)) found.set(subject, hit.key);
      else missing.push(subject);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    for (const subject of missing) {
      const key = loaded.get(subject);
      found.set(subject, key);
      cache.set(subject, { key, at: now });
    }
    return found;
  };

  const forget = (event: EventData) => {
    const erase = policy.erasures[event.type];
    if (erase) cache.delete(erase(event));
  };

  const personalValues = (event: EventData) =>
    [...(policy.byType[event.type] ?? []), ...policy.everyEvent].flatMap((personal) => {
      const subject = personal.subject(event);
      return subject === undefined ? [] : [{ personal, subject }];
    });

  const sealAll = async (requests: AppendRequest[]): Promise<AppendRequest[]> => {
    const found = requests.flatMap((r) => r.events.map((e) => personalValues(e)));
    const subjects = new Set(found.flat().map((f) => f.subject));
    if (subjects.size === 0) return requests;
    const held = await keysFor(subjects, keys.obtain);
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
  };

  const sealedSlots = (event: EventData) => [...sealedIn(event.data), ...sealedIn(event.metadata)];

  /**
   * The personal values an event holds in plain text as stored: written before sealing
   * existed. Each reads as it is until its person is erased, then as its erased form.
   */
  const plainAtRest = (event: EventData) =>
    personalValues(event).filter(({ personal }) => {
      const [root, ...path] = personal.path;
      const value = slot(event[root], path)?.value;
      return value !== undefined && value !== null && !isSealed(value);
    });

  const openAll = async <E extends RecordedEvent>(events: E[]): Promise<E[]> => {
    const plain = events.map(plainAtRest);
    const opened = events.map((event, i) =>
      sealedSlots(event).length === 0 && plain[i]?.length === 0
        ? event
        : { ...event, data: copy(event.data), metadata: copy(event.metadata) },
    );
    // A value may be sealed inside another (a stored answer: in its day's key, around its
    // person's): each round opens one layer.
    for (let layer = 0; layer < MAX_LAYERS; layer++) {
      const slots = opened.flatMap((event, i) => (event === events[i] ? [] : sealedSlots(event)));
      if (slots.length === 0) break;
      const subjects = new Set(slots.map((at) => at.sealed.$subject));
      const held = await keysFor(subjects, keys.find);
      for (const at of slots) at.set(unseal(at.sealed, held.get(at.sealed.$subject)));
    }
    const plainSubjects = new Set(plain.flat().map((value) => value.subject));
    if (plainSubjects.size > 0) {
      const held = await keysFor(plainSubjects, keys.find);
      opened.forEach((event, i) => {
        for (const { personal, subject } of plain[i] ?? []) {
          if (held.get(subject) !== null) continue;
          const [root, ...path] = personal.path;
          slot(event[root], path)?.set(personal.erased);
        }
      });
    }
    for (const event of events) forget(event);
    return opened;
  };

  const appendMany = async (requests: AppendRequest[]): Promise<AppendResult> => {
    const result = await store.appendMany(await sealAll(requests));
    const erased = requests.flatMap((r) =>
      r.events.flatMap((event) => {
        const erase = policy.erasures[event.type];
        return erase ? [erase(event)] : [];
      }),
    );
    if (erased.length > 0) {
      for (const subject of erased) cache.set(subject, { key: null, at: Date.now() });
      await keys.destroy(erased);
    }
    return result;
  };

  return {
    append: (stream: string, expected: ExpectedVersion, events: EventData[]) =>
      appendMany([{ stream, expected, events }]),
    appendMany,
    readStream: async (stream, readOptions) => openAll(await store.readStream(stream, readOptions)),
    readAll: async (readOptions) => openAll(await store.readAll(readOptions)),
    eventAt: async (position) => {
      const event = await store.eventAt(position);
      return event && (await openAll([event]))[0];
    },
    async *subscribe(subscribeOptions?: SubscribeOptions) {
      for await (const event of store.subscribe(subscribeOptions)) {
        yield (await openAll([event]))[0] as RecordedEvent;
      }
    },
    headPosition: () => store.headPosition(),
    storeId: () => store.storeId(),
    close: () => store.close(),
    keys,
  };
}
