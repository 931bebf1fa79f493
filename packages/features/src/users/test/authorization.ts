// Who may make each of the users feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { userWriteCalls } from '../contract.ts';

export const userAuthorization: Authorization<typeof userWriteCalls> = {
  registerUser: {
    request: async () => ({ method: 'POST', url: '/api/user', body: {}, idToken: true }),
    // Everyone signed in is registered already: 200 and nothing new. A deleted user's sign-in
    // account goes later, through its reactor (not run here): until then their ID token still
    // verifies, and the registration is refused because the account was deleted.
    expected: allowing({ buyer: 200, seller: 200, 'owning seller': 200, admin: 200 }),
  },
  applyForSeller: {
    changesCaller: true,
    request: async () => ({ method: 'POST', url: '/api/user/seller' }),
    expected: allowing({ buyer: 200, seller: 409, 'owning seller': 409, admin: 409 }),
  },
  promoteToAdmin: {
    request: async (f) => ({
      method: 'PUT',
      url: `/api/user/admin/${(await f.world.user('Buyer')).uid}`,
    }),
    expected: allowing({ admin: 200 }),
  },
  deleteUser: {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/user/${(await f.world.user('Buyer')).uid}`,
    }),
    expected: allowing({ admin: 200 }),
  },
  changeProfile: {
    changesCaller: true,
    request: async () => ({
      method: 'PUT',
      url: '/api/user/me',
      body: { phone: `+1 555 ${String(Math.floor(Math.random() * 9000) + 1000)}` },
    }),
    expected: allowing({ buyer: 200, seller: 200, 'owning seller': 200, admin: 200 }),
  },
};
