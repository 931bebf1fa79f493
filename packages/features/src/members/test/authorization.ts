// Who may make each of the members feature's write calls (run by the command service's matrix).
import type { Authorization } from '../../../test/matrix.ts';
import type { memberWriteCalls } from '../contract.ts';

export const memberAuthorization: Authorization<typeof memberWriteCalls> = {
  favouriteCar: {
    request: async (f) => ({ method: 'PUT', url: `/api/favourites/${await f.ownersCar()}` }),
    // Any signed-in user, the seller of the car included.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  unfavouriteCar: {
    request: async (f) => ({ method: 'DELETE', url: `/api/favourites/${await f.ownersCar()}` }),
    // Letting go of what one does not keep changes nothing, and is no error.
    appendsNothing: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
  saveSearch: {
    request: async () => ({
      method: 'POST',
      url: '/api/saved-searches',
      body: { name: 'Cheap', query: 'maxPrice=9000' },
    }),
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 201,
      admin: 201,
      'deleted user': 403,
    },
  },
  deleteSavedSearch: {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/saved-searches/${await f.savedSearch()}`,
    }),
    // "buyer" saved it: a search is only ever its owner's, so to anyone else it does not exist.
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 404,
      'owning seller': 404,
      admin: 404,
      'deleted user': 403,
    },
  },
  readNotifications: {
    request: async () => ({ method: 'POST', url: '/api/notifications/read', body: {} }),
    expected: {
      anonymous: 401,
      buyer: 200,
      seller: 200,
      'owning seller': 200,
      admin: 200,
      'deleted user': 403,
    },
  },
};
