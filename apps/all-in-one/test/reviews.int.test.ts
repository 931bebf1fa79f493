// Reviews and sellers' profiles, through the all-in-one's HTTP API with its clock moved by the
// test: a buyer reviews the seller of a meetup once its time has passed, the seller answers,
// the rating reaches the profile and every car of theirs, a hidden review leaves the average,
// and refusals append nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BookingStatus, DAY_MS, reviewStageOf } from '@second-gear/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import {
  type Person,
  peopleTagged,
  personCaller,
  registerPeople,
  startBareMarketplace,
} from './support.ts';

const SECRET = 'test-secret-of-the-all-in-one-reviews-0123456789';
type Rating = { average: number | null; count: number };
type Booking = {
  _id: string;
  status: BookingStatus;
  seller_id: string;
  accepted_at?: string;
  proposed_time?: string;
  reviewed: boolean;
};
type Car = { _id: string; seller_id: string; seller_rating: Rating };
type Profile = {
  name: string;
  rating: Rating;
  meetups_accepted: number;
  answers: {
    conversations: number;
    answered: number;
    answered_share: number | null;
    median_answer_minutes: number | null;
  };
  cars_for_sale: number;
  cars: Car[];
  reviews: { _id: string; rating: number; text: string; answer: { text: string } | null }[];
};

