// Reports and moderation, through the all-in-one's HTTP API as its clients call it: reports that
// hide a car without an admin, an admin hiding and restoring a car and suspending its seller,
// the reading of a reported message on the record, and refusals that append nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import {
  type Person,
  peopleTagged,
  personCaller,
  registerPeople,
  startBareMarketplace,
} from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-moderation-0123456789';
type Car = { _id: string; off_market?: string; off_market_reason?: string };
type Group = {
  _id: string;
  open: number;
  reasons: { reason: string; count: number }[];
  owner: { _id: string; suspended: boolean };
  subject: { type: string; hidden_reason: string | null };
  resolution: { action: string; reason: string } | null;
};

describe('reports and moderation in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  const tag = randomUUID().slice(0, 8);
  const person = peopleTagged(tag);
  const admin = person('Ada Admin', 'Admin');
  const sam = person('Sam Seller', 'Seller');
  const sid = person('Sid Seller', 'Seller');
  const bea = person('Bea Buyer', 'Buyer');
  const cal = person('Cal Buyer', 'Buyer');
  const dee = person('Dee Buyer', 'Buyer');

  const call = personCaller(() => marketplace.url, SECRET);
  const ok = async (method: string, path: string, as: Person, body?: unknown, status = 200) => {
    const answer = await call(method, path, as, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
    return answer;
  };
  const listCar = async (seller: Person, name: string) => {
    const answer = await call('POST', '/api/product', seller, {
      name,
      category: 'Wagon',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(answer.status, answer.text).toBe(201);
    return String(answer.body?.insertedId);
  };
  const report = (as: Person, type: string, id: string, reason = 'scam', details?: string) =>
    call('POST', '/api/reports', as, { subject: { type, id }, reason, details });
  /** The car ids a buyer's search for `name` finds, read at `at`. */
  const searched = async (name: string, at: string) => {
    const answer = await call(
      'GET',
      `/api/products?q=${encodeURIComponent(name)}`,
      undefined,
      undefined,
      at,
    );
    expect(answer.status, answer.text).toBe(200);
    return (JSON.parse(answer.text) as Car[]).map((car) => car._id);
  };
  const ownList = async (seller: Person, at: string) => {
    const answer = await call(
      'GET',
      `/api/products?email=${encodeURIComponent(seller.email)}`,
      seller,
      undefined,
      at,
    );
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text) as Car[];
  };
  const groups = async (at: string, status = 'open') => {
    const answer = await call('GET', `/api/reports?status=${status}`, admin, undefined, at);
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text) as Group[];
  };
  const kindsTold = async (as: Person, at: string) => {
    const answer = await call('GET', '/api/notifications', as, undefined, at);
    return (JSON.parse(answer.text) as { kind: string; message: string }[]).map(
      (n) => `${n.kind}: ${n.message}`,
    );
  };
  const head = async () => (await marketplace.store.headPosition()) ?? 0n;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-moderation-'));
    marketplace = await startBareMarketplace(dataDir, {
      jwtSecret: SECRET,
      imageHosts: ['images.example.com'],
    });
    await registerPeople(marketplace.store, [admin, sam, sid, bea, cal, dee]);
    expect((await call('POST', '/api/category', admin, { name: 'Wagon' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // A listing, three reports and a moderator's two decisions, each read back: longer than the
  // default 5 s on a loaded 2-core machine.
  it('hides a car three people report, tells the admins, and an admin restores it', async () => {
    const name = `Volvo V70 ${tag}`;
    const carId = await listCar(sam, name);
    for (const [who, reason] of [
      [bea, 'scam'],
      [cal, 'wrong-details'],
    ] as const) {
      expect((await report(who, 'car', carId, reason)).status).toBe(201);
    }
    const twice = await report(bea, 'car', carId);
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body?.type).toBe('urn:second-gear:rule:report-already-open');
    const third = await report(dee, 'car', carId, 'scam', 'Asked me to pay before seeing it');
    expect(third.status, third.text).toBe(201);
    const at = String(third.body?.position);

    expect(await searched(name, at)).toEqual([]);
    expect((await ownList(sam, at)).find((car) => car._id === carId)).toMatchObject({
      off_market: 'hidden',
      off_market_reason: 'Reported by 3 people: hidden until a moderator reviews it.',
    });
    const booking = await call('POST', '/api/booking', bea, {
      product_id: carId,
      buyer_phone: '+880 1711-000000',
      meetup: 'Gulshan 2',
    });
    expect(booking.status, booking.text).toBe(409);
    expect(booking.body?.type).toBe('urn:second-gear:rule:car-off-market');
    expect(await kindsTold(admin, at)).toContain(
      `car-reported: Volvo V70 ${tag} was reported by several people and is hidden until an admin reviews it`,
    );
    const group = (await groups(at)).find((g) => g._id === `car-${carId}`);
    expect(group).toMatchObject({
      open: 3,
      owner: { _id: sam.uid, suspended: false },
      subject: { type: 'car', hidden_reason: expect.stringContaining('Reported by 3 people') },
    });
    expect(group?.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'scam', count: 2 },
        { reason: 'wrong-details', count: 1 },
      ]),
    );

    const restored = await ok('POST', `/api/reports/car-${carId}/resolve`, admin, {
      action: 'restore-car',
      reason: 'The seller showed the papers',
    });
    const after = String(restored.body?.position);
    expect(await searched(name, after)).toEqual([carId]);
    expect((await groups(after)).map((g) => g._id)).not.toContain(`car-${carId}`);
    expect((await groups(after, 'resolved')).find((g) => g._id === `car-${carId}`)).toMatchObject({
      open: 0,
      resolution: { action: 'restore-car', reason: 'The seller showed the papers' },
    });
    expect(await kindsTold(sam, after)).toEqual(
      expect.arrayContaining([
        `car-hidden: Volvo V70 ${tag} was taken off the market: Reported by 3 people: hidden until a moderator reviews it.`,
        `car-restored: Volvo V70 ${tag} is back on the market: The seller showed the papers`,
      ]),
    );
  }, 20_000);

  it('suspends a seller: every write refused naming it, their cars gone, until it is lifted', async () => {
    const name = `Saab Aero ${tag}`;
    const carId = await listCar(sid, name);
    expect((await report(bea, 'user', sid.uid, 'scam')).status).toBe(201);
    const suspended = await ok('POST', `/api/reports/user-${sid.uid}/resolve`, admin, {
      action: 'suspend-user',
      reason: 'Asked buyers for deposits',
    });
    const at = String(suspended.body?.position);
    expect(await searched(name, at)).toEqual([]);
    expect((await ownList(sid, at))[0]).toMatchObject({
      _id: carId,
      off_market: 'seller-suspended',
    });

    const before = await head();
    const refused = await call('POST', '/api/product', sid, {
      name: 'Another one',
      category: 'Wagon',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body?.type).toBe('urn:second-gear:rule:account-suspended');
    expect(String(refused.body?.detail)).toContain('Asked buyers for deposits');
    expect(await head()).toBe(before);
    // They still sign in and read.
    expect((await call('GET', '/api/notifications', sid, undefined, at)).status).toBe(200);
    expect(await kindsTold(sid, at)).toContain(
      'account-suspended: Your account is suspended: Asked buyers for deposits',
    );

    const lifted = await ok('POST', `/api/reports/user-${sid.uid}/resolve`, admin, {
      action: 'lift-suspension',
      reason: 'Refunded the buyers',
    });
    expect(await searched(name, String(lifted.body?.position))).toEqual([carId]);
    expect((await listCar(sid, `Saab 9-3 ${tag}`)).length).toBeGreaterThan(0);
  });

  it('lets an admin read a reported message in its conversation only on the record', async () => {
    const carId = await listCar(sam, `Skoda Superb ${tag}`);
    const opened = await call('POST', '/api/conversations', cal, { carId, text: 'Still there?' });
    expect(opened.status, opened.text).toBe(201);
    const conversationId = String(opened.body?.insertedId);
    const answered = await ok(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      sam,
      { text: 'Pay a deposit by wire and I hold it' },
      201,
    );
    const messageId = String(answered.body?.insertedId);
    expect(messageId).toBe(`${conversationId}-2`);
    // Only a party reports it, and not their own message.
    expect((await report(bea, 'message', messageId)).status).toBe(404);
    expect((await report(sam, 'message', messageId)).status).toBe(403);
    const filed = await report(cal, 'message', messageId, 'scam');
    expect(filed.status, filed.text).toBe(201);
    const group = `message-${messageId}`;

    const unseen = await call(
      'GET',
      `/api/reports/${group}/messages`,
      admin,
      undefined,
      String(filed.body?.position),
    );
    expect(unseen.status, unseen.text).toBe(403);
    const viewed = await ok('POST', `/api/reports/${group}/view`, admin);
    const at = String(viewed.body?.position);
    const read = await call('GET', `/api/reports/${group}/messages`, admin, undefined, at);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      conversationId,
      messages: [
        { seq: 1, author: { _id: cal.uid }, text: 'Still there?', reported: false },
        {
          seq: 2,
          author: { _id: sam.uid },
          text: 'Pay a deposit by wire and I hold it',
          reported: true,
        },
      ],
    });
    const audit = await call('GET', `/api/audit?subject=${sam.uid}`, admin, undefined, at);
    expect((JSON.parse(audit.text) as { action: string }[]).map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'reported a message of',
        'read the conversation around a reported message of',
      ]),
    );
    // Nobody else reads it, whatever they record.
    expect((await call('POST', `/api/reports/${group}/view`, cal)).status).toBe(403);
    expect((await call('GET', `/api/reports/${group}/messages`, cal, undefined, at)).status).toBe(
      403,
    );
  });

  it('refuses bad input field by field and appends nothing', async () => {
    const carId = await listCar(sam, `Opel Insignia ${tag}`);
    const before = await head();
    const bad = await call('POST', '/api/reports', bea, {
      subject: { type: 'bicycle', id: carId },
      reason: 'ugly',
      details: 'x'.repeat(1001),
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const fields = ((bad.body?.errors ?? []) as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['subject.type', 'reason', 'details']));
    const noReason = await call('POST', `/api/reports/car-${carId}/resolve`, admin, {
      action: 'dismiss',
      reason: ' ',
    });
    expect(noReason.status, noReason.text).toBe(400);
    expect(await head()).toBe(before);
  });
});
