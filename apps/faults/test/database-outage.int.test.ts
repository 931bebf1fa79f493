import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webBuilt } from '@second-gear/all-in-one';
import { promoteToAdminAsSystem } from '@second-gear/command-service';
import { openMarketplaceStore } from '@second-gear/features';
import { freePort, signUpWithPassword } from '@second-gear/identity';
import { type LocalCluster, startLocalCluster } from '@second-gear/local-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../src/postgres.ts';
import { call, carBody, eventually, PICTURE_HOST } from '../src/processes.ts';

const unavailable = privatePostgresUnavailable();

describe.skipIf(unavailable !== undefined)(
  unavailable === undefined
    ? 'PostgreSQL stopped and started under load (distributed mode)'
    : `PostgreSQL stopped and started (skipped: ${unavailable})`,
  () => {
    let postgres: PrivatePostgres;
    let cluster: LocalCluster;
    /** The processes' last lines, to say why when service does not return. */
    const lines: string[] = [];
    const imageDir = mkdtempSync(join(tmpdir(), 'sg-outage-images-'));

    beforeAll(async () => {
      postgres = await startPrivatePostgres(await freePort());
      cluster = await startLocalCluster({
        databaseUrl: postgres.url('second_gear'),
        webDist: await webBuilt(),
        imageDir,
        logLevel: 'error',
        // The gateway's lines only repeat what the services answered.
        onLine: (line) => {
          if (line.startsWith('[gateway]')) return;
          lines.push(line);
          if (lines.length > 200) lines.shift();
        },
        // The load comes from one address; its writes are not what is measured here.
        env: {
          RATE_LIMIT_MAX: '100000',
          RATE_LIMIT_TOKENS: '100000',
          IMAGE_HOSTS: PICTURE_HOST,
        },
      });
    });
    afterAll(async () => {
      await cluster?.stop();
      await postgres?.destroy();
      rmSync(imageDir, { recursive: true, force: true });
    });

    it('answers 503 problems while it is down, never a 500 or a hang, and serves again within 5 s', async () => {
      const url = cluster.url;
      const person = async (type: 'Buyer' | 'Seller') => {
        const email = `outage-${randomUUID().slice(0, 8)}@example.com`;
        const session = await signUpWithPassword(cluster.authEmulatorHost, { email });
        const registered = await call(url, 'POST', '/api/user', {
          token: session.idToken,
          body: { name: 'Outage', email, type },
        });
        expect(registered.status).toBe(201);
        return { ...session, email, position: String(registered.body.position) };
      };
      const tokenOf = async (user: { email: string; idToken: string; position: string }) =>
        String(
          (
            await call(url, 'GET', `/api/jwt?email=${encodeURIComponent(user.email)}`, {
              token: user.idToken,
              headers: { 'x-min-position': user.position },
            })
          ).body.accessToken,
        );
      const admin = await person('Buyer');
      const store = await openMarketplaceStore({
        kind: 'postgres',
        connectionString: postgres.url('second_gear'),
      });
      admin.position = String(await promoteToAdminAsSystem(store, admin.uid));
      await store.close();
      const adminToken = await tokenOf(admin);
      expect(
        (await call(url, 'POST', '/api/category', { token: adminToken, body: { name: 'Sedan' } }))
          .status,
      ).toBe(201);
      const sellers = await Promise.all([1, 2, 3].map(() => person('Seller')));
      const tokens = await Promise.all(sellers.map(tokenOf));

      // Load: each worker writes a listing and reads lists and a car, over and over.
      type Answer = { at: number; status: number; ms: number; what: string };
      const answers: Answer[] = [];
      let running = true;
      const timed = async (what: string, request: () => Promise<{ status: number }>) => {
        const started = Date.now();
        const status = await request().then(
          (answer) => answer.status,
          () => 0,
        );
        answers.push({ at: started, status, ms: Date.now() - started, what });
        return status;
      };
      const rounds = tokens.map(() => 0);
      const worker = async (token: string, n: number) => {
        for (let i = 0; running; i++) {
          await timed('write', () =>
            call(url, 'POST', '/api/product', { token, body: carBody(`Outage ${n}-${i}`) }),
          );
          await timed('read', () => call(url, 'GET', '/api/products?limit=5&sort=newest'));
          await timed('read', () => call(url, 'GET', '/api/categories'));
          rounds[n] = i + 1;
          // Timed: the pause between rounds sets the load's pace; it waits for nothing.
          await new Promise((wait) => setTimeout(wait, 50));
        }
      };
      const workers = tokens.map((token, n) => worker(token, n));
      await eventually(() => rounds.every((done) => done > 0), 30_000, 'a round from each worker');

      const down = Date.now();
      await postgres.stop();
      // Timed: the outage lasts this long; the answers during it are what is measured.
      await new Promise((wait) => setTimeout(wait, 4000));
      await postgres.start();
      const up = Date.now();

      // Full service again: a write is accepted, and a read that waits for it sees it.
      let recovered: number | undefined;
      let lastFailure = '';
      while (recovered === undefined && Date.now() - up < 30_000) {
        const written = await call(url, 'POST', '/api/product', {
          token: tokens[0],
          body: carBody('After the outage'),
        }).catch((error: unknown) => ({
          status: 0,
          body: { error: String(error) } as Record<string, unknown>,
          headers: new Headers(),
        }));
        if (written.status === 201) {
          const read = await call(url, 'GET', `/api/product/${String(written.body.insertedId)}`, {
            headers: { 'x-min-position': String(written.body.position) },
          });
          if (read.status === 200 && read.headers.get('x-position-reached') === 'true') {
            recovered = Date.now();
          } else {
            lastFailure = `read ${read.status} reached=${read.headers.get('x-position-reached')} at ${read.headers.get('x-projection-position')} of ${String(written.body.position)}`;
          }
        } else {
          lastFailure = `write ${written.status} ${JSON.stringify(written.body)}`;
        }
        // Timed: the poll interval of a bounded probe whose time to recover is measured.
        if (recovered === undefined) await new Promise((wait) => setTimeout(wait, 100));
      }
      // Timed: a window after recovery in which every answer must be a success.
      await new Promise((wait) => setTimeout(wait, 1000));
      running = false;
      await Promise.all(workers);

      const during = answers.filter((a) => a.at >= down && a.at < up);
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      // Never a 500, never a connection dropped without an answer.
      const broken = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
      expect(
        broken.length,
        `${JSON.stringify(broken.slice(0, 5))}\n${lines.slice(-40).join('\n').slice(-6000)}`,
      ).toBe(0);
      expect(during.every((a) => [200, 201, 304, 503].includes(a.status))).toBe(true);
      // Never a hang: every answer came within a few seconds, outage or not.
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
      expect(recovered, `${lastFailure}\n${lines.slice(-40).join('\n')}`).toBeDefined();
      expect((recovered ?? Infinity) - up).toBeLessThan(5000);
      const after = answers.filter((a) => a.at >= (recovered ?? 0));
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    });
  },
);
