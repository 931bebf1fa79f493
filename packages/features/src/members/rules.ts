import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of what members keep: favourites and saved searches. */
export const memberRules = {
  'too-many-favourites': 'conflict',
  'saved-search-exists': 'conflict',
  'saved-search-not-found': 'not_found',
  'too-many-saved-searches': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof memberRules> = rejecter(memberRules);
