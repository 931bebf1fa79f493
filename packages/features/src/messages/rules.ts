import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of conversations between buyers and sellers. */
export const messageRules = {
  'own-conversation': 'forbidden',
  'conversation-not-found': 'not_found',
  'conversation-blocked': 'forbidden',
  'conversation-ended': 'conflict',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof messageRules> = rejecter(messageRules);
