// Racing writers and retried requests. Of concurrent bookings of one car exactly one wins; a
// request retried with the same Idempotency-Key, one after the other or at the same time, gets
// the same answer and appends its events once.
import { bookingBody, carBody } from '@second-gear/features/test/matrix';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startWorld, type TestUser, titleOf, typesOf, type World } from './support.ts';

const emulator = useAuthEmulator();

for (const backend of await backends()) {
  describe.skipIf(backend.skipReason)(`concurrency and idempotency: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let admin: TestUser;
    let seller: TestUser;
    let buyers: TestUser[];
    let category: string;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator);
      admin = await world.user('Admin');
      seller = await world.user('Seller');
      buyers = [];
      for (let i = 0; i < 10; i++) buyers.push(await world.user('Buyer'));
      category = await world.category(admin, 'Coupe');
    }, 120_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    it('10 buyers book one car at once: exactly one booking is made', async () => {
      const carId = await world.car(seller, category);
      const before = await world.head();
      const answers = await Promise.all(
        buyers.map((buyer) =>
          world.call('POST', '/api/booking', { token: buyer.token, body: bookingBody(carId) }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json().type).toBe('urn:second-gear:rule:car-already-booked');
      }
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['CarBooked', 'BookingIdClaimed']);
      const winner = answers.find((answer) => answer.statusCode === 201);
      expect(events[0]?.data.bookingId).toBe(winner?.json().insertedId);
      const carStream = await world.store.readStream(`car-${carId}`);
      expect(carStream.filter((event) => event.type === 'CarBooked')).toHaveLength(1);
    });

    it('one identity registered 10 times at once: one 201, the rest 200, one account', async () => {
      const signedIn = await world.emulator.signUp({ displayName: 'Twin' });
      const before = await world.head();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          world.call('POST', '/api/user', {
            token: signedIn.idToken,
            body: { name: 'Twin', email: signedIn.email, type: 'Buyer' },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(typesOf(await world.eventsAfter(before))).toEqual(['UserRegistered', 'EmailClaimed']);
    });

    it('8 sellers list in one category at once: all are listed, and only its cars stream grows', async () => {
      const sellers = await Promise.all(Array.from({ length: 8 }, () => world.user('Seller')));
      const shared = await world.category(admin);
      const life = await world.store.readStream(`category-${shared}`);
      const answers = await Promise.all(
        sellers.map((one) =>
          world.call('POST', '/api/product', { token: one.token, body: carBody(shared) }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(sellers.map(() => 201));
      // The category's own stream, which every listing checks, is not written by any of them.
      expect(await world.store.readStream(`category-${shared}`)).toHaveLength(life.length);
      const cars = await world.store.readStream(`categorycars-${shared}`);
      expect(cars.map((event) => event.data.carId).sort()).toEqual(
        answers.map((answer) => answer.json().insertedId).sort(),
      );
    });

    it('two admins create one category name at once: exactly one succeeds', async () => {
      const other = await world.user('Admin');
      const before = await world.head();
      const answers = await Promise.all(
        [admin, other, admin, other].map((who, i) =>
          world.call('POST', '/api/category', {
            token: who.token,
            body: { name: i % 2 ? 'ELECTRIC' : 'Electric' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CategoryCreated',
        'CategoryNameClaimed',
      ]);
    });

    it('a retry with the same Idempotency-Key gets the same answer and appends nothing', async () => {
      const before = await world.head();
      const send = () =>
        world.call('POST', '/api/category', {
          token: admin.token,
          body: { name: 'Minivan' },
          headers: { 'idempotency-key': 'create-minivan-1' },
        });
      const first = await send();
      expect(first.statusCode).toBe(201);
      const afterFirst = await world.head();
      const second = await send();
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['x-event-position']).toBe(first.headers['x-event-position']);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await world.head()).toBe(afterFirst);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual([
        'CategoryCreated',
        'CategoryNameClaimed',
        'CommandAnswered',
      ]);
      // The answer's position is its last event's: the stored answer, written with them.
      expect(events.at(-1)?.position.toString()).toBe(first.json().position);
      // Without the key, the same request is a new command: the name is taken.
      const fresh = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Minivan' },
      });
      expect(fresh.statusCode).toBe(409);
    });

    it('the same Idempotency-Key sent 8 times at once: one set of events, one answer', async () => {
      const carId = await world.car(seller, category);
      const [buyer] = buyers;
      const before = await world.head();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          world.call('POST', '/api/booking', {
            token: buyer?.token,
            body: bookingBody(carId),
            headers: { 'idempotency-key': `book-${carId}` },
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(201);
        expect(answer.json()).toEqual(answers[0]?.json());
      }
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CarBooked',
        'BookingIdClaimed',
        'CommandAnswered',
      ]);
    });

    it('a delete retried with its key answers deletedCount 1 again, not 404', async () => {
      const carId = await world.car(seller, category);
      const send = () =>
        world.call('DELETE', `/api/product/${carId}`, {
          token: seller.token,
          headers: { 'idempotency-key': `delete-${carId}` },
        });
      const first = await send();
      const second = await send();
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(first.json()).toMatchObject({ deletedCount: 1 });
    });

    it('a key is the actor’s own: another user with the same key runs their own command', async () => {
      const carId = await world.car(seller, category);
      const [, first, second] = buyers;
      const headers = { 'idempotency-key': 'my-booking' };
      const a = await world.call('POST', '/api/booking', {
        token: first?.token,
        body: bookingBody(carId),
        headers,
      });
      const b = await world.call('POST', '/api/booking', {
        token: second?.token,
        body: bookingBody(carId),
        headers,
      });
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(409);
    });

    it('an answer is replayed for its retention only; then the key serves a new request', async () => {
      const headers = { 'idempotency-key': 'kept-for-a-while' };
      const first = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Hearse' },
        headers,
      });
      expect(first.statusCode).toBe(201);
      // The same store, served by a command service that keeps answers for a millisecond.
      const brief = await startWorld(world.store, emulator, {
        idempotency: { retentionMs: 1 },
      });
      try {
        // Timed: the kept answer must grow older than its 1 ms retention, which is under test.
        await new Promise((wait) => setTimeout(wait, 20));
        const later = await brief.call('POST', '/api/category', {
          token: admin.token,
          body: { name: 'Pickup truck' },
          headers,
        });
        expect(later.statusCode).toBe(201);
        expect(later.headers['idempotent-replayed']).toBeUndefined();
        expect(later.json().insertedId).not.toBe(first.json().insertedId);
      } finally {
        await brief.close();
      }
      // Where answers are kept a day, the key now replays its newest answer.
      const again = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Pickup truck' },
        headers,
      });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const stream = await world.store.readStream(`idempotency-${admin.uid}-kept-for-a-while`);
      expect(stream.map((e) => e.type)).toEqual(['CommandAnswered', 'CommandAnswered']);
    });

    it('a key reused for a different request is 409, appending nothing', async () => {
      const headers = { 'idempotency-key': 'reused-key' };
      const first = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Roadster' },
        headers,
      });
      expect(first.statusCode).toBe(201);
      const before = await world.head();
      const other = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Limousine' },
        headers,
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().detail).toMatch(/Idempotency-Key/);
      expect(await world.head()).toBe(before);
    });

    it('a refused request stores no answer: fixed and retried with its key, it runs', async () => {
      const headers = { 'idempotency-key': 'promote-later' };
      const target = await world.user('Buyer');
      const refused = await world.call('PUT', `/api/user/admin/${target.uid}`, {
        token: seller.token,
        headers,
      });
      expect(refused.statusCode).toBe(403);
      await world.call('PUT', `/api/user/admin/${seller.uid}`, { token: admin.token });
      const allowed = await world.call('PUT', `/api/user/admin/${target.uid}`, {
        token: seller.token,
        headers,
      });
      expect(allowed.statusCode).toBe(200);
    });
  });
}

// A decision stands only on the streams it read as they were: one it read without writing
// (the buyer's own account, for a booking) is checked at the append like the ones it writes.
for (const backend of await backends()) {
  describe.skipIf(backend.skipReason)(`streams read but not written: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    /** Runs once, between the next decision and its append. */
    let race: (() => Promise<unknown>) | undefined;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      const store = opened.store;
      const racing = new Proxy(store, {
        get(target, property) {
          if (property === 'appendMany') {
            return async (requests: Parameters<typeof store.appendMany>[0]) => {
              const before = race;
              race = undefined;
              await before?.();
              return target.appendMany(requests);
            };
          }
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      world = await startWorld(racing, emulator);
    }, 120_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    it('a listing in a category deleted between its decision and its append is refused', async () => {
      const admin = await world.user('Admin');
      const seller = await world.user('Seller');
      const category = await world.category(admin);
      race = () => world.call('DELETE', `/api/category/${category}`, { token: admin.token });
      const before = await world.head();
      const listing = await world.call('POST', '/api/product', {
        token: seller.token,
        body: carBody(category),
      });
      expect(listing.statusCode).toBe(404);
      expect(listing.json().type).toBe('urn:second-gear:rule:category-not-found');
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CategoryDeleted',
        'CategoryNameReleased',
      ]);
    });

    it('a category deletion is refused when a car was listed between its decision and its append', async () => {
      const admin = await world.user('Admin');
      const seller = await world.user('Seller');
      const category = await world.category(admin);
      race = () =>
        world.call('POST', '/api/product', { token: seller.token, body: carBody(category) });
      const before = await world.head();
      const deletion = await world.call('DELETE', `/api/category/${category}`, {
        token: admin.token,
      });
      expect(deletion.statusCode).toBe(409);
      expect(deletion.json().type).toBe('urn:second-gear:rule:category-has-cars');
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CarListed',
        'CategoryCarAdded',
        'SellerCarAdded',
      ]);
    });

    it('a listing by a seller deleted between its decision and its append is refused', async () => {
      const admin = await world.user('Admin');
      const seller = await world.user('Seller');
      const category = await world.category(admin);
      race = () => world.call('DELETE', `/api/user/${seller.uid}`, { token: admin.token });
      const before = await world.head();
      const listing = await world.call('POST', '/api/product', {
        token: seller.token,
        body: carBody(category),
      });
      expect(listing.statusCode).toBe(403);
      expect(listing.json().type).toBe('urn:second-gear:rule:actor-deleted');
      expect(typesOf(await world.eventsAfter(before))).toEqual(['UserDeleted', 'EmailReleased']);
    });

    it("a seller's deletion withdraws a car listed between its decision and its append", async () => {
      const admin = await world.user('Admin');
      const seller = await world.user('Seller');
      const category = await world.category(admin);
      race = () =>
        world.call('POST', '/api/product', { token: seller.token, body: carBody(category) });
      const before = await world.head();
      const deletion = await world.call('DELETE', `/api/user/${seller.uid}`, {
        token: admin.token,
      });
      expect(deletion.statusCode).toBe(200);
      // The deletion read the seller's cars before the listing appended; its append found them
      // changed, and its second attempt withdrew the new car too.
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CarListed',
        'CategoryCarAdded',
        'SellerCarAdded',
        'UserDeleted',
        'EmailReleased',
        'CarDeleted',
        'CategoryCarRemoved',
      ]);
    });

    it('a booking by a buyer deleted between its decision and its append is refused', async () => {
      const admin = await world.user('Admin');
      const seller = await world.user('Seller');
      const buyer = await world.user('Buyer');
      const carId = await world.car(seller, await world.category(admin));
      race = () => world.call('DELETE', `/api/user/${buyer.uid}`, { token: admin.token });
      const before = await world.head();
      const booking = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      expect(booking.statusCode).toBe(403);
      expect(booking.json().type).toBe('urn:second-gear:rule:actor-deleted');
      expect(typesOf(await world.eventsAfter(before))).toEqual(['UserDeleted', 'EmailReleased']);
    });
  });
}
