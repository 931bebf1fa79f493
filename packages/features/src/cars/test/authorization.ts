// Who may make each of the cars feature's write calls (run by the command service's matrix).
import { type Authorization, carBody } from '../../../test/matrix.ts';
import type { carWriteCalls } from '../contract.ts';

export const carAuthorization: Authorization<typeof carWriteCalls> = {
  listCar: {
    request: async (f) => ({ method: 'POST', url: '/api/product', body: carBody(f.categoryName) }),
    // An admin holds every seller right.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 201,
      'owning seller': 201,
      admin: 201,
      'deleted user': 403,
    },
  },
  advertiseCar: {
    request: async (f) => ({ method: 'PUT', url: `/api/products/${await f.ownersCar()}` }),
    // Only the owning seller advertises.
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 403,
      'deleted user': 403,
    },
  },
  deleteCar: {
    request: async (f) => ({ method: 'DELETE', url: `/api/product/${await f.ownersCar()}` }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  editCar: {
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/product/${await f.ownersCar()}`,
      body: { price: 9999 },
    }),
    expected: {
      anonymous: 401,
      buyer: 403,
      seller: 403,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  markCarSold: {
    request: async (f) => ({ method: 'POST', url: `/api/product/${await f.ownersCar()}/sold` }),
    // Only the owning seller sells.
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
