import { randomUUID } from 'node:crypto';
import { streams } from '@second-gear/features';
import { createFirebaseAuth, type FirebaseAuth } from '@second-gear/identity';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityAccountsReactor } from '../src/reactions/identity-accounts.ts';
import {
  type Reactor,
  type RunningReactors,
  readReactorStates,
  setReactorCheckpoint,
  startReactors,
} from '../src/reactions/reactor.ts';
import { backends, eventually, type Setup } from './backends.ts';
import { eventData } from './testing.ts';

const emulator = useAuthEmulator();
const list = await backends('reactions', 'one');
const admin = { uid: 'admin-r', email: 'admin-r@example.com', role: 'Admin' as const };

const userDeleted = (userId: string, email: string) =>
  eventData('UserDeleted', { userId, email }, admin);

describe.each(list)('reactors on $name', ({ open }) => {
  let setup: Setup;
  let auth: FirebaseAuth;
  let running: RunningReactors | undefined;

  beforeAll(() => {
    auth = createFirebaseAuth({ projectId: emulator.projectId, emulatorHost: emulator.host });
  });
  afterAll(async () => {
    await auth.close();
  });
  beforeEach(async () => {
    setup = await open();
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await setup.close();
  });

  const start = async (reactors: readonly Reactor[], store = setup.store) => {
    running = await startReactors({
      store,
      recheckMs: 50,
      db: setup.db,
      reactors,
      firstDelayMs: 20,
      maxDelayMs: 100,
    });
    return running;
  };
  const stateOf = async (name: string) =>
    (await readReactorStates(setup.db)).find((s) => s.name === name);

  it('deletes the sign-in account of a deleted user, once, from the event alone', async () => {
    const leaving = await emulator.signUp({});
    const staying = await emulator.signUp({});
    await setup.store.append(streams.user('other'), 'any', [
      eventData(
        'UserRegistered',
        { userId: 'other', name: 'O', email: 'o@example.com', role: 'Buyer', photoURL: null },
        admin,
      ),
    ]);
    const { position } = await setup.store.append(streams.user(leaving.uid), 'any', [
      userDeleted(leaving.uid, leaving.email),
    ]);
    await start([identityAccountsReactor(auth)]);
    await eventually(async () => (await stateOf('identity-accounts'))?.position === position);

    await expect(auth.verifyIdToken(leaving.idToken)).rejects.toThrow();
    await expect(emulator.signIn({ email: leaving.email })).rejects.toThrow();
    expect(await auth.verifyIdToken(staying.idToken)).toMatchObject({ uid: staying.uid });

    // Started again, it goes on from its checkpoint; an account already gone is no failure.
    await running?.stop();
    await setup.store.append(streams.user(leaving.uid), 'any', [
      userDeleted(leaving.uid, leaving.email),
    ]);
    const { position: last } = await setup.store.append(streams.user(staying.uid), 'any', [
      userDeleted(staying.uid, staying.email),
    ]);
    await start([identityAccountsReactor(auth)]);
    await eventually(async () => (await stateOf('identity-accounts'))?.position === last);
    await expect(auth.verifyIdToken(staying.idToken)).rejects.toThrow();
    expect((await stateOf('identity-accounts'))?.failing).toBeUndefined();
  });

  it('retries a failing effect with backoff, visibly, until it succeeds, keeping the order', async () => {
    const first = randomUUID();
    const second = randomUUID();
    await setup.store.append(streams.user(first), 'any', [userDeleted(first, 'a@example.com')]);
    const { position } = await setup.store.append(streams.user(second), 'any', [
      userDeleted(second, 'b@example.com'),
    ]);
    const done: string[] = [];
    let outage = true;
    const flaky: Reactor = {
      name: 'flaky',
      types: new Set(['UserDeleted']),
      async react(event) {
        if (event.type !== 'UserDeleted') return;
        if (outage) throw new Error('sign-in service unavailable');
        done.push(event.data.userId);
      },
    };
    await start([flaky]);
    await eventually(async () => ((await stateOf('flaky'))?.failing?.attempts ?? 0) >= 3);
    const failing = await stateOf('flaky');
    expect(failing?.failing).toMatchObject({
      lastError: 'Error: sign-in service unavailable',
      attempts: expect.any(Number),
    });
    expect(failing?.failing?.nextAttemptAt.getTime()).toBeGreaterThan(
      failing?.failing?.since.getTime() ?? Infinity,
    );
    expect(failing?.position).toBeUndefined();
    expect(done).toEqual([]);

    outage = false;
    await eventually(async () => (await stateOf('flaky'))?.position === position);
    expect(done).toEqual([first, second]);
    expect((await stateOf('flaky'))?.failing).toBeUndefined();
  });

  it('parks an event it cannot read and goes on with the next', async () => {
    const good = randomUUID();
    await setup.store.append(streams.user('bad'), 'any', [
      { ...userDeleted('bad', 'bad@example.com'), data: { user: 'bad' } },
    ]);
    const { position } = await setup.store.append(streams.user(good), 'any', [
      userDeleted(good, 'good@example.com'),
    ]);
    const done: string[] = [];
    await start([
      {
        name: 'recorder',
        types: new Set(['UserDeleted']),
        async react(event) {
          if (event.type === 'UserDeleted') done.push(event.data.userId);
        },
      },
    ]);
    await eventually(async () => (await stateOf('recorder'))?.position === position);
    expect(done).toEqual([good]);
    expect((await stateOf('recorder'))?.parked).toBe(1);
  });

  it('refuses a checkpoint of another store, reacting to none of its events, until an operator sets one', async () => {
    const seen: bigint[] = [];
    // A name of its own: the reactions schema is shared by the tests on one server.
    const name = `guarded-${randomUUID().slice(0, 8)}`;
    const recorder: Reactor = {
      name,
      types: new Set(['UserDeleted']),
      react: async (event) => {
        seen.push(event.position);
      },
    };
    for (const id of ['a', 'b', 'c']) {
      await setup.store.append(streams.user(id), 'any', [userDeleted(id, `${id}@example.com`)]);
    }
    const head = await setup.store.headPosition();
    await start([recorder]);
    await eventually(async () => (await stateOf(name))?.position === head);
    await running?.stop();
    expect(seen).toHaveLength(3);

    // The same reactions schema, now pointed at another store with fewer events.
    const other = await setup.openAnotherStore();
    const { position } = await other.append(streams.user('d'), 'any', [
      userDeleted('d', 'd@example.com'),
    ]);
    const live = await start([recorder], other);
    await eventually(async () => (await stateOf(name))?.refused !== undefined);
    expect((await stateOf(name))?.refused).toMatch(/another event store/);
    expect((await live.states())[0]?.refused).toMatch(/another event store/);
    expect(seen).toHaveLength(3);

    await setReactorCheckpoint({ store: other, db: setup.db, name, from: 'start' });
    await eventually(() => seen.length === 4);
    expect(seen.at(-1)).toBe(position);
    await eventually(async () => (await stateOf(name))?.refused === undefined);
  });
});
