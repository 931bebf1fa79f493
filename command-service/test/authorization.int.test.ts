// The authorization matrix: every call x anonymous, buyer, seller, owning seller, admin (and a
// deleted user whose token has not expired yet). The role is the one the caller's own user
// stream holds; ownership is the car's seller. A refused call appends nothing.
import { useAuthEmulator } from '@second-gear/identity/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  carBody,
  engineIndependent,
  multipartBody,
  startWorld,
  type TestUser,
  titleOf,
  type World,
} from './support.ts';

const emulator = useAuthEmulator();

/** A webhook's registration; its host resolves to a public address (see `resolve` below). */
const hook = { url: 'https://hooks.example.com/matrix', types: ['CarListed'] };

const callers = ['anonymous', 'buyer', 'seller', 'owning seller', 'admin', 'deleted user'] as const;
type Caller = (typeof callers)[number];

type Fixtures = {
  world: World;
  admin: TestUser;
  categoryName: string;
  /** A user of the caller's kind; `fresh` gives a new one for calls that change the caller. */
  caller(kind: Caller, fresh?: boolean): Promise<TestUser | undefined>;
  owner: TestUser;
  /** A search saved by the shared buyer. */
  savedSearch(): Promise<string>;
  /** A booking by the shared buyer of a car of the owner's, requested or accepted. */
  booking(status: 'requested' | 'accepted'): Promise<string>;
  /** An API key the admin issued. */
  apiKey(): Promise<string>;
  /** A webhook endpoint the admin registered, paused or not. */
  webhook(paused?: boolean): Promise<string>;
  /** A conversation the shared buyer opened about a new car of the owner's. */
  conversation(): Promise<string>;
  /** A new car of the owner's. */
  ownersCar(): Promise<string>;
  /** The group of a report the shared buyer filed on a new car of the owner's. */
  reportedCar(): Promise<string>;
  /** The group of a report the shared buyer filed on a message the owner wrote them. */
  reportedMessage(): Promise<string>;
  /** A review the shared buyer posted of the owner, after a meetup the owner accepted. */
  review(): Promise<string>;
};

type Request = { method: string; url: string; body?: unknown; idToken?: boolean };

type Case = {
  call: string;
  /** The call changes its caller (applying for seller), so each cell gets a new caller. */
  changesCaller?: boolean;
  /** An allowed call that finds nothing to change, so appends nothing. */
  appendsNothing?: boolean;
  request(f: Fixtures): Promise<Request>;
  expected: Record<Caller, number>;
};

