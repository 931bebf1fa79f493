// Who may make each of the categories feature's write calls (run by the command service's matrix).
import type { Authorization } from '../../../test/matrix.ts';
import type { categoryWriteCalls } from '../contract.ts';

export const categoryAuthorization: Authorization<typeof categoryWriteCalls> = {
  createCategory: {
    request: async () => ({
      method: 'POST',
      url: '/api/category',
      body: { name: `Category ${Math.random().toString(36).slice(2)}` },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  deleteCategory: {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/category/${await f.world.category(f.admin)}`,
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 403,
      admin: 200,
      'deleted user': 403,
    },
  },
};
