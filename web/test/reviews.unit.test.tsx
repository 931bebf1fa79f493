// Reviews and sellers' profiles: a seller's public profile (its stats, cars and reviews, Answer
// for the seller, Report for anyone signed in but a review's author, more reviews on demand),
// the buyer's review of a seller on My Bookings, and a seller's rating on a car's page and on
// its card. The network is stubbed at fetch (see harness.tsx).

import type { BookingRecord, CarRecord, SellerRating } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewRecord, SellerProfile } from '../src/api/endpoints.ts';
import {
  json,
  noFacets,
  problem,
  renderApp,
  type StubbedCall,
  stubApi,
  userRecord,
} from './harness.tsx';

const buyer = userRecord('Buyer');
const seller = userRecord('Seller');
const other = userRecord('Buyer', { _id: 'other-uid', email: 'other@example.com' });
const me = (record: typeof buyer) => ({
  [`GET /api/user/${encodeURIComponent(record.email)}`]: record,
});

const list = (items: unknown[], total = items.length) =>
  json(items, { headers: { 'X-Total-Count': String(total) } });
const writes = (calls: StubbedCall[]) => calls.filter((c) => c.method !== 'GET');

/** axe-core's serious and critical findings; jsdom computes no colours, so no contrast rule. */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const rated = (average: number | null, count: number): SellerRating => ({ average, count });

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla',
  seller_name: seller.name,
  email: seller.email,
  category: 'Sedan',
  image: '/images/corolla.png',
  images: ['/images/corolla.png'],
  original_price: 18000,
  price: 14000,
  location: 'Leipzig',
  use: 6,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: seller._id,
  seller_rating: rated(4.6, 12),
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  ...overrides,
});

const review = (id: string, overrides: Partial<ReviewRecord> = {}): ReviewRecord => ({
  _id: id,
  rating: 4,
  text: `Review ${id}: on time and honest about the car.`,
  buyer: { _id: buyer._id, name: buyer.name },
  car: { _id: 'car-1', name: 'Toyota Corolla' },
  posted_at: '2026-11-20T12:00:00.000Z',
  answer: null,
  ...overrides,
});

const profile = (overrides: Partial<SellerProfile> = {}): SellerProfile => ({
  _id: seller._id,
  name: seller.name,
  photo_url: null,
  member_since: '2025-03-15T12:00:00.000Z',
  rating: rated(4.6, 12),
  meetups_accepted: 8,
  answers: { conversations: 10, answered: 9, answered_share: 0.9, median_answer_minutes: 95 },
  cars_for_sale: 3,
  cars: [car(), car({ _id: 'car-2', name: 'Honda Civic' }), car({ _id: 'car-3', name: 'Mazda 3' })],
  reviews: [
    review('b1', { buyer: { _id: other._id, name: 'Olga Other' } }),
    review('b2', {
      rating: 5,
      answer: { text: 'Thank you, enjoy the car!', at: '2026-11-21T12:00:00.000Z' },
    }),
  ],
  ...overrides,
});

const profilePage = (answer: () => SellerProfile | Response) => ({
  [`GET /api/sellers/${seller._id}`]: () => {
    const body = answer();
    return body instanceof Response ? body : json(body);
  },
  'GET /api/favourites/ids': [],
});

/** The review element the profile gives a review (`#review-<id>` links there). */
const reviewOf = (id: string) => {
  const element = document.getElementById(`review-${id}`);
  if (!element) throw new Error(`no element review-${id}`);
  return within(element);
};

