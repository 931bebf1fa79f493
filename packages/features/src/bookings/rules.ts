import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of bookings, also where a review finds its booking (`requireClaimedBooking`). */
export const bookingRules = {
  'own-car': 'forbidden',
  'car-off-market': 'conflict',
  'car-already-booked': 'conflict',
  'booking-exists': 'conflict',
  'booking-not-found': 'not_found',
  'not-booking-seller': 'forbidden',
  'not-booking-party': 'forbidden',
  'booking-not-requested': 'conflict',
  'booking-not-cancellable': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof bookingRules> = rejecter(bookingRules);
