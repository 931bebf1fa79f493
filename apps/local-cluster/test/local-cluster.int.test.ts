import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuilt } from '@second-gear/all-in-one';
import { promoteToAdminAsSystem } from '@second-gear/command-service';
import { createEventStore } from '@second-gear/event-store';
import { freePort, signUpWithPassword } from '@second-gear/identity';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCluster, startLocalCluster } from '../src/local-cluster.ts';

const server = 'postgres://postgres@127.0.0.1:5432';
const reachable = await new pg.Client({ connectionString: `${server}/postgres` })
  .connect()
  .then(async (client) => {
    await client.end();
    return true;
  })
  .catch(() => false);

describe.skipIf(!reachable)(
  reachable
    ? 'distributed mode: separate processes on PostgreSQL behind the gateway'
    : 'distributed mode (skipped: PostgreSQL at 127.0.0.1:5432 does not answer)',
  () => {
    const database = `cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const databaseUrl = `${server}/${database}`;
    const imageDir = mkdtempSync(join(tmpdir(), 'cluster-images-'));
    const lines: string[] = [];
    let cluster: LocalCluster;

    beforeAll(async () => {
      const webDist = ensureWebBuilt();
      const [gateway, command, query, projections] = await Promise.all(
        [1, 2, 3, 4].map(() => freePort()),
      );
      cluster = await startLocalCluster({
        databaseUrl,
        ports: { gateway: gateway!, command: command!, query: query!, projections: projections! },
        webDist,
        imageDir,
        logLevel: 'warn',
        onLine: (line) => lines.push(line),
      });
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      rmSync(imageDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: `${server}/postgres` });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
    }, 60_000);

    let position = '0';
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${cluster.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-min-position': position,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (typeof answer.position === 'string') position = answer.position;
      return { status: response.status, answer, headers: response.headers };
    };

    const signedUp = async (
      name: string,
      type: 'Buyer' | 'Seller',
      email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    ) => {
      const session = await signUpWithPassword(cluster.authEmulatorHost, {
        email,
        displayName: name,
      });
      const registered = await call('POST', '/api/user', session.idToken, { name, email, type });
      expect(registered.status).toBe(201);
      return { ...session, email };
    };

    const serviceToken = async (user: { email: string; idToken: string }) => {
      const { status, answer } = await call(
        'GET',
        `/api/jwt?email=${encodeURIComponent(user.email)}`,
        user.idToken,
      );
      expect(status).toBe(200);
      return String(answer.accessToken);
    };

    it('serves the web app and routes reads and writes to their services', async () => {
      const page = await fetch(`${cluster.url}/car/anything`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const categories = await fetch(`${cluster.url}/api/categories`);
      expect(categories.status).toBe(200);
      expect(await categories.json()).toEqual([]);
      const anonymousWrite = await fetch(`${cluster.url}/api/category`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'SUV' }),
      });
      expect(anonymousWrite.status).toBe(401);
      expect(anonymousWrite.headers.get('content-type')).toContain('application/problem+json');
    });

    const read = async (path: string, token: string) => {
      const { status, answer } = await call('GET', path, token);
      return { status, answer: answer as unknown };
    };
    let booking: { admin: string; seller: string; buyer: string; carId: string } | undefined;

    it('drives a booking from sign-up to both sides seeing it', async () => {
      const admin = await signedUp('Ada', 'Buyer');
      const seller = await signedUp('Sol', 'Seller');
      const buyer = await signedUp('Bo', 'Buyer');

      const store = await createEventStore({ kind: 'postgres', connectionString: databaseUrl });
      try {
        position = String(await promoteToAdminAsSystem(store, admin.uid));
      } finally {
        await store.close();
      }
      const adminToken = await serviceToken(admin);
      const sellerToken = await serviceToken(seller);
      const buyerToken = await serviceToken(buyer);

      expect((await call('POST', '/api/category', adminToken, { name: 'Wagon' })).status).toBe(201);

      const picture = await sharp({
        create: { width: 640, height: 400, channels: 3, background: '#3a6ea5' },
      })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'car.jpg');
      const upload = await fetch(`${cluster.url}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sellerToken}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const { data } = (await upload.json()) as { data: { url: string } };
      expect((await fetch(`${cluster.url}${data.url}`)).status).toBe(200);

      const listed = await call('POST', '/api/product', sellerToken, {
        name: 'Volvo V70 2012',
        category: 'Wagon',
        image: data.url,
        original_price: 31000,
        price: 9000,
        location: 'Lund',
        use: 12,
      });
      expect(listed.status).toBe(201);
      const carId = String(listed.answer.insertedId);

      const booked = await call('POST', '/api/booking', buyerToken, {
        product_id: carId,
        buyer_phone: '+46 70 123 45 67',
        meetup: 'Lund station',
      });
      expect(booked.status).toBe(201);

      const car = await call('GET', `/api/product/${carId}`, buyerToken);
      expect(car.headers.get('x-position-reached')).toBe('true');
      expect(car.answer).toMatchObject({ _id: carId, booked: 1, seller_name: 'Sol' });

      const purchases = await fetch(
        `${cluster.url}/api/bookings?email=${encodeURIComponent(buyer.email)}&type=buyer`,
        { headers: { authorization: `Bearer ${buyerToken}`, 'x-min-position': position } },
      );
      expect(await purchases.json()).toEqual([
        expect.objectContaining({ product_id: carId, meetup: 'Lund station', seller: 'Sol' }),
      ]);
      const received = await fetch(
        `${cluster.url}/api/bookings?email=${encodeURIComponent(seller.email)}`,
        { headers: { authorization: `Bearer ${sellerToken}`, 'x-min-position': position } },
      );
      expect(await received.json()).toEqual([
        expect.objectContaining({ buyer_email: buyer.email, buyer_phone: '+46 70 123 45 67' }),
      ]);
      booking = { admin: adminToken, seller: seller.email, buyer: buyer.email, carId };
      for (const [user, token] of [
        [seller, sellerToken],
        [buyer, buyerToken],
      ] as const) {
        expect((await call('DELETE', `/api/user/${user.uid}`, adminToken)).status).toBe(200);
        expect((await read(`/api/user/${encodeURIComponent(user.email)}`, token)).status).toBe(401);
      }
    }, 60_000);

    it("a new account with a deleted account's email sees nothing of it", async () => {
      if (!booking) throw new Error('the booking test did not get as far as deleting its users');
      const { admin, carId } = booking;
      // Email verification is not required: anyone may sign up with a released email.
      const seller = await serviceToken(await signedUp('Newcomer', 'Seller', booking.seller));
      const buyer = await serviceToken(await signedUp('Another', 'Buyer', booking.buyer));
      const sellerEmail = encodeURIComponent(booking.seller);
      const buyerEmail = encodeURIComponent(booking.buyer);

      expect(await read(`/api/bookings?email=${sellerEmail}`, seller)).toEqual({
        status: 200,
        answer: [],
      });
      expect(await read(`/api/bookings?email=${buyerEmail}&type=buyer`, buyer)).toEqual({
        status: 200,
        answer: [],
      });
      expect(await read(`/api/products?email=${sellerEmail}`, seller)).toEqual({
        status: 200,
        answer: [],
      });
      expect((await read(`/api/product/${carId}/history`, seller)).status).toBe(403);
      expect((await read(`/api/user/${sellerEmail}`, seller)).answer).toMatchObject({
        name: 'Newcomer',
      });

      // An admin reads the new account by its email, and what the deleted one left by its car.
      expect(await read(`/api/bookings?email=${buyerEmail}&type=buyer`, admin)).toEqual({
        status: 200,
        answer: [],
      });
      expect((await read(`/api/product/${carId}/history`, admin)).status).toBe(200);
    }, 60_000);
  },
);
