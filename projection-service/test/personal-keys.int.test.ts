import { randomUUID } from 'node:crypto';
import { createEventStore, createKeyStore, protectPersonalData } from '@second-gear/event-store';
import { personalDataPolicy, streams } from '@second-gear/features';
import { createReadModelDb, openPGlite } from '@second-gear/read-model';
import { expect, it } from 'vitest';
import { personalKeysReactor } from '../src/reactions/personal-keys.ts';
import { readReactorStates, startReactors } from '../src/reactions/reactor.ts';
import { eventually } from './backends.ts';
import { eventData } from './testing.ts';

const admin = { uid: 'admin-k', email: 'admin-k@example.com', role: 'Admin' as const };

it('destroys the key of a user whose deletion was written by a process that stopped before it could', async () => {
  const pglite = await openPGlite();
  const log = await createEventStore({ kind: 'pglite', db: pglite });
  const keys = await createKeyStore({ kind: 'pglite', db: pglite });
  const store = protectPersonalData(log, { policy: personalDataPolicy, keys, keyCacheMs: 0 });
  const db = createReadModelDb({ pglite });
  const uid = `sam-${randomUUID()}`;
  try {
    await store.append(streams.user(uid), 'no_stream', [
      eventData(
        'UserRegistered',
        {
          userId: uid,
          name: 'Sam Seller',
          email: 'sam@example.com',
          role: 'Seller',
          photoURL: null,
        },
        { uid, email: 'sam@example.com', role: 'Seller' },
      ),
    ]);
    // The deletion as the log holds it when its writer stopped before destroying the key.
    const sealed = await protectPersonalData(log, {
      policy: { ...personalDataPolicy, erasures: {} },
      keys,
    }).append(streams.user(uid), 0, [
      eventData('UserDeleted', { userId: uid, email: 'sam@example.com' }, admin),
    ]);
    expect((await store.readStream(streams.user(uid)))[0]?.data.name).toBe('Sam Seller');

    const reactors = await startReactors({ store, db, reactors: [personalKeysReactor(keys)] });
    try {
      await eventually(
        async () =>
          (await readReactorStates(db)).find((r) => r.name === 'personal-keys')?.position ===
          sealed.position,
      );
    } finally {
      await reactors.stop();
    }
    const [registered, deleted] = await store.readStream(streams.user(uid));
    expect(registered?.data).toMatchObject({ name: 'Deleted user', email: '' });
    expect(deleted?.data).toEqual({ userId: uid, email: '' });
    expect(await keys.destroyed()).toContain(uid);
  } finally {
    await db.destroy();
    await log.close();
    await pglite.close();
  }
});
