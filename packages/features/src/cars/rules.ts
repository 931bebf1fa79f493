import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/**
 * The rules of cars, also where another feature's command finds its car (`requireListedCar`,
 * `requireOwnCar` and the others of `find-car.ts`).
 */
export const carRules = {
  'seller-role-required': 'forbidden',
  'car-exists': 'conflict',
  'car-not-found': 'not_found',
  'car-deleted': 'not_found',
  'not-car-owner': 'forbidden',
  'already-advertised': 'conflict',
  'car-booked': 'conflict',
  'not-car-owner-or-admin': 'forbidden',
  'car-sold': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof carRules> = rejecter(carRules);
