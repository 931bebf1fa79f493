// A seller's public profile, as `GET /api/sellers/:id` answers it.

import { z } from 'zod';
import { CarRecord } from '../cars/contract.ts';
import { SellerRating } from '../contract/fields.ts';
import { ReviewRecord } from '../reviews/contract.ts';

/** How many of a seller's cars for sale and of their reviews the profile answers at once. */
export const PROFILE_CARS = 24;
export const PROFILE_REVIEWS = 5;

/** How a seller answers buyers who write to them. */
export const SellerAnswers = z.object({
  conversations: z.number().int().describe('Conversations buyers opened with them'),
  answered: z.number().int().describe('Those they wrote in'),
  answered_share: z
    .number()
    .nullable()
    .describe('answered / conversations, from 0 to 1; null with no conversation'),
  median_answer_minutes: z
    .number()
    .nullable()
    .describe('The median time from a buyer opening a conversation to their first answer'),
});

/** GET /api/sellers/:id */
export const SellerProfile = z.object({
  _id: z.string(),
  name: z.string(),
  photo_url: z.string().nullable(),
  member_since: z.string().describe('ISO-8601: when they registered'),
  rating: SellerRating,
  meetups_accepted: z.number().int().describe('Bookings of their cars they accepted'),
  answers: SellerAnswers,
  cars_for_sale: z.number().int().describe('Their cars on the market'),
  cars: z.array(CarRecord).describe(`Their ${PROFILE_CARS} newest cars on the market`),
  reviews: z
    .array(ReviewRecord)
    .describe(
      `Their ${PROFILE_REVIEWS} newest reviews; the rest from GET /api/sellers/:id/reviews`,
    ),
});
export type SellerProfile = z.infer<typeof SellerProfile>;
