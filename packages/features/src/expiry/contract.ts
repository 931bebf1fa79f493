// The listing terms' HTTP contract: a seller renews their car.

import { IdParams, UpdateAnswer } from '../contract/fields.ts';

/** The write calls of listing terms, by operation id (see `writeCalls`). */
export const expiryWriteCalls = {
  renewCar: {
    method: 'POST',
    path: '/api/product/:id/renew',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'owning-seller',
    summary: 'Renew a car for sale, expired or not: it is on the market for another term',
  },
} as const;
