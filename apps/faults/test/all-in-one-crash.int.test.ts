import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@second-gear/event-store';
import { signInWithPassword, signUpWithPassword } from '@second-gear/identity';
import { openPGlite } from '@second-gear/read-model';
import { afterAll, describe, expect, it } from 'vitest';
import { allInOneOn, call, carBody, eventually } from '../src/processes.ts';

const CLIENTS = 8;

describe('kill -9 of the all-in-one while 8 clients write', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts again by itself, with every acknowledged write once and every acknowledged account able to sign in', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sg-fault-crash-'));
    dirs.push(dataDir);
    const { url, emulatorHost, start } = await allInOneOn(dataDir, {
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_TOKENS: '100000',
    });
    const first = start();
    await first.said('is running on');

    // Each client: an account (acknowledged by the sign-in service), its registration as a
    // seller (acknowledged by the marketplace), then listings until the process dies.
    const accounts: { email: string; password: string }[] = [];
    const registered: string[] = [];
    const listed: string[] = [];
    let killed = false;
    const client = async (n: number) => {
      const email = `crash-${n}-${randomUUID().slice(0, 8)}@example.com`;
      const password = `crash-password-${n}`;
      const session = await signUpWithPassword(emulatorHost, { email, password });
      accounts.push({ email, password });
      const registration = await call(url, 'POST', '/api/user', {
        token: session.idToken,
        body: { name: `Crash ${n}`, email, type: 'Seller' },
      });
      if (registration.status !== 201) throw new Error(JSON.stringify(registration.body));
      registered.push(email);
      const exchange = await call(url, 'GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
        token: session.idToken,
        headers: { 'x-min-position': String(registration.body.position) },
      });
      const token = String(exchange.body.accessToken);
      for (let i = 0; !killed; i++) {
        try {
          const answer = await call(url, 'POST', '/api/product', {
            token,
            body: carBody(`Crash car ${n}-${i}`),
          });
          if (answer.status === 201) listed.push(String(answer.body.insertedId));
          else throw new Error(`listing answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    };
    const clients = Promise.allSettled(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    await eventually(() => listed.length >= 40, 120_000, '40 acknowledged listings');
    killed = true;
    await first.kill();
    const settled = await clients;
    // Only the kill ended them: no client failed while the process was up.
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(registered).toHaveLength(CLIENTS);

    // Again, as `npm start` after a crash: no manual step.
    const second = start();
    try {
      await second.said('is running on', 120_000);
      for (const account of accounts) {
        const session = await signInWithPassword(emulatorHost, account);
        const exchange = await call(
          url,
          'GET',
          `/api/jwt?email=${encodeURIComponent(account.email)}`,
          { token: session.idToken },
        );
        expect(exchange.status, account.email).toBe(200);
      }
      for (const id of listed) {
        expect((await call(url, 'GET', `/api/product/${id}`)).status, id).toBe(200);
      }
    } finally {
      await second.stop();
    }

    // Exactly once: no listing stored twice, none acknowledged and lost.
    const pglite = await openPGlite(join(dataDir, 'pglite'));
    try {
      const store = await createEventStore({ kind: 'pglite', db: pglite });
      const events = await store.readAll({ limit: 100_000 });
      await store.close();
      const listings = events.filter((e) => e.type === 'CarListed').map((e) => e.data.carId);
      expect(new Set(listings).size).toBe(listings.length);
      const stored = new Set(listings);
      expect(listed.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await pglite.close();
    }
  });
});
