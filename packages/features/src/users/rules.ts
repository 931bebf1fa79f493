import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/**
 * The rules of accounts, and of the actor, which every feature's decisions check through
 * `requireActiveActor`, `requireAdmin` and `requireSystem`.
 */
export const userRules = {
  // the actor
  'actor-not-registered': 'forbidden',
  'actor-deleted': 'forbidden',
  'admin-required': 'forbidden',
  'system-required': 'forbidden',
  // accounts
  'admin-registration': 'invalid',
  'register-for-someone-else': 'forbidden',
  'account-deleted': 'forbidden',
  'email-taken': 'conflict',
  'already-seller': 'conflict',
  'admin-cannot-demote-self': 'conflict',
  'already-admin': 'conflict',
  'admin-cannot-delete-self': 'forbidden',
  'user-not-found': 'not_found',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof userRules> = rejecter(userRules);
