// Who may make each of the expiry feature's write calls (run by the command service's matrix).
import type { Authorization } from '../../../test/matrix.ts';
import type { expiryWriteCalls } from '../contract.ts';

export const expiryAuthorization: Authorization<typeof expiryWriteCalls> = {
  renewCar: {
    request: async (f) => ({ method: 'POST', url: `/api/product/${await f.ownersCar()}/renew` }),
    // Its seller alone, an admin included.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
};
