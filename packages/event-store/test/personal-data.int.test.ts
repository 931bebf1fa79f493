import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEventStore,
  createSqlKeyStore,
  type EventData,
  type EventStore,
  type KeyStore,
  type PersonalDataPolicy,
  protectPersonalData,
  type RecordedEvent,
} from '../src/index.ts';
import { adaptersUnderTest, type OpenedStore } from './adapters.ts';

// Personal data sealed with each person's own key, and erased by destroying it, on every SQL
// adapter (the key store is a PostgreSQL or PGlite table; KurrentDB keeps its keys in one too).

const adapters = (await adaptersUnderTest()).filter((a) => a.name !== 'KurrentDB adapter');

const policy: PersonalDataPolicy = {
  byType: {
    PersonJoined: [
      {
        path: ['data', 'name'],
        subject: (e) => String(e.data.personId),
        erased: 'Someone',
      },
      { path: ['data', 'email'], subject: (e) => String(e.data.personId), erased: '' },
    ],
  },
  everyEvent: [
    {
      path: ['metadata', 'actor', 'email'],
      subject: (e) => (e.metadata.actor as { uid: string }).uid,
      erased: '',
    },
  ],
  erasures: { PersonLeft: (e) => String(e.data.personId) },
};

const joined = (personId: string, name: string, email: string): EventData => ({
  id: randomUUID(),
  type: 'PersonJoined',
  data: { personId, name, email },
  metadata: { actor: { uid: personId, email } },
});
const left = (personId: string, byUid: string, byEmail: string): EventData => ({
  id: randomUUID(),
  type: 'PersonLeft',
  data: { personId },
  metadata: { actor: { uid: byUid, email: byEmail } },
});

const plainText = (events: RecordedEvent[]) =>
  JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })));

