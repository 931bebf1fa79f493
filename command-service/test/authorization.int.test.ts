// The authorization matrix: every write call x anonymous, buyer, seller, owning seller, admin
// (and a deleted user whose token has not expired yet). Each feature states who may make its
// calls, in its `test/authorization.ts`; this runs every row over HTTP. The role is the one the
// caller's own user stream holds; ownership is the car's seller. A refused call appends nothing.
import { writeCalls } from '@second-gear/features/contract';
import { authorization } from '@second-gear/features/test/authorization';
import {
  allowing,
  bookingBody,
  callers,
  type Fixtures,
  matrixFixtures,
} from '@second-gear/features/test/matrix';
import { useAuthEmulator } from '@second-gear/identity/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineIndependent, multipartBody, startWorld, titleOf, type World } from './support.ts';

const emulator = useAuthEmulator();

const cases = Object.entries(authorization).map(([name, row]) => {
  const { method, path } = writeCalls[name as keyof typeof writeCalls];
  // The request a row makes is the call it stands for: its method, and its path's pattern.
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return { ...row, call: `${method} ${path}`, method, pattern };
});

for (const backend of engineIndependent()) {
  describe.skipIf(backend.skipReason)(`authorization matrix: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let fixtures: Fixtures;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator, {
        // The matrix's webhook host resolves to a public address.
        webhooks: { targets: { policy: 'public' }, resolve: async () => ['93.184.216.34'] },
      });
      fixtures = await matrixFixtures(world);
    }, 120_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    const cells = cases.flatMap((c) =>
      callers.map((caller) => ({ ...c, caller, status: c.expected[caller] })),
    );

    it.each(cells)('$call by $caller answers $status', async (cell) => {
      const request = await cell.request(fixtures);
      expect(request.method).toBe(cell.method);
      expect(request.url).toMatch(cell.pattern);
      const user = await fixtures.caller(cell.caller, cell.changesCaller);
      const token = user && (request.idToken ? user.idToken : user.token);
      const before = await world.head();
      const answer = await world.call(request.method, request.url, {
        token,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      expect(answer.statusCode, answer.body).toBe(cell.status);
      if (cell.status >= 400) {
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(answer.json()).toMatchObject({ status: cell.status });
        expect(await world.head()).toBe(before);
      } else if (cell.appendsNothing) {
        expect(await world.head()).toBe(before);
      } else if (cell.status === 201 || request.method !== 'POST' || request.url !== '/api/user') {
        expect(await world.head()).toBeGreaterThan(before);
      }
    });

    // Sellers and admins upload pictures.
    const uploaders = allowing({ seller: 201, 'owning seller': 201, admin: 201 });
    const imageCells = callers.map((caller) => ({ caller, status: uploaders[caller] }));

    it.each(imageCells)(
      'POST /api/images by $caller answers $status',
      async ({ caller, status }) => {
        const jpeg = await sharp({
          create: { width: 64, height: 48, channels: 3, background: '#c0392b' },
        })
          .jpeg()
          .toBuffer();
        const { payload, headers } = multipartBody('image', jpeg);
        const user = await fixtures.caller(caller);
        const before = await world.head();
        const answer = await world.call('POST', '/api/images', {
          token: user?.token,
          body: payload,
          headers,
        });
        expect(answer.statusCode, answer.body).toBe(status);
        if (status === 201) {
          const { url } = answer.json().data;
          const served = await world.call('GET', url);
          expect(served.statusCode).toBe(200);
          expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
        } else {
          expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        }
        // Pictures are files, not events.
        expect(await world.head()).toBe(before);
      },
    );

    it('a service token with a bad signature, or an ID token where a service token goes, is 401', async () => {
      const buyer = await fixtures.caller('buyer');
      const forged = `${buyer?.token.slice(0, -4)}AAAA`;
      const before = await world.head();
      for (const token of [forged, buyer?.idToken, 'not-a-token']) {
        const answer = await world.call('POST', '/api/booking', {
          token,
          body: bookingBody('some-car'),
        });
        expect(answer.statusCode).toBe(401);
      }
      expect(await world.head()).toBe(before);
    });

    it('a promotion takes effect at once, whatever the token still says', async () => {
      const buyer = await world.user('Buyer');
      const refused = await world.call('POST', '/api/category', {
        token: buyer.token,
        body: { name: `Promoted ${Math.random()}` },
      });
      expect(refused.statusCode).toBe(403);
      await world.call('PUT', `/api/user/admin/${buyer.uid}`, { token: fixtures.admin.token });
      // Same token, still claiming Buyer.
      const allowed = await world.call('POST', '/api/category', {
        token: buyer.token,
        body: { name: `Promoted ${Math.random()}` },
      });
      expect(allowed.statusCode).toBe(201);
    });

    it('an admin cannot delete themself', async () => {
      const admin = await world.user('Admin');
      const answer = await world.call('DELETE', `/api/user/${admin.uid}`, { token: admin.token });
      expect(answer.statusCode).toBe(403);
    });
  });
}
