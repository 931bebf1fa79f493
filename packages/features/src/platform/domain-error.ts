/** The four kinds of rejection. The command service maps each to one HTTP status. */
export const domainErrorCodes = ['not_found', 'forbidden', 'conflict', 'invalid'] as const;
export type DomainErrorCode = (typeof domainErrorCodes)[number];

/**
 * Every rule a decision enforces, named. The code says how the request failed; the rule says
 * which rule it broke, so a client (and a test) can tell two conflicts apart.
 */
export const domainRules = {
  // the actor
  'actor-not-registered': 'forbidden',
  'actor-deleted': 'forbidden',
  'account-suspended': 'forbidden',
  'admin-required': 'forbidden',
  // users
  'admin-registration': 'invalid',
  'register-for-someone-else': 'forbidden',
  'account-deleted': 'forbidden',
  'email-taken': 'conflict',
  'already-seller': 'conflict',
  'admin-cannot-demote-self': 'conflict',
  'already-admin': 'conflict',
  'admin-cannot-delete-self': 'forbidden',
  'user-not-found': 'not_found',
  // categories
  'category-name-taken': 'conflict',
  'category-exists': 'conflict',
  'category-not-found': 'not_found',
  'category-has-cars': 'conflict',
  // cars
  'seller-role-required': 'forbidden',
  'car-exists': 'conflict',
  'car-not-found': 'not_found',
  'car-deleted': 'not_found',
  'not-car-owner': 'forbidden',
  'already-advertised': 'conflict',
  'car-booked': 'conflict',
  'own-car': 'forbidden',
  'car-already-booked': 'conflict',
  'not-car-owner-or-admin': 'forbidden',
  'car-sold': 'conflict',
  // bookings
  'booking-exists': 'conflict',
  'booking-not-found': 'not_found',
  'not-booking-seller': 'forbidden',
  'not-booking-party': 'forbidden',
  'booking-not-requested': 'conflict',
  'booking-not-cancellable': 'conflict',
  // what members keep
  'too-many-favourites': 'conflict',
  'saved-search-exists': 'conflict',
  'saved-search-not-found': 'not_found',
  'too-many-saved-searches': 'conflict',
  // conversations between buyers and sellers
  'own-conversation': 'forbidden',
  'conversation-not-found': 'not_found',
  'conversation-blocked': 'forbidden',
  'conversation-ended': 'conflict',
  // reports and moderation
  'report-subject-not-found': 'not_found',
  'own-report-subject': 'forbidden',
  'report-already-open': 'conflict',
  'report-not-found': 'not_found',
  'reports-resolved': 'conflict',
  'action-not-for-subject': 'invalid',
  'car-not-hidden': 'conflict',
  'car-off-market': 'conflict',
  'admin-not-suspendable': 'conflict',
  'user-already-suspended': 'conflict',
  'user-not-suspended': 'conflict',
  'review-not-hidden': 'conflict',
  'review-already-hidden': 'conflict',
  // reviews
  'not-booking-buyer': 'forbidden',
  'booking-not-met': 'conflict',
  'meetup-not-passed': 'conflict',
  'booking-reviewed': 'conflict',
  'review-not-found': 'not_found',
  'not-review-seller': 'forbidden',
  'review-answered': 'conflict',
  // integrators: API keys and webhooks
  'api-key-exists': 'conflict',
  'api-key-not-found': 'not_found',
  'api-key-revoked': 'forbidden',
  'api-key-scope-required': 'forbidden',
  'webhook-exists': 'conflict',
  'webhook-not-found': 'not_found',
  'system-required': 'forbidden',
  // input
  'field-required': 'invalid',
  'field-out-of-range': 'invalid',
  'field-invalid': 'invalid',
} as const satisfies Record<string, DomainErrorCode>;

export type DomainRule = keyof typeof domainRules;

/** A command rejected by a rule. Nothing is appended. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly rule: DomainRule;
  /** The command field at fault, for `invalid`. */
  readonly field: string | undefined;

  constructor(rule: DomainRule, message: string, field?: string) {
    super(message);
    this.name = 'DomainError';
    this.rule = rule;
    this.code = domainRules[rule];
    this.field = field;
  }
}

/** Throws the rejection. A function declaration, so the compiler narrows after a call. */
export function reject(rule: DomainRule, message: string, field?: string): never {
  throw new DomainError(rule, message, field);
}