describe.each(adapters)('$name: personal data', (adapter) => {
  let opened: OpenedStore;
  let keys: KeyStore;
  let store: EventStore;
  const ada = `ada-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;

  beforeEach(async (ctx) => {
    if (adapter.skipReason) ctx.skip();
    opened = await adapter.open();
    keys = await createSqlKeyStore(opened.sqlExecutor!());
    store = protectPersonalData(opened.store, { policy, keys });
  });
  afterEach(async () => {
    await opened?.dispose();
  });

  it('keeps personal values sealed in the log and hands them plain to its readers', async () => {
    await store.append(`person-${ada}`, 'no_stream', [
      joined(ada, 'Ada Lovelace', 'ada@example.com'),
    ]);

    const raw = await opened.store.readStream(`person-${ada}`);
    expect(plainText(raw)).not.toMatch(/Ada Lovelace|ada@example\.com/);
    expect(raw[0]?.data).toMatchObject({ personId: ada });

    const [read] = await store.readStream(`person-${ada}`);
    expect(read?.data).toEqual({ personId: ada, name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(read?.metadata).toEqual({ actor: { uid: ada, email: 'ada@example.com' } });
    const [fromAll] = await store.readAll({ limit: 10 });
    expect(fromAll?.data.name).toBe('Ada Lovelace');
    expect((await store.eventAt(read!.position))?.data.email).toBe('ada@example.com');
  });

  it('erases a person in every read, and everything written about them later, once they leave', async () => {
    await store.append(`person-${ada}`, 'no_stream', [
      joined(ada, 'Ada Lovelace', 'ada@example.com'),
    ]);
    await store.append(`person-${bob}`, 'no_stream', [joined(bob, 'Bob Byte', 'bob@example.com')]);
    // Another process, which read Ada's key before she left.
    const elsewhere = protectPersonalData(opened.store, { policy, keys, keyCacheMs: 0 });
    expect((await elsewhere.readStream(`person-${ada}`))[0]?.data.name).toBe('Ada Lovelace');

    await store.append(`person-${ada}`, 0, [left(ada, bob, 'bob@example.com')]);
    // Written after she left (as an event replayed by an importer would be): never sealed.
    await store.append(`person-${ada}`, 1, [joined(ada, 'Ada Again', 'again@example.com')]);

    for (const reader of [store, elsewhere]) {
      const events = await reader.readStream(`person-${ada}`);
      expect(events.map((e) => e.data)).toEqual([
        { personId: ada, name: 'Someone', email: '' },
        { personId: ada },
        { personId: ada, name: 'Someone', email: '' },
      ]);
      expect(events[0]?.metadata).toEqual({ actor: { uid: ada, email: '' } });
      // Who erased her is still known, and Bob is untouched.
      expect(events[1]?.metadata).toEqual({ actor: { uid: bob, email: 'bob@example.com' } });
      expect((await reader.readStream(`person-${bob}`))[0]?.data.name).toBe('Bob Byte');
    }
    const all = await store.readAll({ limit: 100 });
    expect(plainText(all)).not.toMatch(/Ada|ada@|again@/);
    const subscription = new AbortController();
    const followed: RecordedEvent[] = [];
    for await (const event of store.subscribe({ signal: subscription.signal })) {
      followed.push(event);
      if (followed.length === all.length) subscription.abort();
    }
    expect(plainText(followed)).toBe(plainText(all));
    expect(plainText(await opened.store.readAll({ limit: 100 }))).not.toMatch(/Ada|ada@|again@/);
    expect(await keys.destroyed()).toEqual([ada]);
  });

  it('leaves a backup of the log taken before a person left unreadable for them once restored', async () => {
    await store.append(`person-${ada}`, 'no_stream', [
      joined(ada, 'Ada Lovelace', 'ada@example.com'),
    ]);
    await store.append(`person-${bob}`, 'no_stream', [joined(bob, 'Bob Byte', 'bob@example.com')]);
    // The backup: the log as stored, event for event, restored into another database.
    const backup = await opened.store.readAll({ limit: 100 });
    // A PGlite database of its own, which takes seconds to start on a busy machine.
    const restoredLog = await createEventStore({ kind: 'pglite' });
    try {
      for (const event of backup) {
        const { id, type, data, metadata } = event;
        await restoredLog.append(event.streamId, 'any', [{ id, type, data, metadata }]);
      }
      const restored = protectPersonalData(restoredLog, { policy, keys, keyCacheMs: 0 });
      const names = async () => (await restored.readAll({ limit: 100 })).map((e) => e.data.name);
      expect(await names()).toEqual(['Ada Lovelace', 'Bob Byte']);

      await store.append(`person-${ada}`, 0, [left(ada, bob, 'bob@example.com')]);

      expect(await names()).toEqual(['Someone', 'Bob Byte']);
      expect(plainText(await restored.readAll({ limit: 100 }))).not.toMatch(/Ada|ada@/);
    } finally {
      await restoredLog.close();
    }
  }, 30_000);

  it('reads what an older version wrote in plain text as it is, and as erased once its person is', async () => {
    // Written before values were sealed: plain in the log.
    await opened.store.append(`person-${ada}`, 'no_stream', [
      joined(ada, 'Ada Lovelace', 'ada@example.com'),
    ]);
    await opened.store.append(`person-${bob}`, 'no_stream', [
      joined(bob, 'Bob Byte', 'bob@example.com'),
    ]);
    expect((await store.readStream(`person-${ada}`))[0]?.data.name).toBe('Ada Lovelace');
    // Just read with no key of hers yet: what she writes now is sealed with a new one.
    await store.append(`person-${ada}`, 0, [joined(ada, 'Ada King', 'ada@example.com')]);
    expect((await store.readStream(`person-${ada}`))[1]?.data.name).toBe('Ada King');

    await store.append(`person-${ada}`, 1, [left(ada, bob, 'bob@example.com')]);

    const [legacy] = await store.readStream(`person-${ada}`);
    expect(legacy?.data).toEqual({ personId: ada, name: 'Someone', email: '' });
    expect(legacy?.metadata).toEqual({ actor: { uid: ada, email: '' } });
    expect((await store.readAll({ limit: 10 })).map((e) => e.data.name)).toEqual([
      'Someone',
      'Bob Byte',
      'Someone',
      undefined,
    ]);
  });

  it('makes each key once, however many writers ask for it at the same time', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => keys.obtain([ada, bob])));
    const adaKeys = new Set(made.map((m) => m.get(ada)?.toString('hex')));
    expect(adaKeys.size).toBe(1);
    expect([...adaKeys][0]).toMatch(/^[0-9a-f]{64}$/);
    await keys.destroy([ada]);
    expect((await keys.obtain([ada, bob])).get(ada)).toBeNull();
  });
});
