// Who may make each of the categories feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { categoryWriteCalls } from '../contract.ts';

export const categoryAuthorization: Authorization<typeof categoryWriteCalls> = {
  createCategory: {
    request: async () => ({
      method: 'POST',
      url: '/api/category',
      body: { name: `Category ${Math.random().toString(36).slice(2)}` },
    }),
    expected: allowing({ admin: 201 }),
  },
  deleteCategory: {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/category/${await f.world.category(f.admin)}`,
    }),
    expected: allowing({ admin: 200 }),
  },
};
