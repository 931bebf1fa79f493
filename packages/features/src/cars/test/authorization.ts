// Who may make each of the cars feature's write calls (run by the command service's matrix).
import { type Authorization, allowing, carBody } from '../../../test/matrix.ts';
import type { carWriteCalls } from '../contract.ts';

export const carAuthorization: Authorization<typeof carWriteCalls> = {
  listCar: {
    request: async (f) => ({ method: 'POST', url: '/api/product', body: carBody(f.categoryName) }),
    // An admin holds every seller right.
    expected: allowing({ seller: 201, 'owning seller': 201, admin: 201 }),
  },
  advertiseCar: {
    request: async (f) => ({ method: 'PUT', url: `/api/products/${await f.ownersCar()}` }),
    // Only the owning seller advertises.
    expected: allowing({ 'owning seller': 200 }),
  },
  deleteCar: {
    request: async (f) => ({ method: 'DELETE', url: `/api/product/${await f.ownersCar()}` }),
    expected: allowing({ 'owning seller': 200, admin: 200 }),
  },
  editCar: {
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/product/${await f.ownersCar()}`,
      body: { price: 9999 },
    }),
    expected: allowing({ 'owning seller': 200, admin: 200 }),
  },
  markCarSold: {
    request: async (f) => ({ method: 'POST', url: `/api/product/${await f.ownersCar()}/sold` }),
    // Only the owning seller sells.
    expected: allowing({ 'owning seller': 200 }),
  },
};
