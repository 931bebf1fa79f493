import { randomUUID } from 'node:crypto';
import { type Actor, noCarDetails, streams } from '@second-gear/features';
import { uniqueEmail, useAuthEmulator } from '@second-gear/identity/testing';
import { startProjections } from '@second-gear/projection-service';
import {
  appendListingLife,
  appendMemberLife,
  appendScenario,
  eventData,
  type Person,
  type ScenarioIds,
} from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildQueryService } from '../src/index.ts';
import { backends, claimsOf, type Harness, parseSse, TOKEN_SECRET } from './support.ts';

const emulator = useAuthEmulator();
const { list, dropAll } = await backends('query-service', 'both');
afterAll(dropAll);

/** A new account of the Auth Emulator, as the fixtures name a person, with its ID token. */
const signUp = async (name: string): Promise<{ person: Person; idToken: string }> => {
  const email = uniqueEmail(name);
  // One retry: after a long pause (PGlite starting) the emulator may have closed the idle
  // keep-alive connection just as fetch reuses it.
  const user = await emulator.signUp({ email }).catch(() => emulator.signUp({ email }));
  return {
    person: { uid: user.uid, email: user.email, name: `${name} ${user.uid.slice(0, 4)}` },
    idToken: user.idToken,
  };
};

const inject = (h: Harness, url: string, token?: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** Someone the projections never saw register: the actor of events a test writes. */
const someone = (role: Actor['role']): Actor => {
  const uid = `${role.toLowerCase()}-${randomUUID()}`;
  return { uid, email: `${uid}@example.com`, role };
};

describe.each(list)('query service on $name', (backend) => {
  // The scenario as appendScenario writes it, and nothing else: the tests here only read, so
  // every list and total below is the scenario's whatever ran before.
  describe('the scenario, as written', () => {
    let h: Harness;
    let ids: ScenarioIds & { position: bigint };
    const idTokens: Record<string, string> = {};
    const tokens: Record<'admin' | 'seller' | 'buyer', string> = {
      admin: '',
      seller: '',
      buyer: '',
    };
    const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
      inject(h, url, token, headers);

    beforeAll(async () => {
      h = await backend.open(emulator.host, emulator.projectId);
      const people = {
        admin: await signUp('admin'),
        seller: await signUp('seller'),
        buyer: await signUp('buyer'),
      };
      for (const { person, idToken } of Object.values(people)) idTokens[person.uid] = idToken;
      ids = await appendScenario(h.store, {
        admin: people.admin.person,
        seller: people.seller.person,
        buyer: people.buyer.person,
      });
      for (const role of ['admin', 'seller', 'buyer'] as const) {
        const { person } = people[role];
        const answer = await get(
          `/api/jwt?email=${encodeURIComponent(person.email)}`,
          idTokens[person.uid],
          {
            'x-min-position': ids.position.toString(),
          },
        );
        expect(answer.statusCode, answer.body).toBe(200);
        tokens[role] = answer.json().accessToken;
      }
      // Each exchange waited for the users alone; the tests read the whole scenario.
      expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
    });
    afterAll(async () => {
      await h?.close();
    });

    describe('GET /api/jwt', () => {
      it('answers the service token with the role from the users table', () => {
        expect(claimsOf(tokens.admin)).toMatchObject({
          uid: ids.admin.uid,
          email: ids.admin.email,
          role: 'Admin',
        });
        expect(claimsOf(tokens.seller)).toMatchObject({ uid: ids.seller.uid, role: 'Seller' });
        expect(claimsOf(tokens.buyer)).toMatchObject({ uid: ids.buyer.uid, role: 'Buyer' });
      });

      it('needs a valid Firebase ID token whose email matches', async () => {
        const url = `/api/jwt?email=${encodeURIComponent(ids.buyer.email)}`;
        expect((await get(url)).statusCode).toBe(401);
        expect((await get(url, 'not-a-token')).statusCode).toBe(401);
        // A service token is not a Firebase ID token.
        expect((await get(url, tokens.buyer)).statusCode).toBe(401);
        const other = await get(
          `/api/jwt?email=${encodeURIComponent(ids.seller.email)}`,
          idTokens[ids.buyer.uid],
        );
        expect(other.statusCode).toBe(403);
        expect(other.headers['content-type']).toContain('application/problem+json');
        expect((await get('/api/jwt', idTokens[ids.buyer.uid])).statusCode).toBe(400);
      });

      it('limits token exchanges per client address, a 429 problem with Retry-After', async () => {
        const limited = await buildQueryService({
          db: h.db,
          store: h.store,
          auth: h.auth,
          tokenSecret: TOKEN_SECRET,
          logger: false,
          rateLimit: { tokens: 3 },
        });
        try {
          const exchange = (remoteAddress: string) =>
            limited.inject({
              url: `/api/jwt?email=${encodeURIComponent(ids.buyer.email)}`,
              headers: { authorization: `Bearer ${idTokens[ids.buyer.uid]}` },
              remoteAddress,
            });
          const statuses = [];
          for (let i = 0; i < 4; i++) statuses.push(await exchange('192.0.2.30'));
          expect(statuses.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
          const refused = statuses[3]!;
          expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
          // Another client, and every other read, are not held back.
          expect((await exchange('192.0.2.31')).statusCode).toBe(200);
          const reads = [];
          for (let i = 0; i < 5; i++) {
            reads.push(
              await limited.inject({ url: '/api/categories', remoteAddress: '192.0.2.30' }),
            );
          }
          expect(reads.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
        } finally {
          await limited.close();
        }
      });
    });

    describe('GET /api/user/:email', () => {
      it('answers the own record, or any record to an admin', async () => {
        const own = await get(`/api/user/${encodeURIComponent(ids.buyer.email)}`, tokens.buyer);
        expect(own.statusCode).toBe(200);
        expect(own.json()).toEqual({
          _id: ids.buyer.uid,
          name: ids.buyer.name,
          email: ids.buyer.email,
          type: 'Buyer',
          photoURL: null,
          phone: null,
        });
        const byAdmin = await get(
          `/api/user/${encodeURIComponent(ids.seller.email.toUpperCase())}`,
          tokens.admin,
        );
        expect(byAdmin.json()).toMatchObject({ _id: ids.seller.uid, type: 'Seller' });
      });

      it('refuses anonymous callers and other users, and answers 404 for nobody', async () => {
        const url = `/api/user/${encodeURIComponent(ids.seller.email)}`;
        expect((await get(url)).statusCode).toBe(401);
        expect((await get(url, tokens.buyer)).statusCode).toBe(403);
        expect((await get(url, 'forged.token.value')).statusCode).toBe(401);
        expect(
          (await get(`/api/user/${encodeURIComponent(ids.leaving.email)}`, tokens.admin))
            .statusCode,
        ).toBe(404);
      });
    });

    describe('GET /api/categories', () => {
      it('is public, sorted by name, paged with totals in headers', async () => {
        const all = await get('/api/categories');
        expect(all.statusCode).toBe(200);
        expect(all.json()).toEqual([
          { _id: ids.categories.sedan, name: expect.stringMatching(/^Sedan/) },
          { _id: ids.categories.suv, name: expect.stringMatching(/^SUV/) },
        ]);
        expect(all.headers['x-total-count']).toBe('2');
        const second = await get('/api/categories?page=2&limit=1');
        expect(second.json()).toEqual([{ _id: ids.categories.suv, name: expect.any(String) }]);
        expect(second.headers.link).toContain('rel="prev"');
        expect(second.headers.link).toContain('</api/categories?page=1&limit=1>; rel="first"');
        expect((await get('/api/categories?limit=1000')).statusCode).toBe(400);
        expect((await get('/api/categories?page=0')).statusCode).toBe(400);
      });
    });

    describe('cars', () => {
      it('GET /api/products answers every live car, the bookable ones first, each part newest first, as an array', async () => {
        const answer = await get('/api/products');
        expect(answer.statusCode).toBe(200);
        const cars = answer.json() as { _id: string }[];
        expect(cars.map((c) => c._id)).toEqual([
          ids.cars.plain,
          ids.cars.advertised,
          ids.cars.booked,
        ]);
        expect(answer.headers['x-total-count']).toBe('3');
        expect(cars[2]).toEqual({
          _id: ids.cars.booked,
          name: 'Honda Vezel',
          seller_name: ids.seller.name,
          email: ids.seller.email,
          category: expect.stringMatching(/^SUV/),
          image: expect.stringContaining(ids.cars.booked),
          original_price: 20000,
          price: 15000,
          location: 'Dhaka',
          use: 3,
          booked: 1,
          advertise: 1,
          images: [expect.stringContaining(ids.cars.booked)],
          sold: 0,
          seller_id: ids.seller.uid,
          seller_rating: { average: null, count: 0 },
          listed_at: expect.any(String),
          expires_at: expect.any(String),
        });
        // On the market for a term of 60 days from its listing.
        const term = cars[2] as unknown as { listed_at: string; expires_at: string };
        expect(Date.parse(term.expires_at) - Date.parse(term.listed_at)).toBe(60 * 86_400_000);
        // The public list ignores a token, even a bad one.
        expect((await get('/api/products', 'expired.or.bad')).statusCode).toBe(200);
      });

      it("GET /api/products?email= answers the seller's cars to the seller or an admin only", async () => {
        const url = `/api/products?email=${encodeURIComponent(ids.seller.email)}`;
        expect((await get(url)).statusCode).toBe(401);
        expect((await get(url, tokens.buyer)).statusCode).toBe(403);
        const own = await get(url, tokens.seller);
        expect(own.statusCode).toBe(200);
        expect(own.json()).toHaveLength(3);
        expect((await get(url, tokens.admin)).json()).toHaveLength(3);
        const mine = await get(
          `/api/products?email=${encodeURIComponent(ids.buyer.email)}`,
          tokens.buyer,
        );
        expect(mine.json()).toEqual([]);
      });

      it('GET /api/product/:id answers one car, 404 for a deleted or unknown one', async () => {
        expect((await get(`/api/product/${ids.cars.advertised}`)).json()).toMatchObject({
          _id: ids.cars.advertised,
          advertise: 1,
          booked: 0,
        });
        expect((await get(`/api/product/${ids.cars.deleted}`)).statusCode).toBe(404);
        const unknown = await get(`/api/product/${randomUUID()}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.headers['content-type']).toContain('application/problem+json');
      });

      it('GET /api/category/products/:name matches the name case-insensitively', async () => {
        const suvName = (await get('/api/categories')).json()[1].name as string;
        const answer = await get(
          `/api/category/products/${encodeURIComponent(suvName.toLowerCase())}`,
        );
        expect(answer.statusCode).toBe(200);
        expect((answer.json() as { _id: string }[]).map((c) => c._id)).toEqual([
          ids.cars.advertised,
          ids.cars.booked,
        ]);
        expect((await get('/api/category/products/nothing-here')).json()).toEqual([]);
      });

      it('GET /api/products/advertise leaves out booked and deleted cars', async () => {
        const answer = await get('/api/products/advertise');
        expect((answer.json() as { _id: string }[]).map((c) => c._id)).toEqual([
          ids.cars.advertised,
        ]);
      });

      it("GET /api/product/:id/history is the car's story, for its seller and admins", async () => {
        const url = `/api/product/${ids.cars.booked}/history`;
        expect((await get(url)).statusCode).toBe(401);
        expect((await get(url, tokens.buyer)).statusCode).toBe(403);
        const own = await get(url, tokens.seller);
        expect(own.statusCode).toBe(200);
        expect((own.json() as { action: string }[]).map((e) => e.action)).toEqual([
          'listed',
          'advertised',
          'booked',
        ]);
        const booked = (own.json() as { action: string; actor: { email: string } }[])[2];
        expect(booked?.actor.email).toBe(ids.buyer.email);
        expect(JSON.stringify(own.json())).not.toContain('+880');
        const deleted = await get(`/api/product/${ids.cars.deleted}/history`, tokens.admin);
        expect((deleted.json() as { action: string }[]).map((e) => e.action)).toEqual([
          'listed',
          'advertised',
          'deleted',
        ]);
        expect((await get(`/api/product/${randomUUID()}/history`, tokens.admin)).statusCode).toBe(
          404,
        );
      });
    });

    describe('GET /api/bookings', () => {
      it("answers a seller's bookings received and a buyer's purchases, to their owner or an admin", async () => {
        const received = `/api/bookings?email=${encodeURIComponent(ids.seller.email)}`;
        expect((await get(received)).statusCode).toBe(401);
        expect((await get(received, tokens.buyer)).statusCode).toBe(403);
        const seller = await get(received, tokens.seller);
        expect(seller.statusCode).toBe(200);
        expect(seller.json()).toEqual([
          {
            _id: ids.bookingId,
            buyer: ids.buyer.name,
            seller: ids.seller.name,
            buyer_email: ids.buyer.email,
            seller_email: ids.seller.email,
            product_id: ids.cars.booked,
            product_name: 'Honda Vezel',
            product_image: `https://images.example.com/${ids.cars.booked}.jpg`,
            price: 15000,
            buyer_phone: '+8801700000000',
            meetup: 'Gulshan 2',
            booked_at: expect.any(String),
            status: 'requested',
            seller_id: ids.seller.uid,
            reviewed: false,
          },
        ]);
        expect((await get(received, tokens.admin)).json()).toHaveLength(1);

        const purchases = `/api/bookings?email=${encodeURIComponent(ids.buyer.email)}&type=buyer`;
        expect((await get(purchases, tokens.seller)).statusCode).toBe(403);
        expect((await get(purchases, tokens.buyer)).json()).toHaveLength(1);
        expect(
          (
            await get(`/api/bookings?email=${encodeURIComponent(ids.buyer.email)}`, tokens.buyer)
          ).json(),
        ).toEqual([]);
        expect((await get('/api/bookings', tokens.buyer)).statusCode).toBe(400);
      });

      it("narrows a buyer's purchases to one car's: what the car's page shows them", async () => {
        const purchases = `/api/bookings?email=${encodeURIComponent(ids.buyer.email)}&type=buyer`;
        const ofCar = await get(`${purchases}&product_id=${ids.cars.booked}`, tokens.buyer);
        expect((ofCar.json() as { _id: string }[]).map((b) => b._id)).toEqual([ids.bookingId]);
        expect(ofCar.headers['x-total-count']).toBe('1');
        const other = await get(`${purchases}&product_id=${ids.cars.deleted}`, tokens.buyer);
        expect(other.json()).toEqual([]);
        expect((await get(`${purchases}&product_id=`, tokens.buyer)).statusCode).toBe(400);
      });
    });

    describe('answer bodies', () => {
      // The read tables name things as the events do; the answers keep the public API's field
      // names and their order, byte for byte.
      it('answers a car and a booking with the API field names, in the order they always had', async () => {
        const car = await get(`/api/product/${ids.cars.booked}`);
        expect(car.body).toBe(
          JSON.stringify({
            _id: ids.cars.booked,
            name: 'Honda Vezel',
            seller_name: ids.seller.name,
            email: ids.seller.email,
            category: car.json().category,
            image: `https://images.example.com/${ids.cars.booked}.jpg`,
            original_price: 20000,
            price: 15000,
            location: 'Dhaka',
            use: 3,
            booked: 1,
            advertise: 1,
            images: [`https://images.example.com/${ids.cars.booked}.jpg`],
            sold: 0,
            seller_id: ids.seller.uid,
            seller_rating: { average: null, count: 0 },
            listed_at: car.json().listed_at,
            expires_at: car.json().expires_at,
          }),
        );
        expect(car.json().category).toMatch(/^SUV /);
        expect(car.headers['content-type']).toBe('application/json; charset=utf-8');

        const bookings = await get(
          `/api/bookings?email=${encodeURIComponent(ids.seller.email)}`,
          tokens.seller,
        );
        const [booking] = bookings.json() as { booked_at: string }[];
        expect(bookings.body).toBe(
          JSON.stringify([
            {
              _id: ids.bookingId,
              buyer: ids.buyer.name,
              seller: ids.seller.name,
              buyer_email: ids.buyer.email,
              seller_email: ids.seller.email,
              product_id: ids.cars.booked,
              product_name: 'Honda Vezel',
              price: 15000,
              buyer_phone: '+8801700000000',
              meetup: 'Gulshan 2',
              booked_at: booking?.booked_at,
              status: 'requested',
              seller_id: ids.seller.uid,
              reviewed: false,
              // Added after the others: the fields before it keep their places.
              product_image: `https://images.example.com/${ids.cars.booked}.jpg`,
            },
          ]),
        );
        expect(new Date(booking?.booked_at ?? '').toISOString()).toBe(booking?.booked_at);
      });
    });

    describe('GET /api/users', () => {
      it('answers admins only, with an optional role filter, never deleted users', async () => {
        expect((await get('/api/users')).statusCode).toBe(401);
        expect((await get('/api/users', tokens.seller)).statusCode).toBe(403);
        const all = await get('/api/users?limit=100', tokens.admin);
        expect(all.statusCode).toBe(200);
        const emails = (all.json() as { email: string }[]).map((u) => u.email);
        expect(emails).toEqual(
          expect.arrayContaining([ids.admin.email, ids.seller.email, ids.buyer.email]),
        );
        expect(emails).not.toContain(ids.leaving.email);
        const sellers = await get('/api/users?role=Seller', tokens.admin);
        expect((sellers.json() as { type: string }[]).every((u) => u.type === 'Seller')).toBe(true);
        expect((await get('/api/users?role=Wizard', tokens.admin)).statusCode).toBe(400);
      });
    });

    describe('GET /api/audit', () => {
      it('answers admins: who did what to whom, newest first, filtered by actor, subject and type', async () => {
        expect((await get('/api/audit')).statusCode).toBe(401);
        expect((await get('/api/audit', tokens.seller)).statusCode).toBe(403);
        const all = await get('/api/audit?limit=100', tokens.admin);
        expect(all.statusCode).toBe(200);
        const positions = (all.json() as { position: string }[]).map((e) => BigInt(e.position));
        expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

        const byBuyer = await get(
          `/api/audit?actor=${encodeURIComponent(ids.buyer.email)}&type=CarBooked`,
          tokens.admin,
        );
        expect(byBuyer.json()).toEqual([
          expect.objectContaining({
            eventType: 'CarBooked',
            action: 'booked',
            actor: { uid: ids.buyer.uid, email: ids.buyer.email, role: 'Buyer' },
            subject: { type: 'car', id: ids.cars.booked, label: 'Honda Vezel' },
          }),
        ]);
        const promoted = await get(
          `/api/audit?subject=${ids.admin.uid}&type=UserPromotedToAdmin`,
          tokens.admin,
        );
        expect(promoted.json()[0]).toMatchObject({
          action: 'promoted to admin',
          subject: { type: 'user' },
        });
        const byUid = await get(`/api/audit?actor=${ids.seller.uid}&limit=2`, tokens.admin);
        expect(byUid.json()).toHaveLength(2);
        expect(Number(byUid.headers['x-total-count'])).toBeGreaterThan(2);
      });
    });

    describe('GET /api/feed/cars', () => {
      const carEventCount = 5 + 3 + 1 + 2; // listed, advertised, booked, deleted

      it('sends car events with public fields only, and resumes after Last-Event-ID with no gap or repeat', async () => {
        await waitForPosition(h.db, ids.position, 5000);
        const full = parseSse((await get('/api/feed/cars?follow=false')).body);
        const mine = full.filter(
          (m) =>
            (m.data ?? '').includes(ids.seller.uid) ||
            (ids.cars && Object.values(ids.cars).some((c) => (m.data ?? '').includes(c))),
        );
        expect(mine.length).toBeGreaterThanOrEqual(carEventCount);
        expect(
          full.every((m) =>
            ['CarListed', 'CarAdvertised', 'CarBooked', 'CarDeleted'].includes(m.event ?? ''),
          ),
        ).toBe(true);
        const text = full.map((m) => m.data).join('\n');
        expect(text).not.toContain('+8801700000000');
        expect(text).not.toContain(ids.buyer.email);
        expect(text).not.toContain(ids.buyer.name);
        const booked = full.find(
          (m) => m.event === 'CarBooked' && m.data?.includes(ids.cars.booked),
        );
        expect(JSON.parse(booked?.data ?? '{}')).toEqual({
          type: 'CarBooked',
          position: booked?.id,
          occurredAt: expect.any(String),
          carId: ids.cars.booked,
          bookingId: ids.bookingId,
          price: 15000,
        });

        for (const cut of [0, 3, full.length - 1]) {
          const lastId = full[cut]?.id as string;
          const rest = parseSse(
            (await get('/api/feed/cars?follow=false', undefined, { 'last-event-id': lastId })).body,
          );
          expect(rest.map((m) => m.id)).toEqual(full.slice(cut + 1).map((m) => m.id));
        }
        const ids_ = full.map((m) => BigInt(m.id as string));
        expect(new Set(ids_).size).toBe(ids_.length);
        expect(
          (await get('/api/feed/cars', undefined, { 'last-event-id': 'yesterday' })).statusCode,
        ).toBe(400);
      });
    });

    describe('bad input', () => {
      it.each([
        ['/api/products?limit=abc', 'querystring.limit'],
        ['/api/products?page=-1', 'querystring.page'],
        ['/api/products/advertise?limit=101', 'querystring.limit'],
        ['/api/category/products/x?page=1.5', 'querystring.page'],
        ['/api/bookings?email=a@example.com&type=renter', 'querystring.type'],
        ['/api/audit?subjectType=planet', 'querystring.subjectType'],
        ['/api/users?limit=0', 'querystring.limit'],
        ['/api/feed/cars?after=yesterday', 'querystring.after'],
        ['/api/feed/cars?follow=maybe', 'querystring.follow'],
      ])('%s answers 400 naming %s', async (url, field) => {
        const answer = await get(url, tokens.admin);
        expect(answer.statusCode).toBe(400);
        expect(answer.headers['content-type']).toContain('application/problem+json');
        const fields = (answer.json().errors as { field: string }[]).map((e) => e.field);
        expect(fields.join(' ')).toContain(field.split('.')[1]);
      });
    });

    describe('OpenAPI', () => {
      it('documents every read', async () => {
        const doc = await get('/api/openapi/queries.json');
        expect(doc.statusCode).toBe(200);
        const paths = Object.keys(doc.json().paths);
        for (const path of [
          '/api/jwt',
          '/api/user/{email}',
          '/api/users',
          '/api/categories',
          '/api/products',
          '/api/products/advertise',
          '/api/product/{id}',
          '/api/product/{id}/history',
          '/api/product/{id}/price-history',
          '/api/category/products/{name}',
          '/api/bookings',
          '/api/audit',
          '/api/feed/cars',
        ]) {
          expect(paths).toContain(path);
        }
      });
    });
  });

  // Tests that write: each appends the people, cars and scenarios it reads, and looks only at
  // its own, so what one writes is never in another's way.
  describe('writes, each read by the test that made it', () => {
    let h: Harness;
    const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
      inject(h, url, token, headers);

    /** A scenario of the test's own, projected, and service tokens of its people. */
    const scenario = async () => {
      const ids = await appendScenario(h.store);
      expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
      const sign = (person: Person, role: 'Admin' | 'Seller' | 'Buyer') =>
        h.app.serviceTokens.sign({ uid: person.uid, email: person.email, role });
      return {
        ids,
        tokens: {
          admin: sign(ids.admin, 'Admin'),
          seller: sign(ids.seller, 'Seller'),
          buyer: sign(ids.buyer, 'Buyer'),
        },
      };
    };

    beforeAll(async () => {
      h = await backend.open(emulator.host, emulator.projectId);
    });
    afterAll(async () => {
      await h?.close();
    });

    describe('GET /api/jwt', () => {
      it('answers 404 before registration, and a token right after it when asked to wait', async () => {
        const freshEmail = uniqueEmail('fresh');
        const fresh = await emulator
          .signUp({ email: freshEmail })
          .catch(() => emulator.signUp({ email: freshEmail }));
        const url = `/api/jwt?email=${encodeURIComponent(fresh.email.toUpperCase())}`;
        const before = await get(url, fresh.idToken);
        expect(before.statusCode).toBe(404);
        expect(before.json().detail).toMatch(/not registered/);

        const actor = { uid: fresh.uid, email: fresh.email, role: 'Seller' as const };
        const { position } = await h.store.append(streams.user(fresh.uid), 'no_stream', [
          eventData(
            'UserRegistered',
            {
              userId: fresh.uid,
              name: 'Fresh',
              email: fresh.email,
              role: 'Seller',
              photoURL: null,
            },
            actor,
          ),
        ]);
        const after = await get(url, fresh.idToken, { 'x-min-position': position.toString() });
        expect(after.statusCode).toBe(200);
        expect(after.headers['x-position-reached']).toBe('true');
        expect(claimsOf(after.json().accessToken)).toMatchObject({
          uid: fresh.uid,
          role: 'Seller',
        });
      });
    });

    describe('roles come from the users table', () => {
      it('a promotion takes effect at once, and a deleted account is signed out', async () => {
        const { person, idToken } = await signUp('promoted');
        const actor = { uid: person.uid, email: person.email, role: 'Buyer' as const };
        await h.store.append(streams.user(person.uid), 'no_stream', [
          eventData(
            'UserRegistered',
            {
              userId: person.uid,
              name: person.name,
              email: person.email,
              role: 'Buyer',
              photoURL: null,
            },
            actor,
          ),
        ]);
        const { position: registered } = await h.store.append(streams.email(person.email), 'any', [
          eventData('EmailClaimed', { email: person.email, userId: person.uid }, actor),
        ]);
        const jwt = await get(`/api/jwt?email=${encodeURIComponent(person.email)}`, idToken, {
          'x-min-position': registered.toString(),
        });
        const token = jwt.json().accessToken as string;
        expect((await get('/api/users', token)).statusCode).toBe(403);

        const adminActor = someone('Admin');
        const { position: promoted } = await h.store.append(streams.user(person.uid), 'any', [
          eventData('UserPromotedToAdmin', { userId: person.uid }, adminActor),
        ]);
        const asAdmin = await get('/api/users', token, { 'x-min-position': promoted.toString() });
        expect(asAdmin.statusCode).toBe(200);

        const { position: deleted } = await h.store.append(streams.user(person.uid), 'any', [
          eventData('UserDeleted', { userId: person.uid, email: person.email }, adminActor),
        ]);
        const gone = await get('/api/users', token, { 'x-min-position': deleted.toString() });
        expect(gone.statusCode).toBe(401);
      });
    });

    describe('read-your-writes', () => {
      it('a read that asks for the position of a write always sees it', async () => {
        const seller = someone('Seller');
        const sedan = randomUUID();
        for (let i = 0; i < 8; i++) {
          const carId = randomUUID();
          const { position } = await h.store.append(streams.car(carId), 'no_stream', [
            eventData(
              'CarListed',
              {
                carId,
                name: `Car ${i}`,
                sellerId: seller.uid,
                sellerName: 'Sam Seller',
                sellerEmail: seller.email,
                categoryId: sedan,
                categoryName: 'Sedan',
                image: 'https://images.example.com/x.jpg',
                originalPrice: 10,
                price: 9,
                location: 'Khulna',
                yearsOfUse: 1,
                ...noCarDetails,
              },
              seller,
            ),
          ]);
          const answer = await get(`/api/product/${carId}`, undefined, {
            'X-Min-Position': position.toString(),
          });
          expect(answer.statusCode).toBe(200);
          expect(answer.headers['x-position-reached']).toBe('true');
          expect(BigInt(answer.headers['x-projection-position'] as string)).toBeGreaterThanOrEqual(
            position,
          );
        }
      });

      it('says so when the wait ends first, and rejects a malformed position', async () => {
        const fast = await h.another({ readYourWritesTimeoutMs: 100 });
        try {
          const head = (await h.store.headPosition()) ?? 0n;
          const answer = await fast.inject({
            method: 'GET',
            url: '/api/categories',
            headers: { 'x-min-position': (head + 1000n).toString() },
          });
          expect(answer.statusCode).toBe(200);
          expect(answer.headers['x-position-reached']).toBe('false');
          const bad = await fast.inject({
            method: 'GET',
            url: '/api/categories',
            headers: { 'x-min-position': 'soon' },
          });
          expect(bad.statusCode).toBe(400);
        } finally {
          await fast.close();
        }
      });
    });

    describe('GET /api/feed/cars', () => {
      it('follows live over HTTP; a client that drops and resumes misses nothing and sees nothing twice', async () => {
        // A history to start from, and a service of the test's own to listen on a port.
        const ids = await appendScenario(h.store);
        const served = await h.another();
        try {
          const address = await served.listen({ host: '127.0.0.1', port: 0 });
          // Connected once the answer's headers are in; `take` then reads `want` messages.
          const connect = async (lastEventId: string | undefined) => {
            const controller = new AbortController();
            const response = await fetch(`${address}/api/feed/cars`, {
              headers: lastEventId ? { 'last-event-id': lastEventId } : {},
              signal: controller.signal,
            });
            expect(response.headers.get('content-type')).toContain('text/event-stream');
            const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
            const take = async (want: number) => {
              let text = '';
              const deadline = Date.now() + 15_000;
              while (parseSse(text).length < want && Date.now() < deadline) {
                const { value, done } = await reader.read();
                if (done) break;
                text += value;
              }
              controller.abort();
              // Only complete messages count: the client resumes after the last one it saw whole.
              return parseSse(text.slice(0, text.lastIndexOf('\n\n') + 2)).slice(0, want);
            };
            return { take };
          };
          const read = async (lastEventId: string | undefined, want: number) =>
            (await connect(lastEventId)).take(want);
          const everything = parseSse((await get('/api/feed/cars?follow=false')).body);
          const first = await read(undefined, 4);
          expect(first.map((m) => m.id)).toEqual(everything.slice(0, 4).map((m) => m.id));

          // While the client is away, more happens.
          const more = await appendScenario(h.store);
          const afterMore = parseSse((await get('/api/feed/cars?follow=false')).body);
          const rest = await read(first.at(-1)?.id, afterMore.length - 4);
          expect([...first, ...rest].map((m) => m.id)).toEqual(afterMore.map((m) => m.id));
          expect(rest.some((m) => m.data?.includes(more.cars.withdrawn))).toBe(true);

          // And live: an event appended while connected arrives.
          const carId = randomUUID();
          const seller = { uid: ids.seller.uid, email: ids.seller.email, role: 'Seller' as const };
          const live = await connect(afterMore.at(-1)?.id);
          await h.store.append(streams.car(carId), 'any', [
            eventData('CarAdvertised', { carId }, seller),
          ]);
          expect(JSON.parse((await live.take(1))[0]?.data ?? '{}')).toMatchObject({
            type: 'CarAdvertised',
            carId,
          });
        } finally {
          await served.close();
        }
      });

      it('keeps at most so many streams open for one client, answering 429 with Retry-After beyond', async () => {
        const served = await h.another({ feedStreams: { perClient: 2, total: 10 } });
        const open: AbortController[] = [];
        try {
          const address = await served.listen({ host: '127.0.0.1', port: 0 });
          const follow = async () => {
            const controller = new AbortController();
            const response = await fetch(`${address}/api/feed/cars?follow=true`, {
              signal: controller.signal,
            });
            if (response.status === 200) open.push(controller);
            return response;
          };
          expect((await follow()).status).toBe(200);
          expect((await follow()).status).toBe(200);
          const refused = await follow();
          expect(refused.status).toBe(429);
          expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(refused.headers.get('content-type')).toContain('application/problem+json');
          expect(((await refused.json()) as { detail: string }).detail).toMatch(/Too many streams/);
          // One closed, one may open again.
          open.shift()?.abort();
          await vi.waitFor(
            async () => {
              expect((await follow()).status).toBe(200);
            },
            { timeout: 5000, interval: 50 },
          );
        } finally {
          for (const controller of open) controller.abort();
          await served.close();
        }
      });

      it('passes over an event it cannot read, which the projections park, and health says so', async () => {
        const seller = someone('Seller');
        // Nothing stored yet when this test is the first: the feed starts after position 0.
        const before = (await h.store.headPosition()) ?? 0n;
        const broken = randomUUID();
        const fine = randomUUID();
        // A car event without its car, as a writer with a bug might store it.
        const { position: poison } = await h.store.append(streams.car(broken), 'any', [
          { ...eventData('CarAdvertised', { carId: broken }, seller), data: { car: broken } },
        ]);
        const { position } = await h.store.append(streams.car(fine), 'any', [
          eventData('CarAdvertised', { carId: fine }, seller),
        ]);
        const feed = parseSse(
          (await get('/api/feed/cars?follow=false', undefined, { 'last-event-id': String(before) }))
            .body,
        );
        expect(feed.map((m) => [m.id, JSON.parse(m.data ?? '{}').carId])).toEqual([
          [String(position), fine],
        ]);

        expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
        const health = await get('/health');
        expect(health.statusCode).toBe(200);
        expect(health.json()).toMatchObject({
          status: 'degraded',
          parked: { cars: 1, audit: 1, users: 1, categories: 1, bookings: 1 },
        });
        const parked = await h.db
          .withSchema('read_model')
          .selectFrom('parked_events')
          .select(['projection', 'position'])
          .execute();
        expect(parked.every((p) => BigInt(p.position) === poison)).toBe(true);
      });
    });

    // The plain car is edited and its price lowered, booked and answered; the advertised car is
    // booked and sold.
    describe("a listing's life", () => {
      it('shows edits, the price history, booking states and a sold car where each belongs', async () => {
        const { ids, tokens } = await scenario();
        const members = appendMemberLife(h.store, ids);
        await members.before();
        const life = await appendListingLife(h.store, ids);
        const fresh = { 'x-min-position': life.position.toString() };

        const plain = (await get(`/api/product/${ids.cars.plain}`, undefined, fresh)).json();
        expect(plain).toMatchObject({
          price: 13500,
          previous_price: 15000,
          mileage: 64000,
          sold: 0,
          image: life.images[0],
          images: life.images,
        });
        const history = await get(`/api/product/${ids.cars.plain}/price-history`);
        expect(history.json()).toEqual([
          { price: 15000, at: expect.any(String) },
          { price: 13500, at: expect.any(String) },
        ]);
        expect(history.headers['x-total-count']).toBe('2');
        expect((await get('/api/product/no-such-car/price-history')).statusCode).toBe(404);

        // A sold car is readable by its address, and leaves every public list.
        const sold = await get(`/api/product/${ids.cars.advertised}`);
        expect(sold.json()).toMatchObject({ sold: 1, booked: 0 });
        for (const url of [
          '/api/products',
          '/api/products?q=harrier',
          '/api/products/advertise',
          `/api/category/products/${encodeURIComponent(sold.json().category)}`,
        ]) {
          const ids_ = (await get(url)).json().map((car: { _id: string }) => car._id);
          expect(ids_, url).not.toContain(ids.cars.advertised);
        }
        const own = await get(
          `/api/products?email=${encodeURIComponent(ids.seller.email)}`,
          tokens.seller,
        );
        expect(own.json().map((car: { _id: string }) => car._id)).toContain(ids.cars.advertised);

        const received = (
          await get(
            `/api/bookings?email=${encodeURIComponent(ids.seller.email)}`,
            tokens.seller,
            fresh,
          )
        ).json() as { _id: string; status: string; proposed_time?: string }[];
        // The request still waiting for an answer comes first, though the others are newer.
        expect(received.map((b) => b.status)).toEqual([
          'requested',
          ...received.slice(1).map(() => expect.not.stringMatching(/^requested$/)),
        ]);
        expect(received[0]?._id).toBe(ids.bookingId);
        const statusOf = new Map(received.map((b) => [b._id, b]));
        expect(statusOf.get(life.cancelledBookingId)).toMatchObject({
          status: 'cancelled',
          proposed_time: life.proposedTime,
        });
        expect(statusOf.get(life.declinedBookingId)?.status).toBe('declined');
        expect(statusOf.get(life.endedBookingId)?.status).toBe('ended');

        // The feed carries the public facts of each, and nothing about the buyer.
        const feed = await get(`/api/feed/cars?follow=false&after=${ids.position}`, tokens.admin);
        const mine = new Set([ids.cars.plain, ids.cars.advertised]);
        const messages = parseSse(feed.body)
          .map((m) => JSON.parse(m.data ?? '{}'))
          .filter((m: { carId?: string }) => mine.has(m.carId ?? ''));
        expect(messages.map((m: { type: string }) => m.type)).toEqual([
          'CarPriceChanged',
          'CarDetailsChanged',
          'CarPhotosChanged',
          'CarBooked',
          'BookingAccepted',
          'BookingCancelled',
          'CarBooked',
          'BookingDeclined',
          'CarBooked',
          'CarSold',
          'BookingEnded',
        ]);
        expect(messages[1]).toMatchObject({
          changes: { mileage: 64000, description: 'New tyres' },
        });
        expect(feed.body).not.toContain(ids.buyer.uid);
        expect(feed.body).not.toContain(ids.buyer.email);

        // What the buyer keeps and hears, once the rest of the member's story is written.
        const position = await members.after();
        const wait = { 'x-min-position': position.toString() };
        const favourites = await get('/api/favourites', tokens.buyer, wait);
        expect(favourites.statusCode).toBe(200);
        expect(favourites.json().map((car: { _id: string }) => car._id)).toEqual([ids.cars.plain]);
        expect((await get('/api/favourites/ids', tokens.buyer)).json()).toEqual([ids.cars.plain]);
        expect((await get('/api/favourites', tokens.seller)).json()).toEqual([]);
        expect((await get('/api/favourites')).statusCode).toBe(401);

        const searches = (await get('/api/saved-searches', tokens.buyer)).json();
        expect(searches).toEqual([
          {
            _id: members.searchId,
            name: 'Corollas',
            query: 'q=corolla',
            created_at: expect.any(String),
          },
        ]);

        const told = await get('/api/notifications', tokens.buyer, wait);
        const notifications = told.json() as {
          kind: string;
          message: string;
          link: string;
          read: boolean;
        }[];
        expect(notifications.map((n) => [n.kind, n.read])).toEqual([
          ['search-matched', false],
          ['booking-ended', true],
          ['favourite-sold', true],
          ['booking-declined', true],
          ['booking-accepted', true],
          ['price-dropped', true],
        ]);
        expect(told.headers['x-unread-count']).toBe('1');
        expect(notifications[0]).toMatchObject({
          message: 'A new car matches your search “Corollas”: Toyota Corolla',
          link: `/car/${members.matchingCarId}`,
        });
        expect(notifications.at(-1)?.message).toBe('Toyota Axio dropped from $15,000 to $13,500');
        const sellers = (await get('/api/notifications', tokens.seller)).json() as {
          kind: string;
        }[];
        // The scenario's booking, then the three of the listing's life and a cancellation.
        expect(sellers.map((n) => n.kind)).toEqual([
          'booking-requested',
          'booking-requested',
          'booking-cancelled',
          'booking-requested',
          'booking-requested',
        ]);
        // An admin opens the plain car as it was before its price changed, and sees who changed it.
        const before = await get(
          `/api/audit/state/car/${ids.cars.plain}?position=${ids.position}`,
          tokens.admin,
        );
        expect(before.statusCode).toBe(200);
        expect(before.json()).toMatchObject({
          subject: { type: 'car', id: ids.cars.plain },
          exists: true,
          state: { status: 'listed', car: { price: 15000 } },
        });
        const now = (await get(`/api/audit/state/car/${ids.cars.plain}`, tokens.admin)).json();
        expect(now.state.car.price).toBe(13500);
        expect(JSON.stringify(now)).not.toContain('+880');
        const changes = (
          await get(`/api/audit/changes/car/${ids.cars.plain}`, tokens.admin)
        ).json() as { eventType: string; actor: { uid: string }; changes: { path: string }[] }[];
        const priceChange = changes.find((c) => c.eventType === 'CarPriceChanged');
        expect(priceChange).toMatchObject({
          actor: { uid: ids.seller.uid },
          changes: [{ path: 'car.price', before: 15000, after: 13500 }],
        });
        expect(
          (await get(`/api/audit/state/car/${ids.cars.plain}`, tokens.seller)).statusCode,
        ).toBe(403);
        // A seller's cars join and leave on a stream of their own, folded into their state.
        const seller = (await get(`/api/audit/state/user/${ids.seller.uid}`, tokens.admin)).json();
        expect(seller.state.carIds).toContain(ids.cars.plain);
        expect(seller.state.carIds).not.toContain(ids.cars.advertised);
        const never = (await get('/api/audit/state/user/nobody', tokens.admin)).json();
        expect(never).toMatchObject({ exists: false, version: -1 });

        const me = await get(
          `/api/user/${encodeURIComponent(ids.buyer.email)}`,
          tokens.buyer,
          wait,
        );
        expect(me.json()).toMatchObject({ phone: '+8801711111111', name: `${ids.buyer.name} B.` });
        // The buyer's history names the change of their phone, never its value, then or now.
        const buyerHistory = await get(`/api/audit/changes/user/${ids.buyer.uid}`, tokens.admin);
        const phoneChange = (
          buyerHistory.json() as { changes: { path: string; hidden?: boolean }[] }[]
        ).flatMap((change) => change.changes.filter((field) => field.path === 'phone'));
        expect(phoneChange.length).toBeGreaterThan(0);
        for (const field of phoneChange) expect(field).toEqual({ path: 'phone', hidden: true });
        expect(buyerHistory.body).not.toContain('8801711111111');
        const emailChanges = (
          buyerHistory.json() as { changes: { path: string; after?: unknown }[] }[]
        ).flatMap((change) => change.changes.filter((field) => field.path === 'email'));
        for (const field of emailChanges) expect(field).toEqual({ path: 'email', hidden: true });
        const buyerNow = await get(`/api/audit/state/user/${ids.buyer.uid}`, tokens.admin);
        expect(buyerNow.body).not.toContain('8801711111111');
      });

      it('streams a member their new notifications as they are made, and resumes after the last seen', async () => {
        // The buyer's story as the listing's life leaves it: one notification unread, the plain
        // car a favourite at $13,500.
        const { ids, tokens } = await scenario();
        const members = appendMemberLife(h.store, ids);
        await members.before();
        await appendListingLife(h.store, ids);
        const settled = await members.after();
        expect((await waitForPosition(h.db, settled, 10_000)).reached).toBe(true);
        const served = await h.another();
        try {
          const address = await served.listen({ host: '127.0.0.1', port: 0 });
          const open = async (lastEventId?: string) => {
            const controller = new AbortController();
            const response = await fetch(`${address}/api/notifications/stream`, {
              headers: {
                authorization: `Bearer ${tokens.buyer}`,
                ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
              },
              signal: controller.signal,
            });
            expect(response.status).toBe(200);
            expect(response.headers.get('content-type')).toContain('text/event-stream');
            const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
            let text = '';
            const until = async (want: (messages: ReturnType<typeof parseSse>) => boolean) => {
              const deadline = Date.now() + 15_000;
              while (!want(parseSse(text)) && Date.now() < deadline) {
                const { value, done } = await reader.read();
                if (done) break;
                text += value;
              }
              return parseSse(text);
            };
            return { until, close: () => controller.abort() };
          };

          const stream = await open();
          const first = await stream.until((m) => m.length >= 1);
          expect(first[0]).toMatchObject({ event: 'unread' });
          expect(JSON.parse(first[0]?.data ?? '{}')).toEqual({
            type: 'unread',
            unread: 1,
            messages: 0,
          });

          // The seller lowers the price of the buyer's favourite: the buyer hears of it at once.
          const seller = { uid: ids.seller.uid, email: ids.seller.email, role: 'Seller' as const };
          await h.store.append(streams.car(ids.cars.plain), 'any', [
            eventData(
              'CarPriceChanged',
              { carId: ids.cars.plain, oldPrice: 13500, price: 12000 },
              seller,
            ),
          ]);
          const live = await stream.until((m) =>
            m.some((message) => message.event === 'notification'),
          );
          stream.close();
          const dropped = live.find((message) => message.event === 'notification');
          expect(JSON.parse(dropped?.data ?? '{}')).toMatchObject({
            type: 'notification',
            unread: 2,
            notification: {
              kind: 'price-dropped',
              message: 'Toyota Axio dropped from $13,500 to $12,000',
            },
          });

          // A client that comes back with the id before it is sent that one again, and no other.
          const resumed = await open(String(BigInt(dropped?.id ?? '0') - 1n));
          const again = await resumed.until((m) =>
            m.some((message) => message.event === 'notification'),
          );
          resumed.close();
          expect(again.filter((m) => m.event === 'notification').map((m) => m.id)).toEqual([
            dropped?.id,
          ]);
          // Asked after the streams: a stream fetched after another request to the service
          // keeps its connection when aborted, and closing the service waits seconds for it.
          expect((await fetch(`${address}/api/notifications/stream`)).status).toBe(401);
        } finally {
          await served.close();
        }
      });
    });
  });

  // Its projections stop and start again: a world of its own.
  describe('read-your-writes, on a store of its own', () => {
    it('waits over HTTP until the projections catch up', async () => {
      const slow = await backend.open(emulator.host, emulator.projectId);
      try {
        await slow.projections.stop();
        const carId = randomUUID();
        const { position } = await slow.store.append(streams.car(carId), 'no_stream', [
          eventData(
            'CarAdvertised',
            { carId },
            { uid: 's', email: 's@example.com', role: 'Seller' },
          ),
        ]);
        const address = await slow.app.listen({ host: '127.0.0.1', port: 0 });
        const started = Date.now();
        const answer = fetch(`${address}/api/categories`, {
          headers: { 'X-Min-Position': position.toString() },
        });
        // Timed: the projections stay stopped this long, and the answer must wait it out.
        await new Promise((r) => setTimeout(r, 300));
        const restarted = await startProjections({ store: slow.store, db: slow.db });
        try {
          const response = await answer;
          expect(response.status).toBe(200);
          expect(response.headers.get('x-position-reached')).toBe('true');
          expect(Date.now() - started).toBeGreaterThanOrEqual(300);
        } finally {
          await restarted.stop();
        }
      } finally {
        await slow.close();
      }
    });
  });
});