const cases: Case[] = [
  {
    call: 'POST /api/user',
    request: async () => ({ method: 'POST', url: '/api/user', body: {}, idToken: true }),
    // Everyone signed in is registered already: 200 and nothing new. A deleted user's sign-in
    // account goes later, through its reactor (not run here): until then their ID token still
    // verifies, and the registration is refused because the account was deleted.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/user/seller',
    changesCaller: true,
    request: async () => ({ method: 'POST', url: '/api/user/seller' }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 409,
      'owning seller': 409,
      admin: 409,
      'deleted user': 403,
    },
  },
  {
    call: 'PUT /api/user/admin/:id',
    request: async (f) => ({
      method: 'PUT',
      url: `/api/user/admin/${(await f.world.user('Buyer')).uid}`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/user/:id',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/user/${(await f.world.user('Buyer')).uid}`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/category',
    request: async () => ({
      method: 'POST',
      url: '/api/category',
      body: { name: `Category ${Math.random().toString(36).slice(2)}` },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/category/:id',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/category/${await f.world.category(f.admin)}`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/product',
    request: async (f) => ({ method: 'POST', url: '/api/product', body: carBody(f.categoryName) }),
    // An admin holds every seller right.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 201,
      'owning seller': 201,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'PUT /api/products/:id',
    request: async (f) => ({
      method: 'PUT',
      url: `/api/products/${await f.world.car(f.owner, f.categoryName)}`,
    }),
    // Only the owning seller advertises.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/product/:id',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/product/${await f.world.car(f.owner, f.categoryName)}`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/booking',
    request: async (f) => ({
      method: 'POST',
      url: '/api/booking',
      body: bookingBody(await f.world.car(f.owner, f.categoryName)),
    }),
    // Any signed-in user but the car's own seller.
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'PATCH /api/product/:id',
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/product/${await f.world.car(f.owner, f.categoryName)}`,
      body: { price: 9999 },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/product/:id/sold',
    request: async (f) => ({
      method: 'POST',
      url: `/api/product/${await f.world.car(f.owner, f.categoryName)}/sold`,
    }),
    // Only the owning seller sells.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'PUT /api/favourites/:id',
    request: async (f) => ({
      method: 'PUT',
      url: `/api/favourites/${await f.world.car(f.owner, f.categoryName)}`,
    }),
    // Any signed-in user, the seller of the car included.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/favourites/:id',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/favourites/${await f.world.car(f.owner, f.categoryName)}`,
    }),
    // Letting go of what one does not keep changes nothing, and is no error.
    appendsNothing: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/saved-searches/:id',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/saved-searches/${await f.savedSearch()}`,
    }),
    // "buyer" saved it: a search is only ever its owner's, so to anyone else it does not exist.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 404,
      'owning seller': 404,
      admin: 404,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/saved-searches',
    request: async () => ({
      method: 'POST',
      url: '/api/saved-searches',
      body: { name: 'Cheap', query: 'maxPrice=9000' },
    }),
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 201,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'PUT /api/user/me',
    changesCaller: true,
    request: async () => ({
      method: 'PUT',
      url: '/api/user/me',
      body: { phone: `+1 555 ${String(Math.floor(Math.random() * 9000) + 1000)}` },
    }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/notifications/read',
    request: async () => ({ method: 'POST', url: '/api/notifications/read', body: {} }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/booking/:id/accept',
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('requested')}/accept`,
    }),
    // "buyer" is the booking's buyer: only the car's seller answers a booking.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/booking/:id/decline',
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('requested')}/decline`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/booking/:id/cancel',
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('accepted')}/cancel`,
    }),
    // An accepted booking: its buyer or the car's seller may cancel it, nobody else.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/conversations',
    request: async (f) => ({
      method: 'POST',
      url: '/api/conversations',
      body: { carId: await f.ownersCar(), text: 'Is it still for sale?' },
    }),
    // Anyone signed in but the car's seller.
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/conversations/:id/messages',
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/messages`,
      body: { text: 'Hello again' },
    }),
    // Its two parties; to anyone else, an admin included, it does not exist.
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 404,
      'owning seller': 201,
      admin: 404,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/conversations/:id/read',
    appendsNothing: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/read`,
      body: { upTo: 0 },
    }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 404,
      'owning seller': 200,
      admin: 404,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/conversations/:id/block',
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/block`,
    }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 404,
      'owning seller': 200,
      admin: 404,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/conversations/:id/unblock',
    appendsNothing: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/unblock`,
    }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 404,
      'owning seller': 200,
      admin: 404,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/product/:id/renew',
    request: async (f) => ({ method: 'POST', url: `/api/product/${await f.ownersCar()}/renew` }),
    // Its seller alone, an admin included.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/reports',
    request: async (f) => ({
      method: 'POST',
      url: '/api/reports',
      body: { subject: { type: 'car', id: await f.ownersCar() }, reason: 'scam' },
    }),
    // Anyone signed in but the car's seller.
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/reports/:id/resolve',
    request: async (f) => ({
      method: 'POST',
      url: `/api/reports/${await f.reportedCar()}/resolve`,
      body: { action: 'dismiss', reason: 'Nothing wrong with it' },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/reports/:id/view',
    request: async (f) => ({
      method: 'POST',
      url: `/api/reports/${await f.reportedMessage()}/view`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/reviews',
    request: async (f) => ({
      method: 'POST',
      url: '/api/reviews',
      body: { bookingId: await f.booking('accepted'), rating: 5, text: 'As described' },
    }),
    // The booking's buyer alone (the shared buyer booked it).
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 403,
      'owning seller': 403,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/reviews/:id/answer',
    request: async (f) => ({
      method: 'POST',
      url: `/api/reviews/${await f.review()}/answer`,
      body: { text: 'Thank you' },
    }),
    // The seller reviewed alone.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  {
    call: 'POST /api/api-keys',
    request: async () => ({
      method: 'POST',
      url: '/api/api-keys',
      body: { name: 'Matrix key', scopes: ['feed:read'] },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  {
    call: 'DELETE /api/api-keys/:id',
    request: async (f) => ({ method: 'DELETE', url: `/api/api-keys/${await f.apiKey()}` }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
  ...(
    [
      ['POST /api/webhooks', async () => ({ method: 'POST', url: '/api/webhooks', body: hook })],
      [
        'POST /api/webhooks/:id/pause',
        async (f: Fixtures) => ({
          method: 'POST',
          url: `/api/webhooks/${await f.webhook()}/pause`,
        }),
      ],
      [
        'POST /api/webhooks/:id/resume',
        async (f: Fixtures) => ({
          method: 'POST',
          url: `/api/webhooks/${await f.webhook(true)}/resume`,
        }),
      ],
      [
        'DELETE /api/webhooks/:id',
        async (f: Fixtures) => ({ method: 'DELETE', url: `/api/webhooks/${await f.webhook()}` }),
      ],
      [
        'POST /api/webhooks/:id/replay',
        async (f: Fixtures) => ({
          method: 'POST',
          url: `/api/webhooks/${await f.webhook()}/replay`,
          body: { fromPosition: '0' },
        }),
      ],
    ] as const
  ).map(
    ([call, request]): Case => ({
      call,
      request,
      // Admins, and API keys with the scope (command-service/test/integrations.int.test.ts).
      expected: {
        anonymous: 401,
        buyer: 403,
        seller: 403,
        'owning seller': 403,
        admin: call === 'POST /api/webhooks' ? 201 : 200,
        'deleted user': 403,
      },
    }),
  ),
];

for (const backend of engineIndependent()) {
  describe.skipIf(backend.skipReason)(`authorization matrix: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let fixtures: Fixtures;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator, {
        webhooks: { targets: { policy: 'public' }, resolve: async () => ['93.184.216.34'] },
      });
      const admin = await world.user('Admin');
      const categoryName = `Matrix ${Math.random().toString(36).slice(2)}`;
      await world.category(admin, categoryName);
      let lastConversation: string | undefined;
      const shared = {
        buyer: await world.user('Buyer'),
        seller: await world.user('Seller'),
        owner: await world.user('Seller'),
        deleted: await world.user('Buyer'),
      };
      const removed = await world.call('DELETE', `/api/user/${shared.deleted.uid}`, {
        token: admin.token,
      });
      expect(removed.statusCode).toBe(200);
      const byRole: Record<Caller, () => Promise<TestUser | undefined>> = {
        anonymous: async () => undefined,
        buyer: () => world.user('Buyer'),
        seller: () => world.user('Seller'),
        'owning seller': () => world.user('Seller'),
        admin: () => world.user('Admin'),
        'deleted user': async () => shared.deleted,
      };
      fixtures = {
        world,
        admin,
        categoryName,
        owner: shared.owner,
        async savedSearch() {
          const saved = await world.call('POST', '/api/saved-searches', {
            token: shared.buyer.token,
            body: { name: 'Matrix', query: 'maxPrice=9000' },
          });
          expect(saved.statusCode).toBe(201);
          return saved.json().insertedId as string;
        },
        async booking(status) {
          const carId = await world.car(shared.owner, categoryName);
          const booked = await world.call('POST', '/api/booking', {
            token: shared.buyer.token,
            body: bookingBody(carId),
          });
          expect(booked.statusCode).toBe(201);
          const bookingId = booked.json().insertedId as string;
          if (status === 'accepted') {
            const accepted = await world.call('POST', `/api/booking/${bookingId}/accept`, {
              token: shared.owner.token,
            });
            expect(accepted.statusCode).toBe(200);
          }
          return bookingId;
        },
        ownersCar: () => world.car(shared.owner, categoryName),
        async conversation() {
          // A block is between people: a cell before may have left the two blocked.
          if (lastConversation) {
            for (const party of [shared.buyer, shared.owner]) {
              const unblocked = await world.call(
                'POST',
                `/api/conversations/${lastConversation}/unblock`,
                { token: party.token },
              );
              expect(unblocked.statusCode).toBe(200);
            }
          }
          const carId = await world.car(shared.owner, categoryName);
          const opened = await world.call('POST', '/api/conversations', {
            token: shared.buyer.token,
            body: { carId, text: 'Is it still for sale?' },
          });
          expect(opened.statusCode).toBe(201);
          lastConversation = opened.json().insertedId as string;
          return lastConversation;
        },
        async reportedCar() {
          const carId = await world.car(shared.owner, categoryName);
          const filed = await world.call('POST', '/api/reports', {
            token: shared.buyer.token,
            body: { subject: { type: 'car', id: carId }, reason: 'wrong-details' },
          });
          expect(filed.statusCode, filed.body).toBe(201);
          return `car-${carId}`;
        },
        async reportedMessage() {
          const conversationId = await this.conversation();
          const answered = await world.call(
            'POST',
            `/api/conversations/${conversationId}/messages`,
            {
              token: shared.owner.token,
              body: { text: 'Pay a deposit by wire first' },
            },
          );
          expect(answered.statusCode, answered.body).toBe(201);
          const messageId = answered.json().insertedId as string;
          const filed = await world.call('POST', '/api/reports', {
            token: shared.buyer.token,
            body: { subject: { type: 'message', id: messageId }, reason: 'scam' },
          });
          expect(filed.statusCode, filed.body).toBe(201);
          return `message-${messageId}`;
        },
        async review() {
          const bookingId = await this.booking('accepted');
          const posted = await world.call('POST', '/api/reviews', {
            token: shared.buyer.token,
            body: { bookingId, rating: 4 },
          });
          expect(posted.statusCode, posted.body).toBe(201);
          return bookingId;
        },
        async apiKey() {
          const issued = await world.call('POST', '/api/api-keys', {
            token: admin.token,
            body: { name: 'Matrix key', scopes: ['webhooks:manage'] },
          });
          expect(issued.statusCode).toBe(201);
          return issued.json().insertedId as string;
        },
        async webhook(paused = false) {
          const registered = await world.call('POST', '/api/webhooks', {
            token: admin.token,
            body: hook,
          });
          expect(registered.statusCode, registered.body).toBe(201);
          const id = registered.json().insertedId as string;
          if (paused) {
            const pause = await world.call('POST', `/api/webhooks/${id}/pause`, {
              token: admin.token,
            });
            expect(pause.statusCode).toBe(200);
          }
          return id;
        },
        async caller(kind, fresh = false) {
          if (fresh) return byRole[kind]();
          switch (kind) {
            case 'anonymous':
              return undefined;
            case 'buyer':
              return shared.buyer;
            case 'seller':
              return shared.seller;
            case 'owning seller':
              return shared.owner;
            case 'admin':
              return admin;
            case 'deleted user':
              return shared.deleted;
          }
        },
      };
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

    const imageCells = callers.map((caller) => ({
      caller,
      status: {
        anonymous: 401,
        buyer: 403,
        seller: 201,
        'owning seller': 201,
        admin: 201,
        'deleted user': 403,
      }[caller],
    }));

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
