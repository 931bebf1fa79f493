// Every feature's authorization rows, one per write call: a call added to a feature's contract
// without its row fails the type-check here.
import { bookingAuthorization } from '../src/bookings/test/authorization.ts';
import { carAuthorization } from '../src/cars/test/authorization.ts';
import { categoryAuthorization } from '../src/categories/test/authorization.ts';
import type { writeCalls } from '../src/contract/writes.ts';
import { expiryAuthorization } from '../src/expiry/test/authorization.ts';
import { integrationAuthorization } from '../src/integrations/test/authorization.ts';
import { memberAuthorization } from '../src/members/test/authorization.ts';
import { messageAuthorization } from '../src/messages/test/authorization.ts';
import { moderationAuthorization } from '../src/moderation/test/authorization.ts';
import { reviewAuthorization } from '../src/reviews/test/authorization.ts';
import { userAuthorization } from '../src/users/test/authorization.ts';
import type { Authorization } from './matrix.ts';

export const authorization: Authorization<typeof writeCalls> = {
  ...userAuthorization,
  ...categoryAuthorization,
  ...carAuthorization,
  ...bookingAuthorization,
  ...memberAuthorization,
  ...integrationAuthorization,
  ...messageAuthorization,
  ...moderationAuthorization,
  ...expiryAuthorization,
  ...reviewAuthorization,
};
