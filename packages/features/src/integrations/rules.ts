import { type Reject, type RuleBook, rejecter } from '../platform/domain-error.ts';

/** The rules of integrators: API keys and webhooks. */
export const integrationRules = {
  'api-key-exists': 'conflict',
  'api-key-not-found': 'not_found',
  'api-key-revoked': 'forbidden',
  'api-key-scope-required': 'forbidden',
  'webhook-exists': 'conflict',
  'webhook-not-found': 'not_found',
} as const satisfies RuleBook;

export const reject: Reject<keyof typeof integrationRules> = rejecter(integrationRules);
