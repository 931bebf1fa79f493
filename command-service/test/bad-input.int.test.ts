// Bad input for every call: missing and empty fields, wrong types, out-of-range numbers,
// unknown fields, huge bodies, malformed JSON and wrong content types. Each answers a
// problem+json 4xx, field by field for a 400, and appends no event.
import { bookingBody, carBody } from '@second-gear/features/test/matrix';
import type { SignedInUser } from '@second-gear/identity/testing';
import { useAuthEmulator } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineIndependent, startWorld, type TestUser, titleOf, type World } from './support.ts';

const emulator = useAuthEmulator();

type Who = 'identity' | 'admin' | 'seller' | 'buyer';
type BodyCall = { call: string; url: string; who: Who; valid: () => Record<string, unknown> };

const required = 'This field is required';

for (const backend of engineIndependent()) {
  describe.skipIf(backend.skipReason)(`bad input appends nothing: ${titleOf(backend)}`, () => {
    let world: World;
    let dispose: () => Promise<void>;
    let admin: TestUser;
    let seller: TestUser;
    let buyer: TestUser;
    let identity: SignedInUser;
    let carId: string;
    let categoryName: string;

    beforeAll(async () => {
      const opened = await backend.open();
      dispose = opened.dispose;
      world = await startWorld(opened.store, emulator);
      admin = await world.user('Admin');
      seller = await world.user('Seller');
      buyer = await world.user('Buyer');
      categoryName = 'Hatchback';
      await world.category(admin, categoryName);
      carId = await world.car(seller, categoryName);
      // Signed in, never registered: bad input must not register it either.
      identity = await emulator.signUp({ displayName: 'Unregistered' });
    }, 60_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    const tokenOf = (who: Who) =>
      who === 'identity'
        ? identity.idToken
        : who === 'admin'
          ? admin.token
          : who === 'seller'
            ? seller.token
            : buyer.token;

    /** Sends the request and checks it is refused with `status`, appending nothing. */
    async function refused(
      status: number,
      method: string,
      url: string,
      who: Who,
      init: { body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const before = await world.head();
      const answer = await world.call(method, url, { token: tokenOf(who), ...init });
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = answer.json();
      expect(problem).toMatchObject({
        status,
        title: expect.any(String),
        detail: expect.any(String),
      });
      expect(await world.head()).toBe(before);
      return problem as { errors?: { field: string; message: string }[] };
    }

    const bodyCalls: BodyCall[] = [
      {
        call: 'POST /api/user',
        url: '/api/user',
        who: 'identity',
        valid: () => ({ name: 'Someone', email: identity.email, type: 'Buyer' }),
      },
      {
        call: 'POST /api/category',
        url: '/api/category',
        who: 'admin',
        valid: () => ({ name: 'Convertible' }),
      },
      {
        call: 'POST /api/product',
        url: '/api/product',
        who: 'seller',
        valid: () => carBody(categoryName),
      },
      {
        call: 'POST /api/booking',
        url: '/api/booking',
        who: 'buyer',
        valid: () => bookingBody(carId),
      },
      {
        call: 'POST /api/api-keys',
        url: '/api/api-keys',
        who: 'admin',
        valid: () => ({ name: 'Feed reader', scopes: ['feed:read'] }),
      },
      {
        call: 'POST /api/webhooks',
        url: '/api/webhooks',
        who: 'admin',
        valid: () => ({ url: 'https://hooks.example.com/in', types: ['CarListed'] }),
      },
      {
        call: 'POST /api/webhooks/:id/replay',
        url: '/api/webhooks/some-endpoint/replay',
        who: 'admin',
        valid: () => ({ fromPosition: '1' }),
      },
    ];

    describe.each(bodyCalls)('$call', ({ url, who, valid }) => {
      it('malformed JSON is 400', async () => {
        await refused(400, 'POST', url, who, {
          body: '{"name": ',
          headers: { 'content-type': 'application/json' },
        });
      });

      it('a body that is not an object is 400', async () => {
        for (const body of ['[]', '"text"', '42', 'null']) {
          await refused(400, 'POST', url, who, {
            body,
            headers: { 'content-type': 'application/json' },
          });
        }
      });

      it('a wrong content type is 415', async () => {
        for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
          await refused(415, 'POST', url, who, {
            body: 'name=Convertible',
            headers: { 'content-type': type },
          });
        }
      });

      it('a huge body is 413', async () => {
        await refused(413, 'POST', url, who, {
          body: JSON.stringify({ ...valid(), name: 'x'.repeat(200_000) }),
          headers: { 'content-type': 'application/json' },
        });
      });

      it('an unknown field is 400, naming it', async () => {
        const problem = await refused(400, 'POST', url, who, { body: { ...valid(), _id: 'mine' } });
        expect(problem.errors).toContainEqual({ field: '_id', message: 'Unknown field' });
      });

      it('a malformed Idempotency-Key is 400', async () => {
        await refused(400, 'POST', url, who, {
          body: valid(),
          headers: { 'idempotency-key': 'has spaces in it' },
        });
      });
    });

    it('POST /api/category: missing, empty and too long names', async () => {
      let problem = await refused(400, 'POST', '/api/category', 'admin', { body: {} });
      expect(problem.errors).toEqual([{ field: 'name', message: required }]);
      problem = await refused(400, 'POST', '/api/category', 'admin', { body: { name: '   ' } });
      expect(problem.errors).toEqual([{ field: 'name', message: required }]);
      problem = await refused(400, 'POST', '/api/category', 'admin', { body: { name: 42 } });
      expect(problem.errors?.[0]?.field).toBe('name');
      await refused(400, 'POST', '/api/category', 'admin', { body: { name: 'x'.repeat(61) } });
    });

    it('POST /api/category: a name taken in another case is 409', async () => {
      const problem = await refused(409, 'POST', '/api/category', 'admin', {
        body: { name: categoryName.toUpperCase() },
      });
      expect(problem).toMatchObject({ type: 'urn:second-gear:rule:category-name-taken' });
    });

    it('POST /api/product: every required field missing is named', async () => {
      const problem = await refused(400, 'POST', '/api/product', 'seller', { body: {} });
      expect(problem.errors).toEqual(
        ['name', 'category', 'image', 'original_price', 'price', 'location', 'use'].map(
          (field) => ({
            field,
            message: required,
          }),
        ),
      );
    });

    it('POST /api/product: empty strings are "This field is required"', async () => {
      const body = { ...carBody(categoryName), name: '', price: '', use: ' ', location: '' };
      const problem = await refused(400, 'POST', '/api/product', 'seller', { body });
      expect(problem.errors).toEqual(
        ['name', 'price', 'location', 'use'].map((field) => ({ field, message: required })),
      );
    });

    it.each([
      ['price', 'abc'],
      ['price', 0],
      ['price', -5],
      ['price', 10_000_001],
      ['price', '1e12'],
      ['price', '0x10'],
      ['price', '1e3'],
      ['price', 'Infinity'],
      ['price', true],
      ['original_price', 'twenty'],
      ['use', -1],
      ['use', 101],
      ['use', 'old'],
      ['use', [3]],
      ['name', 12],
      ['image', 'not a url'],
      ['image', 'javascript:alert(1)'],
      ['category', { name: 'Sedan' }],
      ['make', 'x'.repeat(41)],
      ['model', 7],
      ['year', 1899],
      ['year', new Date().getUTCFullYear() + 2],
      ['year', '2015.5'],
      ['mileage', -1],
      ['mileage', 'far'],
      ['mileage', 2_000_001],
      ['fuel', 'steam'],
      ['transmission', 'cvt'],
      ['description', 'x'.repeat(4001)],
    ])('POST /api/product: %s = %j is 400 for that field', async (field, value) => {
      const problem = await refused(400, 'POST', '/api/product', 'seller', {
        body: { ...carBody(categoryName), [field]: value },
      });
      expect(problem.errors?.map((e) => e.field)).toEqual([field]);
    });

    it('POST /api/product: a category that does not exist is 404', async () => {
      await refused(404, 'POST', '/api/product', 'seller', { body: carBody('No Such Category') });
    });

    it('POST /api/booking: missing fields are named', async () => {
      const problem = await refused(400, 'POST', '/api/booking', 'buyer', { body: {} });
      expect(problem.errors).toEqual(
        ['product_id', 'buyer_phone', 'meetup'].map((field) => ({ field, message: required })),
      );
    });

    it.each([
      ['buyer_phone', 'call me maybe'],
      ['buyer_phone', '12'],
      ['buyer_phone', '+1 234 567 890 123 456 789'],
      ['buyer_phone', 1711000000],
      ['meetup', ''],
      ['meetup', 'x'.repeat(201)],
      ['product_id', 'not an id!'],
      ['product_id', 42],
    ])('POST /api/booking: %s = %j is 400 for that field', async (field, value) => {
      const problem = await refused(400, 'POST', '/api/booking', 'buyer', {
        body: { ...bookingBody(carId), [field]: value },
      });
      expect(problem.errors?.map((e) => e.field)).toEqual([field]);
    });

    it('POST /api/booking: a car that does not exist is 404', async () => {
      await refused(404, 'POST', '/api/booking', 'buyer', { body: bookingBody('no-such-car') });
    });

    it('POST /api/user: registering as Admin, or a wrong type, is 400', async () => {
      for (const type of ['Admin', 'buyer', 3]) {
        const problem = await refused(400, 'POST', '/api/user', 'identity', {
          body: { name: 'Someone', type },
        });
        expect(problem.errors?.map((e) => e.field)).toEqual(['type']);
      }
    });

    it('POST /api/user: a picture that is not an image URL is 400, as on the profile', async () => {
      for (const photoURL of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url']) {
        const problem = await refused(400, 'POST', '/api/user', 'identity', {
          body: { name: 'Someone', type: 'Buyer', photoURL },
        });
        expect(problem.errors?.map((e) => e.field)).toEqual(['photoURL']);
      }
    });

    it.each([
      ['PUT', '/api/user/admin/'],
      ['DELETE', '/api/user/'],
      ['DELETE', '/api/category/'],
      ['PUT', '/api/products/'],
      ['DELETE', '/api/product/'],
    ] as const)(
      '%s %s:id with a malformed id is 400; an unknown one is 404',
      async (method, path) => {
        for (const id of [
          encodeURIComponent('not an id!'),
          '%00',
          encodeURIComponent('a/b'),
          'caf%C3%A9',
        ]) {
          await refused(400, method, `${path}${id}`, 'admin');
        }
        await refused(404, method, `${path}no-such-id`, 'admin');
        // As long as the contract allows is an id; one character more is a 400 naming it.
        await refused(404, method, `${path}${'x'.repeat(128)}`, 'admin');
        await refused(400, method, `${path}${'x'.repeat(129)}`, 'admin');
        // Longer than the router takes: 414 (URI Too Long), without the URL echoed back, still
        // appending nothing.
        const before = await world.head();
        const tooLong = await world.call(method, `${path}${'x'.repeat(10_000)}`, {
          token: admin.token,
        });
        expect(tooLong.statusCode).toBe(414);
        expect(tooLong.body).not.toContain('xxxxxxxxxx');
        expect(tooLong.json()).toMatchObject({ title: 'URI Too Long' });
        expect(await world.head()).toBe(before);
      },
    );

    it.each([
      ['POST', '/api/user/seller', 'buyer'],
      ['PUT', '/api/user/admin/some-user', 'admin'],
      ['DELETE', '/api/user/some-user', 'admin'],
      ['DELETE', '/api/category/some-category', 'admin'],
      ['PUT', '/api/products/some-car', 'seller'],
      ['DELETE', '/api/product/some-car', 'seller'],
    ] as const)(
      '%s %s: malformed JSON 400, huge body 413, wrong content type 415',
      async (method, url, who) => {
        const json = { 'content-type': 'application/json' };
        await refused(400, method, url, who, { body: '{"oops', headers: json });
        await refused(413, method, url, who, {
          body: JSON.stringify({ filler: 'x'.repeat(100_000) }),
          headers: json,
        });
        await refused(415, method, url, who, {
          body: 'hello',
          headers: { 'content-type': 'text/plain' },
        });
      },
    );

    it('the POST /api/user identity stayed unregistered through all of it', async () => {
      const before = await world.head();
      const answer = await world.call('POST', '/api/user', {
        token: identity.idToken,
        body: { name: 'Now Valid', type: 'Seller' },
      });
      expect(answer.statusCode).toBe(201);
      expect(await world.head()).toBeGreaterThan(before);
    });
  });
}