describe("a seller's profile", () => {
  it('shows who the seller is, their stats, their cars and their reviews with answers', async () => {
    stubApi(profilePage(() => profile()));
    renderApp(`/seller/${seller._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Seller Person | Second Gear'));
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('4.6 · 12 reviews')).toBeInTheDocument();
    expect(screen.getByText('8 meetups accepted')).toBeInTheDocument();
    expect(screen.getByText('Answers 90% of messages, usually within 2 hours')).toBeInTheDocument();

    const cars = within(screen.getByRole('region', { name: 'Cars for sale (3)' }));
    expect(cars.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Toyota Corolla',
      'Honda Civic',
      'Mazda 3',
    ]);
    // The seller's own cars do not repeat their rating.
    expect(cars.queryByRole('img', { name: /^Seller rated/ })).not.toBeInTheDocument();

    const reviews = within(screen.getByRole('region', { name: 'Reviews (12)' }));
    expect(reviews.getAllByRole('listitem').map((item) => item.id)).toEqual([
      'review-b1',
      'review-b2',
    ]);
    const first = reviewOf('b1');
    expect(first.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(first.getByText('Olga Other')).toBeInTheDocument();
    expect(first.getByText('Review b1: on time and honest about the car.')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Toyota Corolla' })).toHaveAttribute(
      'href',
      '/car/car-1',
    );
    expect(first.getByText(/2026/).closest('time')).toHaveAttribute(
      'dateTime',
      '2026-11-20T12:00:00.000Z',
    );
    const second = reviewOf('b2');
    expect(second.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(second.getByText(/^Answer from Seller Person/)).toBeInTheDocument();
    expect(second.getByText('Thank you, enjoy the car!')).toBeInTheDocument();
    // A visitor may neither answer nor report.
    expect(reviews.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('says so when the seller has no review, no car and no conversation yet', async () => {
    stubApi(
      profilePage(() =>
        profile({
          rating: rated(null, 0),
          meetups_accepted: 1,
          answers: {
            conversations: 0,
            answered: 0,
            answered_share: null,
            median_answer_minutes: null,
          },
          cars_for_sale: 0,
          cars: [],
          reviews: [],
        }),
      ),
    );
    renderApp(`/seller/${seller._id}`);
    expect(await screen.findByText('1 meetup accepted')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText(/^Answers/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cars for sale (0)' })).toHaveTextContent(
      'No cars for sale right now.',
    );
    expect(screen.getByRole('region', { name: 'Reviews (0)' })).toHaveTextContent(
      'No reviews yet.',
    );
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('lets the seller answer an unanswered review, once, and shows the answer', async () => {
    let shown = profile();
    const { calls } = stubApi({
      ...me(seller),
      ...profilePage(() => shown),
      'POST /api/reviews/b1/answer': (call: StubbedCall) => {
        const { text } = call.body as { text: string };
        const [first, ...rest] = shown.reviews;
        shown = {
          ...shown,
          reviews: [{ ...first!, answer: { text, at: '2026-11-22T12:00:00.000Z' } }, ...rest],
        };
        return json({ acknowledged: true, modifiedCount: 1, position: '90' });
      },
    });
    renderApp(`/seller/${seller._id}`, { as: seller });
    const answer = await screen.findByRole('button', { name: 'Answer the review by Olga Other' });
    // The answered review offers no second answer.
    expect(reviewOf('b2').queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
    // The seller is not the author: they may report a review of them.
    expect(
      reviewOf('b1').getByRole('button', { name: 'Report the review by Olga Other' }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(answer);
    const dialog = await screen.findByRole('dialog', { name: "Answer Olga Other's review" });
    await user.click(within(dialog).getByRole('button', { name: 'Post answer' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    const box = within(dialog).getByRole('textbox', { name: /Your answer/ });
    expect(box).toHaveAttribute('maxLength', '1000');
    await user.type(box, 'Thanks, Olga!');
    expect(within(dialog).getByText('13 / 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText('Your answer is under the review.')).toBeInTheDocument();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/reviews/b1/answer', { text: 'Thanks, Olga!' }],
    ]);
    expect(await reviewOf('b1').findByText('Thanks, Olga!')).toBeInTheDocument();
    expect(reviewOf('b1').queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
  });

  it('offers a Report button to a signed-in member on every review but their own', async () => {
    stubApi({ ...me(buyer), ...profilePage(() => profile()) });
    renderApp(`/seller/${seller._id}`, { as: buyer });
    const report = await screen.findByRole('button', { name: 'Report the review by Olga Other' });
    expect(reviewOf('b1').getByRole('button', { name: /^Report/ })).toBe(report);
    await waitFor(() => expect(report).toBeEnabled());
    // b2 is the signed-in buyer's own review.
    expect(reviewOf('b2').queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();

    await userEvent.setup().click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report the review by Olga Other' });
    expect(within(dialog).getByRole('combobox', { name: /Reason/ })).toBeInTheDocument();
  });

  it('reads more reviews a page at a time', async () => {
    const more = Array.from({ length: 6 }, (_, index) =>
      review(`m${index}`, { buyer: { _id: `u${index}`, name: `Buyer ${index}` } }),
    );
    const { calls } = stubApi({
      ...profilePage(() => profile({ rating: rated(4.2, 8) })),
      [`GET /api/sellers/${seller._id}/reviews`]: list([...profile().reviews, ...more], 8),
    });
    renderApp(`/seller/${seller._id}`);
    const region = within(await screen.findByRole('region', { name: 'Reviews (8)' }));
    expect(region.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().click(region.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(8));
    expect(region.getByText('Buyer 5')).toBeInTheDocument();
    const asked = calls.find((c) => c.url.startsWith(`/api/sellers/${seller._id}/reviews`));
    expect(asked?.url).toContain('page=1');
    // All eight are on the page: there is nothing more to show.
    expect(region.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('brings the review a link names into view (a notification links to it)', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    stubApi(profilePage(() => profile()));
    renderApp(`/seller/${seller._id}#review-b2`);
    await screen.findByRole('heading', { level: 1, name: seller.name });
    await waitFor(() =>
      expect(scrolled.mock.contexts).toContain(document.getElementById('review-b2')),
    );
    expect(scrolled.mock.contexts).not.toContain(document.getElementById('review-b1'));
    scrolled.mockRestore();
  });

  it('is the usual not-found page for an id no seller has', async () => {
    stubApi(profilePage(() => problem(404, 'Not Found', 'No such seller.')));
    renderApp(`/seller/${seller._id}`);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

const booking = (id: string, overrides: Partial<BookingRecord> = {}): BookingRecord => ({
  _id: id,
  buyer: buyer.name,
  seller: seller.name,
  buyer_email: buyer.email,
  seller_email: seller.email,
  product_id: `car-${id}`,
  product_name: `Car ${id}`,
  price: 9000,
  buyer_phone: '01700000000',
  meetup: 'Gulshan 1',
  booked_at: '2026-01-01T10:00:00Z',
  seller_id: seller._id,
  status: 'accepted',
  accepted_at: '2026-01-02T10:00:00Z',
  proposed_time: '2026-01-05T10:00:00Z',
  reviewed: false,
  ...overrides,
});

describe("the buyer's review of a seller on My Bookings", () => {
  const rowOf = (name: string) => within(screen.getByRole('cell', { name }).closest('tr')!);
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

  it('says where each booking stands for a review, and links the seller', async () => {
    stubApi({
      ...me(buyer),
      'GET /api/bookings': list([
        booking('b1'),
        booking('b2', { proposed_time: future }),
        booking('b3', { reviewed: true }),
        booking('b4', { status: 'requested', accepted_at: undefined }),
      ]),
    });
    renderApp('/user/orders', { as: buyer });
    await screen.findByRole('cell', { name: 'Car b1' });
    expect(rowOf('Car b1').getByRole('button', { name: /^Review seller/ })).toBeInTheDocument();
    expect(
      rowOf('Car b2').getByText('You can review the seller after your meetup'),
    ).toBeInTheDocument();
    expect(rowOf('Car b2').queryByRole('button', { name: /^Review seller/ })).toBeNull();
    expect(rowOf('Car b3').getByRole('link', { name: /^Reviewed/ })).toHaveAttribute(
      'href',
      `/seller/${seller._id}#review-b3`,
    );
    expect(rowOf('Car b4').queryByRole('button', { name: /^Review seller/ })).toBeNull();
    expect(rowOf('Car b4').queryByText(/review/i)).toBeNull();
    expect(rowOf('Car b1').getByRole('link', { name: seller.name })).toHaveAttribute(
      'href',
      `/seller/${seller._id}`,
    );
  });

  it('sends the stars and the words, thanks the buyer, and reads the row as Reviewed', async () => {
    let reviewed = false;
    const { calls } = stubApi({
      ...me(buyer),
      'GET /api/bookings': () => list([booking('b1', { reviewed })]),
      'POST /api/reviews': () => {
        reviewed = true;
        return json({ acknowledged: true, insertedId: 'b1', position: '80' }, { status: 201 });
      },
    });
    renderApp('/user/orders', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Review seller/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review Seller Person' }));

    // Stars are required.
    await user.click(dialog.getByRole('button', { name: 'Post review' }));
    expect(await dialog.findByText('Give 1 to 5 stars')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    const rating = dialog.getByRole('radiogroup', { name: 'Rating' });
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label') ?? radio.closest('label')?.textContent),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    await user.click(within(rating).getByRole('radio', { name: '4 stars' }));
    expect(within(rating).getByRole('radio', { name: '4 stars' })).toBeChecked();
    const words = dialog.getByRole('textbox', { name: /Your review/ });
    expect(words).toHaveAttribute('maxLength', '1000');
    await user.type(words, 'Friendly and on time.');
    expect(dialog.getByText('21 / 1000')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Post review' }));

    expect(
      await screen.findByText("Thanks: your review is on the seller's profile."),
    ).toBeInTheDocument();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/reviews', { bookingId: 'b1', rating: 4, text: 'Friendly and on time.' }],
    ]);
    expect(await rowOf('Car b1').findByRole('link', { name: /^Reviewed/ })).toBeInTheDocument();
    expect(rowOf('Car b1').queryByRole('button', { name: /^Review seller/ })).toBeNull();
  });

  it('sends no words when none are written', async () => {
    const { calls } = stubApi({
      ...me(buyer),
      'GET /api/bookings': list([booking('b1')]),
      'POST /api/reviews': json({ acknowledged: true, insertedId: 'b1' }, { status: 201 }),
    });
    renderApp('/user/orders', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Review seller/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review Seller Person' }));
    await user.click(dialog.getByRole('radio', { name: '2 stars' }));
    await user.click(dialog.getByRole('button', { name: 'Post review' }));
    await waitFor(() =>
      expect(writes(calls).map((c) => c.body)).toEqual([{ bookingId: 'b1', rating: 2 }]),
    );
  });

  it("shows the server's word on a field under it, and any other refusal in the form only", async () => {
    let answer = problem(400, 'Bad Request', 'The request is not valid.', [
      { field: 'text', message: 'At most 1000 characters' },
    ]);
    stubApi({
      ...me(buyer),
      'GET /api/bookings': list([booking('b1')]),
      'POST /api/reviews': () => answer,
    });
    renderApp('/user/orders', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Review seller/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Seller Person' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const words = within(dialog).getByRole('textbox', { name: /Your review/ });
    await user.type(words, 'Great');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText('At most 1000 characters')).toBeInTheDocument();
    expect(words).toHaveAttribute('aria-invalid', 'true');

    answer = problem(403, 'Forbidden', 'Only the buyer of this booking can review it.');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    // In the dialog, announced, and nowhere else.
    const refused = 'Only the buyer of this booking can review it.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused);
    expect(screen.getAllByText(refused)).toHaveLength(1);
  });
});

describe("a seller's rating beside their cars", () => {
  const carPage = (record: CarRecord) => ({
    [`GET /api/product/${record._id}`]: record,
    [`GET /api/product/${record._id}/price-history`]: list([]),
  });

  it('says who sells the car, with their rating, and links their profile', async () => {
    stubApi(carPage(car()));
    renderApp('/car/car-1');
    const seller = await screen.findByRole('link', { name: 'Seller Person' });
    expect(seller).toHaveAttribute('href', '/seller/Seller-uid');
    const line = seller.parentElement!;
    expect(line).toHaveTextContent(/^Seller:/);
    const rating = within(line).getByRole('img', {
      name: 'Seller rated 4.6 out of 5 from 12 reviews',
    });
    expect(rating).toHaveTextContent('★ 4.6 (12)');
  });

  it('calls a seller without reviews new', async () => {
    stubApi(carPage(car({ seller_rating: rated(null, 0) })));
    renderApp('/car/car-1');
    expect(await screen.findByText('New seller · no reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Seller rated/ })).not.toBeInTheDocument();
  });

  it('shows the rating on a card, and nothing for a seller with no review', async () => {
    const facets = noFacets(2);
    stubApi({
      'GET /api/products': list([
        car({ seller_rating: rated(4, 1) }),
        car({ _id: 'car-2', name: 'Honda Civic', seller_rating: rated(null, 0) }),
      ]),
      'GET /api/products/facets': json(facets),
    });
    renderApp('/products');
    const cardOf = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('.chakra-card__root') as HTMLElement);
    await screen.findByRole('heading', { name: 'Toyota Corolla' });
    expect(
      cardOf('Toyota Corolla').getByRole('img', {
        name: 'Seller rated 4.0 out of 5 from 1 review',
      }),
    ).toHaveTextContent('★ 4.0 (1)');
    expect(cardOf('Honda Civic').queryByRole('img', { name: /^Seller rated/ })).toBeNull();
    // The card's one way in is still See Details: the rating is text, not a link.
    expect(
      cardOf('Toyota Corolla')
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['See Details of Toyota Corolla']);
  });
});

describe('accessibility of reviews', () => {
  it("the seller's own profile, with Answer and Report, has no serious or critical violations", async () => {
    stubApi({ ...me(seller), ...profilePage(() => profile()) });
    const { container } = renderApp(`/seller/${seller._id}`, { as: seller });
    await screen.findByRole('button', { name: 'Answer the review by Olga Other' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the review dialog has no serious or critical violations', async () => {
    stubApi({ ...me(buyer), 'GET /api/bookings': list([booking('b1')]) });
    renderApp('/user/orders', { as: buyer });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Review seller/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Seller Person' });
    expect(await seriousViolations(dialog)).toEqual([]);
  });
});
