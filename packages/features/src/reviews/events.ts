import { z } from 'zod';
import { id } from '../platform/event-fields.ts';
import { type PersonalValues, personalField } from '../platform/personal-data.ts';
import { REVIEW_STARS, TEXT_MAX } from '../platform/rules.ts';

// ---- reviews: stream `review-<bookingId>`, at most one review per booking

/** The parties of a review, carried by every event of its life. */
const reviewParties = { reviewId: id, bookingId: id, carId: id, sellerId: id, buyerId: id };
/** A review's whole stars. */
const stars = z.number().int().min(REVIEW_STARS.min).max(REVIEW_STARS.max);

/**
 * A buyer reviews the seller they met for a booking: whole stars and what they add (empty when
 * they add nothing). A review's id is its booking's, so a booking is reviewed once.
 */
export const ReviewPosted = z.object({
  ...reviewParties,
  rating: stars,
  text: z.string().max(TEXT_MAX.review),
});

/** The seller answers a review of them, once. */
export const ReviewAnswered = z.object({
  ...reviewParties,
  text: z.string().max(TEXT_MAX.reviewAnswer),
});

/**
 * A moderator hides a review, or shows it again: a hidden review leaves its seller's profile and
 * average. `rating` is the review's, so the average changes without reading the review.
 */
export const ReviewHidden = z.object({
  ...reviewParties,
  rating: stars,
  reason: z.string().max(TEXT_MAX.moderationReason),
});
export const ReviewRestored = ReviewHidden;

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const reviewEvents = { ReviewPosted, ReviewAnswered, ReviewHidden, ReviewRestored } as const;

/** What a review or an answer says once its author is erased: the stars stay, the words go. */
export const ERASED_REVIEW_TEXT = '';

/** The personal values of this feature's events: the words of each review and answer. */
export const reviewPersonalValues: PersonalValues = {
  ReviewPosted: [personalField('text', 'buyerId', ERASED_REVIEW_TEXT)],
  ReviewAnswered: [personalField('text', 'sellerId', ERASED_REVIEW_TEXT)],
};
