// Erasure from end to end, in the all-in-one: a seller who listed a car, booked another, was
// notified of a booking and told others of theirs is deleted by an admin; then no answer of the
// API, no feed or webhook message and no read of the event log (with the keys that remain)
// shows their name, email or phone, while the history keeps its shape.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import {
  callMarketplace,
  type Person,
  peopleTagged,
  registerPeople,
  serviceTokenOf,
  startBareMarketplace,
} from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-erasure-0123456789';

/** A service token, as `GET /api/jwt` would sign it (HS256 with the secret). */
const tokenOf = (person: Person) => serviceTokenOf(SECRET, person);

describe('erasing a deleted user in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  const tag = randomUUID().slice(0, 8);
  const person = peopleTagged(tag);
  const admin = person('Ada Admin', 'Admin');
  const sam = person('Sam Seller', 'Seller');
  const olive = person('Olive Owner', 'Seller');
  const bea = person('Bea Buyer', 'Buyer');
  const samsPhone = '+1 555 0100 77';

  const call = async (
    method: string,
    path: string,
    as?: Person | string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const token = typeof as === 'string' ? as : as && tokenOf(as);
    return callMarketplace(marketplace.url, { method, path, token, body }, headers);
  };
  const listCar = async (seller: Person, name: string) => {
    const answer = await call('POST', '/api/product', seller, {
      name,
      category: 'Hatchback',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { insertedId: string; position: string };
  };
  const book = async (buyer: Person, carId: string, phone: string) => {
    const answer = await call('POST', '/api/booking', buyer, {
      product_id: carId,
      buyer_phone: phone,
      meetup: 'Gulshan 2',
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { insertedId: string; position: string };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-erasure-'));
    // A web build's page, for the pages the server fills in (heads, structured data, sitemap).
    const dist = join(dataDir, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Second Gear</title></head><body><div id="root"></div></body></html>',
    );
    marketplace = await startBareMarketplace(dataDir, {
      jwtSecret: SECRET,
      imageHosts: ['images.example.com'],
      webDist: dist,
    });
    await registerPeople(marketplace.store, [admin, sam, olive, bea]);
    expect((await call('POST', '/api/category', admin, { name: 'Hatchback' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing of their name, email or phone in any answer, message or read of the log', async () => {
    const key = await call('POST', '/api/api-keys', admin, {
      name: 'Listings bot',
      scopes: ['webhooks:manage', 'feed:read'],
    });
    expect(key.status, key.text).toBe(201);
    const apiKey = String(key.body?.key);
    // An endpoint no one answers: its deliveries stay in its log, with their bodies.
    const endpoint = await call('POST', '/api/webhooks', apiKey, {
      url: 'http://127.0.0.1:1/hooks',
      types: ['CarListed'],
      description: 'New listings',
    });
    expect(endpoint.status, endpoint.text).toBe(201);

    // Sam gives a phone (the answer kept under an Idempotency-Key), lists a car that Bea
    // books, and books Olive's car.
    const profile = await call(
      'PUT',
      '/api/user/me',
      sam,
      { phone: samsPhone },
      {
        'idempotency-key': `profile-${tag}`,
      },
    );
    expect(profile.status, profile.text).toBe(200);
    const samsCar = await listCar(sam, 'Honda Fit');
    const samsSold = await listCar(sam, 'Suzuki Swift');
    const sold = await call('POST', `/api/product/${samsSold.insertedId}/sold`, sam);
    expect(sold.status, sold.text).toBe(200);
    const olivesCar = await listCar(olive, 'Toyota Aqua');
    await book(bea, samsCar.insertedId, '+1 555 0100 11');
    const booked = await book(sam, olivesCar.insertedId, samsPhone);
    // Sam writes to Olive about her car, and gives his phone there too.
    const wrote = await call('POST', '/api/conversations', sam, {
      carId: olivesCar.insertedId,
      text: `Call me on ${samsPhone}, ${sam.name}`,
    });
    expect(wrote.status, wrote.text).toBe(201);
    const conversation = `/api/conversations/${String(wrote.body?.insertedId)}`;
    expect(
      (await call('POST', `${conversation}/messages`, olive, { text: 'Will do' })).status,
    ).toBe(201);
    // And reports Olive, giving his phone in the details.
    const reported = await call('POST', '/api/reports', sam, {
      subject: { type: 'user', id: olive.uid },
      reason: 'other',
      details: `Call me on ${samsPhone}, ${sam.name}`,
    });
    expect(reported.status, reported.text).toBe(201);
    // Olive met him: he reviews her, naming himself and his phone, and she answers.
    const accepted = await call('POST', `/api/booking/${booked.insertedId}/accept`, olive);
    expect(accepted.status, accepted.text).toBe(200);
    const reviewed = await call('POST', '/api/reviews', sam, {
      bookingId: booked.insertedId,
      rating: 4,
      text: `Friendly. ${sam.name}, ${samsPhone}`,
    });
    expect(reviewed.status, reviewed.text).toBe(201);
    const thanked = await call('POST', `/api/reviews/${booked.insertedId}/answer`, olive, {
      text: 'Thank you',
    });
    expect(thanked.status, thanked.text).toBe(200);
    const told = await call('GET', '/api/notifications', olive, undefined, {
      'x-min-position': booked.position,
    });
    expect(told.text).toContain(sam.name);

    const deleted = await call('DELETE', `/api/user/${sam.uid}`, admin);
    expect(deleted.status, deleted.text).toBe(200);
    const at = { 'x-min-position': String(deleted.body?.position) };

    const answers = [
      await call('GET', '/api/users', admin, undefined, at),
      await call('GET', `/api/user/${encodeURIComponent(sam.email)}`, admin, undefined, at),
      await call(
        'GET',
        `/api/bookings?email=${encodeURIComponent(olive.email)}`,
        admin,
        undefined,
        at,
      ),
      await call(
        'GET',
        `/api/bookings?email=${encodeURIComponent(olive.email)}`,
        olive,
        undefined,
        at,
      ),
      await call('GET', `/api/bookings?email=${encodeURIComponent(bea.email)}`, bea, undefined, at),
      await call('GET', '/api/notifications', olive, undefined, at),
      await call('GET', '/api/notifications', admin, undefined, at),
      await call('GET', '/api/audit?limit=100', admin, undefined, at),
      await call('GET', `/api/audit?subject=${sam.uid}`, admin, undefined, at),
      await call('GET', `/api/product/${samsCar.insertedId}`, undefined, undefined, at),
      await call('GET', `/api/product/${samsCar.insertedId}/history`, admin, undefined, at),
      await call('GET', `/api/product/${olivesCar.insertedId}`, undefined, undefined, at),
      await call('GET', '/api/products', undefined, undefined, at),
      await call('GET', '/api/feed/cars?follow=false&after=0', apiKey, undefined, at),
      await call('GET', `/api/webhooks/${endpoint.body?.insertedId}/deliveries`, apiKey),
      await call('GET', `/product/${olivesCar.insertedId}`, undefined, undefined, at),
      await call('GET', `/api/product/${samsSold.insertedId}`, undefined, undefined, at),
      await call('GET', `/product/${samsSold.insertedId}`, undefined, undefined, at),
      await call('GET', '/', undefined, undefined, at),
      await call('GET', '/sitemap.xml', undefined, undefined, at),
      await call('GET', '/api/reports', admin, undefined, at),
      await call('GET', conversation, olive, undefined, at),
      await call('GET', '/api/conversations', olive, undefined, at),
      await call('GET', `/api/sellers/${olive.uid}`, undefined, undefined, at),
      await call('GET', `/api/sellers/${olive.uid}/reviews`, undefined, undefined, at),
    ];
    // Sam is no one now, and their car went with them; everything else answers.
    const gone = [answers[1], answers[9]];
    for (const answer of answers)
      expect(answer.status, answer.text).toBe(gone.includes(answer) ? 404 : 200);
    const everything = answers.map((a) => a.text).join('\n');
    // The history keeps its shape: Sam's booking of Olive's car is there, and Sam's sold car
    // reads as sold by a deleted user.
    expect(everything).toContain(olivesCar.insertedId);
    const soldCar = await call(
      'GET',
      `/api/product/${samsSold.insertedId}`,
      undefined,
      undefined,
      at,
    );
    expect(soldCar.body).toMatchObject({
      name: 'Suzuki Swift',
      seller_name: 'Deleted user',
      email: '',
    });
    const outbox = await marketplace.store.readAll({ limit: 10_000 });
    const log = JSON.stringify(
      outbox.map(({ streamId, type, data, metadata }) => ({ streamId, type, data, metadata })),
    );
    expect(log).toContain(sam.uid);
    for (const text of [everything, log]) {
      expect(text).not.toContain(sam.name);
      expect(text).not.toContain(sam.email);
      expect(text).not.toContain(samsPhone);
    }
    // Olive's conversation with Sam stays, with her own words, ended by his deletion.
    const ended = answers.at(-4)?.body as {
      conversation: { closed: string; with: { deleted: boolean } };
      messages: { text: string; removed: boolean }[];
    };
    expect(ended.conversation).toMatchObject({
      closed: 'account-deleted',
      with: { deleted: true },
    });
    expect(ended.messages.map((m) => [m.removed, m.text])).toEqual([
      [true, ''],
      [false, 'Will do'],
    ]);
    // His review of Olive keeps its stars, and her answer; his words go.
    expect(answers.at(-1)?.body).toEqual([
      expect.objectContaining({
        rating: 4,
        text: '',
        buyer: { _id: sam.uid, name: 'Deleted user' },
        answer: expect.objectContaining({ text: 'Thank you' }),
      }),
    ]);
    // Bea and Olive are untouched.
    expect(log).toContain(bea.name);
    expect(everything).toContain(olive.name);
  });
});