describe('reviews and sellers in the all-in-one', () => {
  let dataDir = '';
  let marketplace: RunningMarketplace;
  let clock = Date.now();
  const tag = randomUUID().slice(0, 8);
  const person = peopleTagged(tag);
  const admin = person('Ada Admin', 'Admin');
  const sam = person('Sam Seller', 'Seller');
  const bea = person('Bea Buyer', 'Buyer');
  const cal = person('Cal Buyer', 'Buyer');

  const call = personCaller(() => marketplace.url, SECRET);
  const ok = async (method: string, path: string, as: Person, body?: unknown, status = 200) => {
    const answer = await call(method, path, as, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
    return String(answer.body?.position);
  };
  const read = async <T>(path: string, at: string, as?: Person): Promise<T> => {
    const answer = await call('GET', path, as, undefined, at);
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    return JSON.parse(answer.text) as T;
  };
  const listCar = async (name: string) => {
    const answer = await call('POST', '/api/product', sam, {
      name,
      category: 'Estate',
      image: 'https://images.example.com/car.jpg',
      original_price: 20000,
      price: 15000,
      location: 'Dhaka',
      use: 3,
    });
    expect(answer.status, answer.text).toBe(201);
    return String(answer.body?.insertedId);
  };
  /** The buyer's booking as their list answers it, and where it stands for a review now. */
  const stage = async (buyer: Person, bookingId: string, at: string) => {
    const bookings = await read<Booking[]>(
      `/api/bookings?email=${encodeURIComponent(buyer.email)}&type=buyer`,
      at,
      buyer,
    );
    const booking = bookings.find((b) => b._id === bookingId);
    if (!booking) throw new Error(`${bookingId} is not in the buyer's list`);
    const review = reviewStageOf(
      {
        status: booking.status,
        accepted: booking.accepted_at !== undefined,
        proposedTime: booking.proposed_time ?? null,
        reviewed: booking.reviewed,
      },
      new Date(clock),
    );
    return { ...booking, review };
  };
  const head = async () => (await marketplace.store.headPosition()) ?? 0n;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-reviews-'));
    marketplace = await startBareMarketplace(dataDir, {
      jwtSecret: SECRET,
      imageHosts: ['images.example.com'],
      now: () => new Date(clock),
    });
    await registerPeople(marketplace.store, [admin, sam, bea, cal]);
    expect((await call('POST', '/api/category', admin, { name: 'Estate' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('takes a review once the accepted meetup has passed, and shows it on the profile and the cars', async () => {
    const carId = await listCar(`Skoda Octavia ${tag}`);
    const booked = await call('POST', '/api/booking', bea, {
      product_id: carId,
      buyer_phone: '+880 1711-000000',
      meetup: 'Gulshan 2',
      proposed_time: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(booked.status, booked.text).toBe(201);
    const bookingId = String(booked.body?.insertedId);
    // Bea asks the seller, who answers: the profile counts the answer.
    const asked = await call('POST', '/api/conversations', bea, { carId, text: 'Still there?' });
    expect(asked.status, asked.text).toBe(201);
    await ok(
      'POST',
      `/api/conversations/${String(asked.body?.insertedId)}/messages`,
      sam,
      {
        text: 'Yes, come and see it',
      },
      201,
    );
    const accepted = await ok('POST', `/api/booking/${bookingId}/accept`, sam);
    expect(await stage(bea, bookingId, accepted)).toMatchObject({
      review: 'not-yet',
      seller_id: sam.uid,
    });

    // Before the meetup: refused, nothing appended.
    const before = await head();
    const early = await call('POST', '/api/reviews', bea, { bookingId, rating: 5 });
    expect(early.status, early.text).toBe(409);
    expect(early.body?.type).toBe('urn:second-gear:rule:meetup-not-passed');
    expect(await head()).toBe(before);

    clock = Date.now() + 2 * DAY_MS;
    expect((await stage(bea, bookingId, accepted)).review).toBe('open');
    // Only its buyer, with whole stars from 1 to 5.
    const stranger = await call('POST', '/api/reviews', cal, { bookingId, rating: 5 });
    expect(stranger.status, stranger.text).toBe(403);
    const bad = await call('POST', '/api/reviews', bea, { bookingId, rating: 6, text: 'x' });
    expect(bad.status, bad.text).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('rating');
    expect(await head()).toBe(before);

    const posted = await call('POST', '/api/reviews', bea, {
      bookingId,
      rating: 4,
      text: '  On time, and the car was as described.  ',
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body?.insertedId).toBe(bookingId);
    const at = String(posted.body?.position);
    const twice = await call('POST', '/api/reviews', bea, { bookingId, rating: 1 });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body?.type).toBe('urn:second-gear:rule:booking-reviewed');
    expect(await stage(bea, bookingId, at)).toMatchObject({ reviewed: true, review: 'reviewed' });

    const profile = await read<Profile>(`/api/sellers/${sam.uid}`, at);
    expect(profile).toMatchObject({
      name: sam.name,
      rating: { average: 4, count: 1 },
      meetups_accepted: 1,
      answers: { conversations: 1, answered: 1, answered_share: 1 },
      cars_for_sale: 1,
    });
    expect(profile.answers.median_answer_minutes).toBeGreaterThanOrEqual(0);
    expect(profile.reviews).toEqual([
      expect.objectContaining({
        _id: bookingId,
        rating: 4,
        text: 'On time, and the car was as described.',
        answer: null,
      }),
    ]);
    const card = await read<Car>(`/api/product/${carId}`, at);
    expect(card).toMatchObject({
      _id: carId,
      seller_id: sam.uid,
      seller_rating: { average: 4, count: 1 },
    });
    // A car listed after the review carries the rating too.
    const laterId = await listCar(`Skoda Superb ${tag}`);
    const laterAt = String((await head()).toString());
    const later = await read<Car>(`/api/product/${laterId}`, laterAt);
    expect(later).toMatchObject({ _id: laterId, seller_rating: { average: 4, count: 1 } });
    const told = await read<{ kind: string }[]>('/api/notifications', at, sam);
    expect(told.map((n) => n.kind)).toContain('review-posted');
  });

  it('takes the seller’s one answer, and hides a reported review from the average until restored', async () => {
    const carId = await listCar(`Volvo V60 ${tag}`);
    const booked = await call('POST', '/api/booking', cal, {
      product_id: carId,
      buyer_phone: '+880 1711-000001',
      meetup: 'Banani',
    });
    const bookingId = String(booked.body?.insertedId);
    await ok('POST', `/api/booking/${bookingId}/accept`, sam);
    const posted = await call('POST', '/api/reviews', cal, { bookingId, rating: 1, text: 'Rude' });
    expect(posted.status, posted.text).toBe(201);

    const notSeller = await call('POST', `/api/reviews/${bookingId}/answer`, cal, { text: 'Me' });
    expect(notSeller.status, notSeller.text).toBe(403);
    const answered = await ok('POST', `/api/reviews/${bookingId}/answer`, sam, {
      text: 'Sorry you felt so',
    });
    const again = await call('POST', `/api/reviews/${bookingId}/answer`, sam, { text: 'Again' });
    expect(again.status, again.text).toBe(409);
    const page = await read<Profile['reviews']>(
      `/api/sellers/${sam.uid}/reviews?limit=1`,
      answered,
    );
    expect(page).toEqual([
      expect.objectContaining({
        _id: bookingId,
        answer: expect.objectContaining({ text: 'Sorry you felt so' }),
      }),
    ]);
    expect((await read<Profile>(`/api/sellers/${sam.uid}`, answered)).rating).toEqual({
      average: 2.5,
      count: 2,
    });
    expect(
      (await read<{ kind: string }[]>('/api/notifications', answered, cal)).map((n) => n.kind),
    ).toContain('review-answered');

    // Its author cannot report it; the seller can, and an admin hides it.
    expect(
      (
        await call('POST', '/api/reports', cal, {
          subject: { type: 'review', id: bookingId },
          reason: 'offensive',
        })
      ).status,
    ).toBe(403);
    const reported = await call('POST', '/api/reports', sam, {
      subject: { type: 'review', id: bookingId },
      reason: 'offensive',
    });
    expect(reported.status, reported.text).toBe(201);
    const hidden = await ok('POST', `/api/reports/review-${bookingId}/resolve`, admin, {
      action: 'hide-review',
      reason: 'Not about the meetup',
    });
    const profile = await read<Profile>(`/api/sellers/${sam.uid}`, hidden);
    expect(profile.rating).toEqual({ average: 4, count: 1 });
    expect(profile.reviews.map((r) => r._id)).not.toContain(bookingId);
    const card = await read<Car>(`/api/product/${carId}`, hidden);
    expect(card.seller_rating).toEqual({ average: 4, count: 1 });
    expect(
      (await read<{ kind: string }[]>('/api/notifications', hidden, cal)).map((n) => n.kind),
    ).toContain('review-hidden');

    const shown = await ok('POST', `/api/reports/review-${bookingId}/resolve`, admin, {
      action: 'restore-review',
      reason: 'On second reading it is fair',
    });
    expect((await read<Profile>(`/api/sellers/${sam.uid}`, shown)).rating).toEqual({
      average: 2.5,
      count: 2,
    });
  });

  it('answers 404 for a profile of no seller', async () => {
    for (const id of [bea.uid, 'nobody-at-all']) {
      const answer = await call('GET', `/api/sellers/${id}`);
      expect(answer.status, answer.text).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});
