// Conversations between buyers and sellers, through the all-in-one's HTTP API as its clients
// call it: opening one from a car, answering, reading, blocking, the rules that refuse (and
// append nothing), the sending budgets, and a message arriving on the live stream.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import {
  followEventStream,
  type Person,
  peopleTagged,
  personCaller,
  registerPeople,
  serviceTokenOf,
  startBareMarketplace,
} from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-messages-0123456789';
type Conversation = {
  _id: string;
  role: string;
  unread: number;
  closed: string | null;
  with: { _id: string; name: string; deleted: boolean };
  last_message: { text: string; mine: boolean };
};

describe('conversations in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  const tag = randomUUID().slice(0, 8);
  const person = peopleTagged(tag);
  const admin = person('Ada Admin', 'Admin');
  const sam = person('Sam Seller', 'Seller');
  const bea = person('Bea Buyer', 'Buyer');
  const cal = person('Cal Buyer', 'Buyer');
  const dee = person('Dee Buyer', 'Buyer');

  const call = personCaller(() => marketplace.url, SECRET);
  const listCar = async (name: string) => {
    const answer = await call('POST', '/api/product', sam, {
      name,
      category: 'Hatchback',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(answer.status, answer.text).toBe(201);
    return String(answer.body?.insertedId);
  };
  const write = async (as: Person, carId: string, text: string) =>
    call('POST', '/api/conversations', as, { carId, text });
  const inboxOf = async (as: Person, at: string) => {
    const answer = await call('GET', '/api/conversations', as, undefined, at);
    expect(answer.status, answer.text).toBe(200);
    return {
      conversations: JSON.parse(answer.text) as Conversation[],
      unread: Number(answer.headers.get('x-unread-messages')),
    };
  };
  const head = async () => (await marketplace.store.headPosition()) ?? 0n;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-messages-'));
    marketplace = await startBareMarketplace(dataDir, {
      jwtSecret: SECRET,
      imageHosts: ['images.example.com'],
    });
    await registerPeople(marketplace.store, [admin, sam, bea, cal, dee]);
    expect((await call('POST', '/api/category', admin, { name: 'Hatchback' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('opens one conversation per car and buyer, which both parties read and answer', async () => {
    const carId = await listCar('Honda Fit');
    const first = await write(bea, carId, '  Is the price firm?  ');
    expect(first.status, first.text).toBe(201);
    const conversationId = String(first.body?.insertedId);
    const again = await write(bea, carId, 'Has the timing belt been done?');
    expect(again.body?.insertedId).toBe(conversationId);

    const seller = await inboxOf(sam, String(again.body?.position));
    expect(seller.unread).toBe(2);
    expect(seller.conversations).toHaveLength(1);
    expect(seller.conversations[0]).toMatchObject({
      _id: conversationId,
      role: 'seller',
      unread: 2,
      closed: null,
      with: { _id: bea.uid, name: bea.name, deleted: false },
      last_message: { text: 'Has the timing belt been done?', mine: false },
    });
    // One notification for the first unread message of the conversation, not one per message.
    const told = await call(
      'GET',
      '/api/notifications',
      sam,
      undefined,
      String(again.body?.position),
    );
    const notices = (JSON.parse(told.text) as { kind: string; link: string }[]).filter(
      (n) => n.kind === 'message-received',
    );
    expect(notices).toEqual([
      expect.objectContaining({ link: `/user/messages/${conversationId}` }),
    ]);

    const answer = await call('POST', `/api/conversations/${conversationId}/messages`, sam, {
      text: 'Yes, and the belt was done at 90,000 km.',
    });
    expect(answer.status, answer.text).toBe(201);
    const page = await call(
      'GET',
      `/api/conversations/${conversationId}`,
      bea,
      undefined,
      String(answer.body?.position),
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      conversation: {
        role: 'buyer',
        unread: 1,
        product: { _id: carId, name: 'Honda Fit', sold: false },
      },
      earlier: false,
    });
    expect(
      ((page.body?.messages ?? []) as { text: string; mine: boolean; seq: number }[]).map((m) => [
        m.seq,
        m.mine,
        m.text,
      ]),
    ).toEqual([
      [1, true, 'Is the price firm?'],
      [2, true, 'Has the timing belt been done?'],
      [3, false, 'Yes, and the belt was done at 90,000 km.'],
    ]);
    // Paged newest last, by their place in the conversation; `Link` names the older page.
    const latest = await call('GET', `/api/conversations/${conversationId}/messages?limit=2`, bea);
    expect((JSON.parse(latest.text) as { seq: number }[]).map((m) => m.seq)).toEqual([2, 3]);
    expect(latest.headers.get('x-total-count')).toBe('3');
    const older = /<([^>]+)>; rel="next"/.exec(latest.headers.get('link') ?? '')?.[1];
    expect(older).toBe(`/api/conversations/${conversationId}/messages?before=2&limit=2`);
    const oldest = await call('GET', older ?? '', bea);
    expect((JSON.parse(oldest.text) as { seq: number }[]).map((m) => m.seq)).toEqual([1]);
    expect(oldest.headers.get('link')).toBeNull();
    // The answer told Bea once; reading the conversation reads that notification too.
    const toldBea = async (at: string) => {
      const answer = await call('GET', '/api/notifications', bea, undefined, at);
      const told = JSON.parse(answer.text) as { kind: string; read: boolean }[];
      return {
        unread: answer.headers.get('x-unread-count'),
        messages: told.filter((n) => n.kind === 'message-received').map((n) => n.read),
      };
    };
    expect(await toldBea(String(answer.body?.position))).toEqual({
      unread: '1',
      messages: [false],
    });
    const read = await call('POST', `/api/conversations/${conversationId}/read`, bea, { upTo: 3 });
    expect(read.body).toMatchObject({ modifiedCount: 1 });
    expect((await inboxOf(bea, String(read.body?.position))).unread).toBe(0);
    expect(await toldBea(String(read.body?.position))).toEqual({ unread: '0', messages: [true] });
    const counts = await call(
      'GET',
      '/api/conversations/counts',
      sam,
      undefined,
      String(read.body?.position),
    );
    expect(counts.body).toEqual({ [carId]: 1 });
  });

  it('is read and written by its two parties only', async () => {
    const carId = await listCar('Toyota Aqua');
    const opened = await write(bea, carId, 'Hello');
    const id = String(opened.body?.insertedId);
    const at = String(opened.body?.position);
    for (const someone of [cal, admin]) {
      for (const path of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`]) {
        expect((await call('GET', path, someone, undefined, at)).status).toBe(404);
      }
      const sent = await call('POST', `/api/conversations/${id}/messages`, someone, { text: 'Hi' });
      expect(sent.status, sent.text).toBe(404);
      expect((await inboxOf(someone, at)).conversations.map((c) => c._id)).not.toContain(id);
    }
    expect((await call('GET', `/api/conversations/${id}`)).status).toBe(401);
  });

  it('refuses bad input and broken rules with a problem, appending nothing', async () => {
    const carId = await listCar('Mazda Demio');
    const before = await head();
    const blank = await write(bea, carId, '   ');
    expect(blank.status).toBe(400);
    expect(blank.headers.get('content-type')).toContain('application/problem+json');
    expect(blank.body?.errors).toEqual([expect.objectContaining({ field: 'text' })]);
    const long = await write(bea, carId, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect((await write(sam, carId, 'Talking to myself')).status).toBe(403);
    expect((await write(bea, 'no-such-car', 'Hello')).status).toBe(404);
    expect(await head()).toBe(before);
  });

  it('keeps a sold car’s conversation going but opens none about it', async () => {
    const carId = await listCar('Nissan Note');
    const opened = await write(bea, carId, 'Still for sale?');
    expect(opened.status).toBe(201);
    expect((await call('POST', `/api/product/${carId}/sold`, sam)).status).toBe(200);
    const late = await write(cal, carId, 'Still for sale?');
    expect(late.status, late.text).toBe(409);
    const more = await write(bea, carId, 'Congratulations on the sale');
    expect(more.status, more.text).toBe(201);
  });

  it('lets a party block the other in every conversation, and unblock them', async () => {
    const carId = await listCar('Suzuki Swift');
    const other = await listCar('Suzuki Alto');
    const opened = await write(cal, carId, 'Would you swap for a bike?');
    const id = String(opened.body?.insertedId);
    const blocked = await call('POST', `/api/conversations/${id}/block`, sam);
    expect(blocked.body).toMatchObject({ modifiedCount: 1 });
    const refused = await call('POST', `/api/conversations/${id}/messages`, cal, { text: 'Well?' });
    expect(refused.status, refused.text).toBe(403);
    expect((await write(cal, other, 'And this one?')).status).toBe(403);
    const at = String(blocked.body?.position);
    expect((await inboxOf(cal, at)).conversations.find((c) => c._id === id)?.closed).toBe(
      'blocked-you',
    );
    expect((await inboxOf(sam, at)).conversations.find((c) => c._id === id)?.closed).toBe(
      'blocked-by-you',
    );
    expect((await call('POST', `/api/conversations/${id}/unblock`, sam)).body).toMatchObject({
      modifiedCount: 1,
    });
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, cal, { text: 'Well?' })).status,
    ).toBe(201);
  });

  // Forty-three writes in a row: longer than the default 5 s on a loaded 2-core machine.
  it('holds a sender to 30 messages a minute and 10 new conversations an hour', async () => {
    const cars = [];
    for (let i = 0; i < 11; i++) cars.push(await listCar(`Budget car ${i}`));
    for (const carId of cars.slice(0, 10)) expect((await write(dee, carId, 'Hi')).status).toBe(201);
    const before = await head();
    const eleventh = await write(dee, cars[10]!, 'Hi');
    expect(eleventh.status, eleventh.text).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await head()).toBe(before);
    // Going on with an open conversation is a message, not a new conversation.
    for (let i = 0; i < 20; i++) expect((await write(dee, cars[0]!, `More ${i}`)).status).toBe(201);
    const thirtyFirst = await write(dee, cars[0]!, 'One too many');
    expect(thirtyFirst.status, thirtyFirst.text).toBe(429);
    expect(thirtyFirst.body?.detail).toMatch(/at most 30/);
    expect(await head()).toBe(before + 20n);
  }, 20_000);

  it('brings a message to its recipient on the live stream, with the unread count', async () => {
    const carId = await listCar('Honda Jazz');
    const stream = await followEventStream(
      `${marketplace.url}/api/notifications/stream`,
      serviceTokenOf(SECRET, sam),
    );
    try {
      expect(stream.status).toBe(200);
      const start = await stream.next((e) => e.event === 'unread');
      const opened = await write(bea, carId, 'Can I see it on Saturday?');
      const arrived = await stream.next((e) => e.event === 'message');
      expect(arrived.data).toMatchObject({
        conversationId: opened.body?.insertedId,
        message: { text: 'Can I see it on Saturday?', mine: false, seq: 1 },
        unreadMessages: Number(start.data.messages) + 1,
      });
    } finally {
      stream.close();
    }
  });
});
