import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of categories, also for a car listed in one (`requireNamedCategory`). */
export const categoryRules = {
  'category-name-taken': 'conflict',
  'category-exists': 'conflict',
  'category-not-found': 'not_found',
  'category-has-cars': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof categoryRules> = rejecter(categoryRules);
