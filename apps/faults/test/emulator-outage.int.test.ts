import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpWithPassword } from '@second-gear/identity';
import { afterAll, describe, expect, it } from 'vitest';
import { allInOneOn, call, carBody, eventually } from '../src/processes.ts';

describe('the Auth Emulator gone while the all-in-one runs', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('answers sign-ups and token exchanges with 503 problems, while reads and signed-in writes go on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sg-fault-emulator-'));
    dirs.push(dataDir);
    const { url, emulatorHost, start } = await allInOneOn(dataDir);
    const marketplace = start();
    try {
      await marketplace.said('is running on');
      const email = `outage-${randomUUID().slice(0, 8)}@example.com`;
      const session = await signUpWithPassword(emulatorHost, { email });
      const registered = await call(url, 'POST', '/api/user', {
        token: session.idToken,
        body: { name: 'Outage', email, type: 'Seller' },
      });
      expect(registered.status).toBe(201);
      const exchange = await call(url, 'GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
        token: session.idToken,
        headers: { 'x-min-position': String(registered.body.position) },
      });
      expect(exchange.status).toBe(200);
      const token = String(exchange.body.accessToken);
      const other = await signUpWithPassword(emulatorHost, {
        email: `later-${randomUUID().slice(0, 8)}@example.com`,
      });

      // The emulator and its watchdog, killed outright.
      const watchdog = Number(
        await readFile(join(dataDir, 'auth.emulator.pid'), 'utf8').then((t) => t.split(/\s+/)[0]),
      );
      process.kill(-watchdog, 'SIGKILL');
      await eventually(
        () =>
          fetch(`http://${emulatorHost}/`).then(
            () => false,
            () => true,
          ),
        10_000,
        'the emulator to be gone',
      );

      for (const answer of [
        await call(url, 'GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
          token: session.idToken,
        }),
        await call(url, 'POST', '/api/user', {
          token: other.idToken,
          body: { name: 'Later', email: other.email, type: 'Buyer' },
        }),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('content-type')).toContain('application/problem+json');
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(answer.body).toMatchObject({
          title: 'Service Unavailable',
          detail: 'A service this one depends on does not answer right now; try again shortly.',
        });
      }

      // Reads go on, and so do writes of those signed in already (their service token).
      expect((await call(url, 'GET', '/api/products?limit=5')).status).toBe(200);
      expect((await call(url, 'GET', '/api/categories')).status).toBe(200);
      const listed = await call(url, 'POST', '/api/product', {
        token,
        body: carBody('Listed without the sign-in service'),
      });
      expect(listed.status).toBe(201);
      const read = await call(url, 'GET', `/api/product/${String(listed.body.insertedId)}`, {
        headers: { 'x-min-position': String(listed.body.position) },
      });
      expect(read.status).toBe(200);
      expect((await call(url, 'GET', '/health')).status).toBe(200);
    } finally {
      await marketplace.stop();
    }
  });
});
