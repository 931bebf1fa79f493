// Who may make each of the expiry feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { expiryWriteCalls } from '../contract.ts';

export const expiryAuthorization: Authorization<typeof expiryWriteCalls> = {
  renewCar: {
    request: async (f) => ({ method: 'POST', url: `/api/product/${await f.ownersCar()}/renew` }),
    // Its seller alone: not even an admin.
    expected: allowing({ 'owning seller': 200 }),
  },
};
