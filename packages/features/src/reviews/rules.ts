import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of reviews, also where a moderator hides one (`requirePostedReview`). */
export const reviewRules = {
  'not-booking-buyer': 'forbidden',
  'booking-not-met': 'conflict',
  'meetup-not-passed': 'conflict',
  'booking-reviewed': 'conflict',
  'review-not-found': 'not_found',
  'not-review-seller': 'forbidden',
  'review-answered': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof reviewRules> = rejecter(reviewRules);
