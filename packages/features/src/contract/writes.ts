// Every write call of the API, by operation id: each feature's calls, with method, path, body or
// params, the answer, and who may call (`WriteAuth`). The command service registers each under
// its key and publishes them in its OpenAPI document; the web calls them through the client
// generated from that document.

import { bookingWriteCalls } from '../bookings/contract.ts';
import { carWriteCalls } from '../cars/contract.ts';
import { categoryWriteCalls } from '../categories/contract.ts';
import { expiryWriteCalls } from '../expiry/contract.ts';
import { integrationWriteCalls } from '../integrations/contract.ts';
import { memberWriteCalls } from '../members/contract.ts';
import { messageWriteCalls } from '../messages/contract.ts';
import { moderationWriteCalls } from '../moderation/contract.ts';
import { reviewWriteCalls } from '../reviews/contract.ts';
import { userWriteCalls } from '../users/contract.ts';

export const writeCalls = {
  ...userWriteCalls,
  ...categoryWriteCalls,
  ...carWriteCalls,
  ...bookingWriteCalls,
  ...memberWriteCalls,
  ...integrationWriteCalls,
  ...messageWriteCalls,
  ...moderationWriteCalls,
  ...expiryWriteCalls,
  ...reviewWriteCalls,
} as const;

export type WriteCall = keyof typeof writeCalls;
