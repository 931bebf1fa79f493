// Given a running command service on a real store and the Auth Emulator, when each call of the
// API is made by someone allowed to, then it answers with the status and body its contract
// gives (packages/contracts), the position of its last event, and appends its events.
import { noCarDetails } from '@second-gear/domain';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  bookingBody,
  carBody,
  startWorld,
  type TestUser,
  titleOf,
  typesOf,
  type World,
} from './support.ts';

const emulator = useAuthEmulator();

for (const backend of await backends()) {
  describe.skipIf(backend.skipReason)(`every command succeeds: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let admin: TestUser;
    let seller: TestUser;
    let buyer: TestUser;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator);
      admin = await world.user('Admin');
      seller = await world.user('Seller');
      buyer = await world.user('Buyer');
    }, 60_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    const expectPosition = (answer: { headers: Record<string, unknown>; json(): unknown }) => {
      const body = answer.json() as { position: string };
      expect(body.position).toMatch(/^\d+$/);
      expect(answer.headers['x-event-position']).toBe(body.position);
      return BigInt(body.position);
    };

    it('POST /api/user registers the signed-in identity, not the email the body names', async () => {
      const signedIn = await emulator.signUp({ displayName: 'Rahim' });
      const before = await world.head();
      const answer = await world.call('POST', '/api/user', {
        token: signedIn.idToken,
        body: { name: 'Rahim', email: 'someone-else@example.com', type: 'Seller' },
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ acknowledged: true, insertedId: signedIn.uid });
      const position = expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['UserRegistered', 'EmailClaimed']);
      expect(events[0]?.data).toMatchObject({
        userId: signedIn.uid,
        email: signedIn.email,
        role: 'Seller',
        name: 'Rahim',
      });
      expect(events.at(-1)?.position).toBe(position);
      expect(events[0]?.metadata).toMatchObject({
        actor: { uid: signedIn.uid, email: signedIn.email },
        causationId: expect.any(String),
        correlationId: expect.any(String),
        schemaVersion: 1,
      });

      // Twice is fine and creates nothing.
      const again = await world.call('POST', '/api/user', {
        token: signedIn.idToken,
        body: { name: 'Rahim', email: signedIn.email, type: 'Seller' },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ acknowledged: true, insertedId: signedIn.uid });
      expect(expectPosition(again)).toBe(position);
      expect(await world.eventsAfter(position)).toEqual([]);
    });

    it('POST /api/user registers a Buyer by default, with the identity name', async () => {
      const signedIn = await emulator.signUp({ displayName: 'Google Person' });
      const before = await world.head();
      const answer = await world.call('POST', '/api/user', { token: signedIn.idToken, body: {} });
      expect(answer.statusCode).toBe(201);
      const [registered] = await world.eventsAfter(before);
      expect(registered?.data).toMatchObject({ role: 'Buyer', name: 'Google Person' });
    });

    it('POST /api/user/seller makes a Buyer a Seller', async () => {
      const someone = await world.user('Buyer');
      const before = await world.head();
      const answer = await world.call('POST', '/api/user/seller', { token: someone.token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      expectPosition(answer);
      expect(typesOf(await world.eventsAfter(before))).toEqual(['UserBecameSeller']);
    });

    it('PUT /api/user/admin/:id promotes a user, recorded with the admin as actor', async () => {
      const someone = await world.user('Buyer');
      const before = await world.head();
      const answer = await world.call('PUT', `/api/user/admin/${someone.uid}`, {
        token: admin.token,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['UserPromotedToAdmin']);
      expect(events[0]?.metadata).toMatchObject({ actor: { uid: admin.uid, role: 'Admin' } });
    });

    it('POST /api/category creates a category; DELETE /api/category/:id deletes it', async () => {
      const before = await world.head();
      const created = await world.call('POST', '/api/category', {
        token: admin.token,
        body: { name: 'Pickup' },
        headers: { 'x-correlation-id': 'corr-123' },
      });
      expect(created.statusCode).toBe(201);
      const { insertedId } = created.json();
      expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);
      expectPosition(created);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['CategoryCreated', 'CategoryNameClaimed']);
      expect(events[0]?.data).toEqual({ categoryId: insertedId, name: 'Pickup' });
      expect(events[0]?.metadata).toMatchObject({ correlationId: 'corr-123' });

      const middle = await world.head();
      const deleted = await world.call('DELETE', `/api/category/${insertedId}`, {
        token: admin.token,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ acknowledged: true, deletedCount: 1 });
      expectPosition(deleted);
      expect(typesOf(await world.eventsAfter(middle))).toEqual([
        'CategoryDeleted',
        'CategoryNameReleased',
      ]);
    });

    it('POST /api/product lists a car with the seller from their record, category by name or id', async () => {
      const categoryId = await world.category(admin, 'Sedan');
      const before = await world.head();
      const answer = await world.call('POST', '/api/product', {
        token: seller.token,
        body: carBody('sedan'),
      });
      expect(answer.statusCode).toBe(201);
      const carId = answer.json().insertedId;
      expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['CarListed', 'CategoryCarAdded', 'SellerCarAdded']);
      expect(events[0]?.data).toEqual({
        carId,
        name: 'Toyota Corolla 2015',
        sellerId: seller.uid,
        sellerName: seller.name,
        sellerEmail: seller.email,
        categoryId,
        categoryName: 'Sedan',
        image: 'https://images.example/corolla.jpg',
        originalPrice: 20000,
        price: 12500,
        location: 'Dhaka',
        yearsOfUse: 6,
        ...noCarDetails,
      });

      const byId = await world.call('POST', '/api/product', {
        token: seller.token,
        body: { ...carBody(categoryId), original_price: 30000, price: 25000, use: 2 },
      });
      expect(byId.statusCode).toBe(201);
      const [listed] = await world.eventsAfter(BigInt(answer.json().position));
      expect(listed?.data).toMatchObject({ categoryId, categoryName: 'Sedan', price: 25000 });
      expect(listed?.metadata).toMatchObject({ schemaVersion: 2 });
    });

    it('POST /api/product keeps the details a seller gives, as typed into a form', async () => {
      await world.category(admin, 'Hatchback');
      const before = await world.head();
      const answer = await world.call('POST', '/api/product', {
        token: seller.token,
        body: {
          ...carBody('hatchback'),
          make: ' Honda ',
          model: 'Fit   Hybrid',
          year: '2016',
          mileage: '84,500',
          fuel: 'hybrid',
          transmission: 'automatic',
          description: 'One owner.\nNew tyres.',
        },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const [listed] = await world.eventsAfter(before);
      expect(listed?.data).toMatchObject({
        make: 'Honda',
        model: 'Fit Hybrid',
        year: 2016,
        mileage: 84_500,
        fuel: 'hybrid',
        transmission: 'automatic',
        description: 'One owner.\nNew tyres.',
      });
    });

    it('PUT /api/products/:id advertises the seller’s car', async () => {
      const carId = await world.car(seller, 'sedan');
      const before = await world.head();
      const answer = await world.call('PUT', `/api/products/${carId}`, { token: seller.token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      expectPosition(answer);
      expect(typesOf(await world.eventsAfter(before))).toEqual(['CarAdvertised']);

      const again = await world.call('PUT', `/api/products/${carId}`, { token: seller.token });
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(again.json().detail).toBe('Already in Advertisement');
    });

    it('POST /api/booking books with the server’s values; a second booking is 409', async () => {
      const carId = await world.car(seller, 'sedan');
      const before = await world.head();
      const answer = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      expect(answer.statusCode).toBe(201);
      const bookingId = answer.json().insertedId;
      expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['CarBooked']);
      expect(events[0]?.data).toEqual({
        carId,
        bookingId,
        carName: 'Toyota Corolla 2015',
        price: 12500,
        sellerId: seller.uid,
        sellerName: seller.name,
        sellerEmail: seller.email,
        buyerId: buyer.uid,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone: '+880 1711-000000',
        meetup: 'Gulshan 2 circle',
      });
      const other = await world.user('Buyer');
      const second = await world.call('POST', '/api/booking', {
        token: other.token,
        body: bookingBody(carId),
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe('Already Booked');
    });

    it('DELETE /api/product/:id deletes a car, by its seller or an admin', async () => {
      const first = await world.car(seller, 'sedan');
      const second = await world.car(seller, 'sedan');
      const before = await world.head();
      const bySeller = await world.call('DELETE', `/api/product/${first}`, { token: seller.token });
      expect(bySeller.statusCode).toBe(200);
      expect(bySeller.json()).toMatchObject({ acknowledged: true, deletedCount: 1 });
      expectPosition(bySeller);
      expect(typesOf(await world.eventsAfter(before))).toEqual([
        'CarDeleted',
        'CategoryCarRemoved',
        'SellerCarRemoved',
      ]);
      const byAdmin = await world.call('DELETE', `/api/product/${second}`, { token: admin.token });
      expect(byAdmin.statusCode).toBe(200);
      const gone = await world.call('DELETE', `/api/product/${first}`, { token: seller.token });
      expect(gone.statusCode).toBe(404);
    });

    it('DELETE /api/category/:id of a category with cars is 409, appending nothing', async () => {
      const categoryId = await world.category(admin);
      await world.car(seller, categoryId);
      const before = await world.head();
      const answer = await world.call('DELETE', `/api/category/${categoryId}`, {
        token: admin.token,
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().type).toBe('urn:second-gear:rule:category-has-cars');
      expect(await world.head()).toBe(before);
    });

    it('DELETE /api/user/:id deletes the user and withdraws their cars; their requests are refused at once', async () => {
      const leaving = await world.user('Seller');
      const categoryId = await world.category(admin);
      const cars = [await world.car(leaving, categoryId), await world.car(leaving, categoryId)];
      expect(await world.auth.verifyIdToken(leaving.idToken)).toMatchObject({ uid: leaving.uid });

      const before = await world.head();
      const answer = await world.call('DELETE', `/api/user/${leaving.uid}`, { token: admin.token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ acknowledged: true, deletedCount: 1 });
      const position = expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(typesOf(events).sort()).toEqual(
        [
          'UserDeleted',
          'EmailReleased',
          'CarDeleted',
          'CarDeleted',
          'CategoryCarRemoved',
          'CategoryCarRemoved',
        ].sort(),
      );
      expect(events.at(-1)?.position).toBe(position);
      expect(
        events.filter((e) => e.type === 'CarDeleted').map((e) => [e.data.carId, e.data.reason]),
      ).toEqual(expect.arrayContaining(cars.map((carId) => [carId, 'seller-deleted'])));

      // The sign-in account is left to the reactor that follows `UserDeleted` (tested with the
      // projection service), but their still-valid service token no longer lets them act.
      const after = await world.call('POST', '/api/product', {
        token: leaving.token,
        body: carBody(categoryId),
      });
      expect(after.statusCode).toBe(403);
      // Their category is empty again, so it can go.
      const emptied = await world.call('DELETE', `/api/category/${categoryId}`, {
        token: admin.token,
      });
      expect(emptied.statusCode).toBe(200);
    });
  });
}
