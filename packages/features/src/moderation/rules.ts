import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of reports, moderation and suspensions. */
export const moderationRules = {
  'account-suspended': 'forbidden',
  'report-subject-not-found': 'not_found',
  'own-report-subject': 'forbidden',
  'report-already-open': 'conflict',
  'report-not-found': 'not_found',
  'reports-resolved': 'conflict',
  'action-not-for-subject': 'invalid',
  'car-not-hidden': 'conflict',
  'admin-not-suspendable': 'conflict',
  'user-already-suspended': 'conflict',
  'user-not-suspended': 'conflict',
  'review-not-hidden': 'conflict',
  'review-already-hidden': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof moderationRules> = rejecter(moderationRules);
