// Every rule a decision enforces, by rule book: the platform's input rules and each feature's
// (`carRules` in `cars/rules.ts`, ...). A rejection's `rule` is one of these, and its problem
// answer's `type` names it (`urn:second-gear:rule:<rule>`).

import { bookingRules } from '../bookings/rules.ts';
import { carRules } from '../cars/rules.ts';
import { categoryRules } from '../categories/rules.ts';
import { integrationRules } from '../integrations/rules.ts';
import { memberRules } from '../members/rules.ts';
import { messageRules } from '../messages/rules.ts';
import { moderationRules } from '../moderation/rules.ts';
import { type DomainErrorCode, inputRules } from '../platform/domain-error.ts';
import { reviewRules } from '../reviews/rules.ts';
import { userRules } from '../users/rules.ts';

/**
 * Each rule book, by its owner. Two books may name one rule only with one code
 * (`test/protocol.unit.test.ts` checks).
 */
export const ruleBooks = {
  input: inputRules,
  users: userRules,
  categories: categoryRules,
  cars: carRules,
  bookings: bookingRules,
  members: memberRules,
  integrations: integrationRules,
  messages: messageRules,
  moderation: moderationRules,
  reviews: reviewRules,
} as const;

type RuleBooks = typeof ruleBooks;

/** The name of any rule of any book. */
export type DomainRule = { [Owner in keyof RuleBooks]: keyof RuleBooks[Owner] }[keyof RuleBooks];

/** Every rule, with the code of its rejection. */
export const domainRules: Readonly<Record<DomainRule, DomainErrorCode>> = Object.assign(
  {},
  ...Object.values(ruleBooks),
);
