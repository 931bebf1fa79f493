import { type BookingIdState, requireClaimedBooking } from '../bookings/index.ts';
import { type CarState, initialCarState } from '../cars/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { REVIEW_STARS, reviewStageOf, TEXT_MAX } from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { inBound, optionalWithin, requiredWithin } from '../platform/validation.ts';
import { streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import { type PostedReview, type ReviewState, reviewPartiesOf } from './review.ts';
import { reject } from './rules.ts';

/**
 * The buyer of a booking reviews its seller. `at` is when they ask, as the command service's
 * clock says: the meetup must be behind them.
 */
export type PostReview = CommandOf<
  'PostReview',
  { bookingId: string; rating: number; text?: string | null; at: string }
>;

/** The seller of a reviewed booking answers its review. */
export type AnswerReview = CommandOf<'AnswerReview', { reviewId: string; text: string }>;

/**
 * Only the buyer of a booking the seller accepted reviews it, once, after the time they were
 * to meet; nobody reviews themselves (a seller cannot book their own car).
 */
export const postReview = (input: {
  command: PostReview;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `booking-<bookingId>`: which car the booking is for */
  bookingId: BookingIdState;
  /** `car-<that car>`, whose stream holds the booking */
  car: CarState;
  /** `review-<bookingId>` */
  review: ReviewState;
}): Decision => {
  const { command, review } = input;
  const buyer = requireActiveActor(input.actorUser);
  const { bookingId, rating, at } = command.data;
  inBound(REVIEW_STARS, rating, 'rating');
  if (!Number.isInteger(rating)) reject('field-invalid', 'Give whole stars', 'rating');
  const text = optionalWithin(command.data.text, TEXT_MAX.review, 'text');
  const { car, booking } = requireClaimedBooking(input.bookingId, input.car, bookingId);
  if (booking.buyerId !== buyer.userId)
    reject('not-booking-buyer', 'Only the buyer of this booking can review its seller.');
  const reviewed = review.status !== 'none';
  switch (reviewStageOf({ ...booking, reviewed }, new Date(at))) {
    case 'not-met':
      return reject('booking-not-met', 'Only a meetup the seller accepted can be reviewed.');
    case 'not-yet':
      return reject(
        'meetup-not-passed',
        'You can review the seller once your meetup time has passed.',
      );
    case 'reviewed':
      return reject('booking-reviewed', 'You reviewed this meetup already.');
    case 'open':
      break;
  }
  const { carId, sellerId } = car.car;
  return appendsOf([
    [
      streams.review(bookingId),
      {
        type: 'ReviewPosted',
        data: {
          reviewId: bookingId,
          bookingId,
          carId,
          sellerId,
          buyerId: buyer.userId,
          rating,
          text,
        },
      },
    ],
  ]);
};

/** The review, if it was posted. */
export const requirePostedReview = (review: ReviewState): PostedReview => {
  if (review.status !== 'posted') return reject('review-not-found', 'No such review.');
  return review;
};

/** The reviewed seller answers once; the answer stands beside the review. */
export const answerReview = (input: {
  command: AnswerReview;
  actorUser: UserState;
  review: ReviewState;
}): Decision => {
  const { command } = input;
  const seller = requireActiveActor(input.actorUser);
  const text = requiredWithin(command.data.text, TEXT_MAX.reviewAnswer, 'text');
  const review = requirePostedReview(input.review);
  if (review.sellerId !== seller.userId)
    reject('not-review-seller', 'Only the seller reviewed can answer a review.');
  if (review.answered) reject('review-answered', 'You answered this review already.');
  return appendsOf([
    [
      streams.review(review.reviewId),
      { type: 'ReviewAnswered', data: { ...reviewPartiesOf(review), text } },
    ],
  ]);
};

export const postReviewSlice = commandSlice({
  reads: (command: PostReview, read: StreamReads) => {
    const bookingId = read.booking(command.data.bookingId);
    return {
      actorUser: read.user(command.actor.uid),
      bookingId,
      car: bookingId.status === 'claimed' ? read.car(bookingId.carId) : initialCarState(),
      review: read.review(command.data.bookingId),
    };
  },
  decide: postReview,
});

export const answerReviewSlice = commandSlice({
  reads: (command: AnswerReview, read: StreamReads) => ({
    actorUser: read.user(command.actor.uid),
    review: read.review(command.data.reviewId),
  }),
  decide: answerReview,
});
