// The reviews' HTTP contract: a review as a buyer posts it, a seller's answer, and reviews as
// a seller's profile lists them.

import { z } from 'zod';
import {
  entityId,
  IdParams,
  InsertAnswer,
  optionalText,
  PageQuery,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { REVIEW_STARS, TEXT_MAX } from '../platform/rules.ts';

const starsMessage = `Give ${REVIEW_STARS.min} to ${REVIEW_STARS.max} stars`;

/** A review's stars: whole, within `REVIEW_STARS`. */
export const reviewStars = z
  .number({ error: starsMessage })
  .int(starsMessage)
  .min(REVIEW_STARS.min, starsMessage)
  .max(REVIEW_STARS.max, starsMessage);

/** POST /api/reviews */
export const PostReviewBody = z.strictObject({
  bookingId: entityId.describe(
    'The booking whose meetup is reviewed: yours, accepted, its time passed',
  ),
  rating: reviewStars.describe(`Stars, ${REVIEW_STARS.min} to ${REVIEW_STARS.max}`),
  text: optionalText(TEXT_MAX.review).describe(
    `What you add, ${TEXT_MAX.review} characters at most`,
  ),
});
export type PostReviewBody = z.input<typeof PostReviewBody>;

/** POST /api/reviews/:id/answer */
export const AnswerReviewBody = z.strictObject({
  text: requiredText(TEXT_MAX.reviewAnswer),
});
export type AnswerReviewBody = z.input<typeof AnswerReviewBody>;

/** The write calls of reviews, by operation id (see `writeCalls`). */
export const reviewWriteCalls = {
  postReview: {
    method: 'POST',
    path: '/api/reviews',
    body: PostReviewBody,
    answer: InsertAnswer,
    auth: 'user',
    summary:
      "Review the seller of a meetup they accepted, once its time has passed (the booking's buyer, once; the review's id is the booking's)",
  },
  answerReview: {
    method: 'POST',
    path: '/api/reviews/:id/answer',
    params: IdParams,
    body: AnswerReviewBody,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Answer a review of you, once (the seller reviewed)',
  },
} as const;

/** A review as a seller's profile shows it. */
export const ReviewRecord = z.object({
  _id: z.string().describe("The review's id, which is its booking's; report it as a `review`"),
  rating: z.number().int(),
  text: z.string().describe('Empty when the buyer wrote nothing'),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  car: z.object({ _id: z.string(), name: z.string() }),
  posted_at: z.string().describe('ISO-8601'),
  answer: z
    .object({ text: z.string(), at: z.string() })
    .nullable()
    .describe("The seller's answer, if any"),
});
export type ReviewRecord = z.infer<typeof ReviewRecord>;

export const SellerReviewsQuery = PageQuery;
