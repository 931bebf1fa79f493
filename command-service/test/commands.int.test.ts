// Given a running command service on a real store and the Auth Emulator, when each call of the
// API is made by someone allowed to, then it answers with the status and body its contract
// gives (packages/contracts), the position of its last event, and appends its events.

import { noCarDetails } from '@second-gear/features';
import { bookingBody, carBody } from '@second-gear/features/test/matrix';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineIndependent,
  startWorld,
  type TestUser,
  titleOf,
  typesOf,
  type World,
} from './support.ts';

const emulator = useAuthEmulator();

for (const backend of engineIndependent()) {
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
      const carId = await world.car(seller, await world.category(admin));
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
      const carId = await world.car(seller, await world.category(admin));
      const before = await world.head();
      const answer = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      expect(answer.statusCode).toBe(201);
      const bookingId = answer.json().insertedId;
      expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual(['CarBooked', 'BookingIdClaimed']);
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
        proposedTime: null,
      });
      expect(events[1]?.data).toEqual({ bookingId, carId });
      const other = await world.user('Buyer');
      const second = await world.call('POST', '/api/booking', {
        token: other.token,
        body: bookingBody(carId),
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe('Already Booked');
    });

    it('POST /api/booking takes a proposed time, normalised to UTC', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const proposed = new Date(Date.now() + 3 * 86_400_000);
      proposed.setUTCMinutes(30, 0, 0);
      // The same moment as a clock two hours ahead of UTC shows it.
      const local = `${new Date(proposed.getTime() + 7_200_000).toISOString().slice(0, 19)}+02:00`;
      const before = await world.head();
      const answer = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: { ...bookingBody(carId), proposed_time: local },
      });
      expect(answer.statusCode).toBe(201);
      const [booked] = await world.eventsAfter(before);
      expect(booked?.data).toMatchObject({ proposedTime: proposed.toISOString() });
    });

    it('a booking is accepted by the seller, then cancelled by the buyer, and the car is free again', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const booked = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      const bookingId = booked.json().insertedId as string;

      let before = await world.head();
      const accepted = await world.call('POST', `/api/booking/${bookingId}/accept`, {
        token: seller.token,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      expectPosition(accepted);
      const [acceptance] = await world.eventsAfter(before);
      expect(acceptance).toMatchObject({
        type: 'BookingAccepted',
        streamId: `car-${carId}`,
        data: { carId, bookingId, sellerId: seller.uid, buyerId: buyer.uid },
      });

      before = await world.head();
      const again = await world.call('POST', `/api/booking/${bookingId}/decline`, {
        token: seller.token,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().type).toBe('urn:second-gear:rule:booking-not-requested');
      expect(await world.head()).toBe(before);

      const cancelled = await world.call('POST', `/api/booking/${bookingId}/cancel`, {
        token: buyer.token,
      });
      expect(cancelled.statusCode).toBe(200);
      expect((await world.eventsAfter(before))[0]).toMatchObject({
        type: 'BookingCancelled',
        data: { bookingId, by: 'buyer' },
      });

      const other = await world.user('Buyer');
      const next = await world.call('POST', '/api/booking', {
        token: other.token,
        body: bookingBody(carId),
      });
      expect(next.statusCode).toBe(201);
    });

    it('a declined booking frees the car; an unknown booking is 404', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const booked = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      const bookingId = booked.json().insertedId as string;
      const declined = await world.call('POST', `/api/booking/${bookingId}/decline`, {
        token: seller.token,
      });
      expect(declined.statusCode).toBe(200);
      const other = await world.user('Buyer');
      expect(
        (
          await world.call('POST', '/api/booking', {
            token: other.token,
            body: bookingBody(carId),
          })
        ).statusCode,
      ).toBe(201);
      const unknown = await world.call('POST', '/api/booking/no-such-booking/accept', {
        token: seller.token,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().type).toBe('urn:second-gear:rule:booking-not-found');
    });

    it('PATCH /api/product/:id records a new price with the old one, and the other changes apart', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const before = await world.head();
      const answer = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { price: '11500', mileage: '81,000', description: 'New tyres', make: '' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      expectPosition(answer);
      const events = await world.eventsAfter(before);
      expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
        {
          type: 'CarDetailsChanged',
          data: { carId, mileage: 81000, description: 'New tyres' },
        },
        { type: 'CarPriceChanged', data: { carId, oldPrice: 12500, price: 11500 } },
      ]);

      const same = await world.call('PATCH', `/api/product/${carId}`, {
        token: admin.token,
        body: { price: 11500 },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ modifiedCount: 0 });
      expect(await world.head()).toBe(events.at(-1)?.position);
    });

    it('POST /api/product takes a gallery, and PATCH /api/product/:id reorders it', async () => {
      const category = await world.category(admin);
      const picture = (name: string) => `https://images.example/${name}.jpg`;
      const before = await world.head();
      const listed = await world.call('POST', '/api/product', {
        token: seller.token,
        body: { ...carBody(category), images: [picture('side'), picture('back')] },
      });
      expect(listed.statusCode).toBe(201);
      const carId = listed.json().insertedId as string;
      const events = await world.eventsAfter(before);
      expect(events.find((e) => e.type === 'CarPhotosChanged')?.data).toEqual({
        carId,
        images: ['https://images.example/corolla.jpg', picture('side'), picture('back')],
      });
      const from = await world.head();
      const reordered = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { images: [picture('back'), 'https://images.example/corolla.jpg'] },
      });
      expect(reordered.statusCode).toBe(200);
      expect((await world.eventsAfter(from))[0]?.data).toEqual({
        carId,
        images: [picture('back'), 'https://images.example/corolla.jpg'],
      });
      const tooMany = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { images: Array.from({ length: 11 }, (_, n) => picture(`p${n}`)) },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors).toEqual([{ field: 'images', message: 'At most 10 pictures' }]);
    });

    it('PATCH /api/product/:id refuses bad fields field by field, and an empty change', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const before = await world.head();
      const bad = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { price: 'cheap', year: 1800, fuel: 'steam', name: ' ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      const fields = (bad.json().errors as { field: string }[]).map((e) => e.field).sort();
      expect(fields).toEqual(['fuel', 'name', 'price', 'year']);
      const empty = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: {},
      });
      expect(empty.statusCode).toBe(400);
      const unknown = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { seller_name: 'Me' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(await world.head()).toBe(before);
    });

    it('POST /api/product/:id/sold marks a car sold, ending its booking; it cannot be booked or edited after', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const booked = await world.call('POST', '/api/booking', {
        token: buyer.token,
        body: bookingBody(carId),
      });
      const bookingId = booked.json().insertedId as string;
      const before = await world.head();
      const sold = await world.call('POST', `/api/product/${carId}/sold`, { token: seller.token });
      expect(sold.statusCode).toBe(200);
      expect(sold.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      const events = await world.eventsAfter(before);
      expect(typesOf(events)).toEqual([
        'CarSold',
        'BookingEnded',
        'CategoryCarRemoved',
        'SellerCarRemoved',
      ]);
      expect(events[1]?.data).toMatchObject({ bookingId, reason: 'car-sold' });

      const after = await world.head();
      for (const [method, url, body] of [
        ['POST', `/api/product/${carId}/sold`, undefined],
        ['PATCH', `/api/product/${carId}`, { price: 1000 }],
        ['POST', '/api/booking', bookingBody(carId)],
        ['PUT', `/api/products/${carId}`, undefined],
      ] as const) {
        const answer = await world.call(method, url, { token: seller.token, body });
        expect(answer.statusCode, `${method} ${url}`).toBe(409);
        expect(answer.json().type).toBe('urn:second-gear:rule:car-sold');
      }
      expect(await world.head()).toBe(after);
    });

    it('PUT and DELETE /api/favourites/:id keep and let go a favourite, each once', async () => {
      const carId = await world.car(seller, await world.category(admin));
      const before = await world.head();
      const kept = await world.call('PUT', `/api/favourites/${carId}`, { token: buyer.token });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      const events = await world.eventsAfter(before);
      expect(events.map(({ type, streamId, data }) => ({ type, streamId, data }))).toEqual([
        {
          type: 'CarFavourited',
          streamId: `member-${buyer.uid}`,
          data: { userId: buyer.uid, carId },
        },
      ]);
      const again = await world.call('PUT', `/api/favourites/${carId}`, { token: buyer.token });
      expect(again.json()).toMatchObject({ modifiedCount: 0 });
      expect(await world.head()).toBe(events[0]?.position);

      const gone = await world.call('DELETE', `/api/favourites/${carId}`, { token: buyer.token });
      expect(gone.json()).toMatchObject({ deletedCount: 1 });
      const twice = await world.call('DELETE', `/api/favourites/${carId}`, { token: buyer.token });
      expect(twice.json()).toMatchObject({ deletedCount: 0 });
      const none = await world.call('PUT', '/api/favourites/no-such-car', { token: buyer.token });
      expect(none.statusCode).toBe(404);
    });

    it('POST /api/saved-searches keeps a search in one order; DELETE removes it', async () => {
      const before = await world.head();
      const saved = await world.call('POST', '/api/saved-searches', {
        token: buyer.token,
        body: { name: ' Cheap Corollas ', query: '?page=3&maxPrice=15000&make=Toyota&q=corolla' },
      });
      expect(saved.statusCode).toBe(201);
      const searchId = saved.json().insertedId as string;
      const [event] = await world.eventsAfter(before);
      expect(event?.data).toEqual({
        userId: buyer.uid,
        searchId,
        name: 'Cheap Corollas',
        query: 'q=corolla&make=Toyota&maxPrice=15000',
      });
      for (const [query, message] of [
        ['', 'Choose at least one filter'],
        ['colour=red', 'Unknown search parameter colour'],
        ['minPrice=9000&maxPrice=100', 'maxPrice'],
        ['sort=cheapest', 'sort'],
      ]) {
        const bad = await world.call('POST', '/api/saved-searches', {
          token: buyer.token,
          body: { name: 'x', query },
        });
        expect(bad.statusCode, query).toBe(400);
        expect(JSON.stringify(bad.json().errors), query).toContain(message);
      }
      const deleted = await world.call('DELETE', `/api/saved-searches/${searchId}`, {
        token: buyer.token,
      });
      expect(deleted.json()).toMatchObject({ deletedCount: 1 });
      const again = await world.call('DELETE', `/api/saved-searches/${searchId}`, {
        token: buyer.token,
      });
      expect(again.statusCode).toBe(404);
    });

    it('POST /api/notifications/read marks read up to a position, never beyond the head', async () => {
      const before = await world.head();
      const all = await world.call('POST', '/api/notifications/read', {
        token: seller.token,
        body: { upTo: '999999999999' },
      });
      expect(all.statusCode).toBe(200);
      const [event] = await world.eventsAfter(before);
      expect(event?.data).toEqual({ userId: seller.uid, upTo: before.toString() });
      const older = await world.call('POST', '/api/notifications/read', {
        token: seller.token,
        body: { upTo: '1' },
      });
      expect(older.json()).toMatchObject({ modifiedCount: 0 });
    });

    it('PUT /api/user/me changes the own name and phone; a booking then starts from them', async () => {
      const me = await world.user('Buyer');
      const before = await world.head();
      const changed = await world.call('PUT', '/api/user/me', {
        token: me.token,
        body: { name: 'Bea Buyer', phone: '+1 555 0100' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ modifiedCount: 1 });
      expect((await world.eventsAfter(before))[0]?.data).toEqual({
        userId: me.uid,
        name: 'Bea Buyer',
        phone: '+1 555 0100',
      });
      const bad = await world.call('PUT', '/api/user/me', {
        token: me.token,
        body: { phone: 'call me maybe' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'phone', message: 'Must be a phone number' }]);
      const cleared = await world.call('PUT', '/api/user/me', {
        token: me.token,
        body: { phone: '' },
      });
      expect(cleared.json()).toMatchObject({ modifiedCount: 1 });

      const carId = await world.car(seller, await world.category(admin));
      const from = await world.head();
      await world.call('POST', '/api/booking', { token: me.token, body: bookingBody(carId) });
      expect((await world.eventsAfter(from))[0]?.data).toMatchObject({ buyerName: 'Bea Buyer' });
    });

    it('DELETE /api/product/:id deletes a car, by its seller or an admin', async () => {
      const categoryId = await world.category(admin);
      const first = await world.car(seller, categoryId);
      const second = await world.car(seller, categoryId);
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
