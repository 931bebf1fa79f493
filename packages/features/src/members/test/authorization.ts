// Who may make each of the members feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { memberWriteCalls } from '../contract.ts';

export const memberAuthorization: Authorization<typeof memberWriteCalls> = {
  favouriteCar: {
    request: async (f) => ({ method: 'PUT', url: `/api/favourites/${await f.ownersCar()}` }),
    // Any signed-in user, the seller of the car included.
    expected: allowing({ buyer: 200, seller: 200, 'owning seller': 200, admin: 200 }),
  },
  unfavouriteCar: {
    request: async (f) => ({ method: 'DELETE', url: `/api/favourites/${await f.ownersCar()}` }),
    // Letting go of what one does not keep changes nothing, and is no error.
    appendsNothing: true,
    expected: allowing({ buyer: 200, seller: 200, 'owning seller': 200, admin: 200 }),
  },
  saveSearch: {
    request: async () => ({
      method: 'POST',
      url: '/api/saved-searches',
      body: { name: 'Cheap', query: 'maxPrice=9000' },
    }),
    expected: allowing({ buyer: 201, seller: 201, 'owning seller': 201, admin: 201 }),
  },
  deleteSavedSearch: {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/saved-searches/${await f.savedSearch()}`,
    }),
    // "buyer" saved it: a search is only ever its owner's, so to anyone else it does not exist.
    expected: allowing({ buyer: 200, seller: 404, 'owning seller': 404, admin: 404 }),
  },
  readNotifications: {
    request: async () => ({ method: 'POST', url: '/api/notifications/read', body: {} }),
    expected: allowing({ buyer: 200, seller: 200, 'owning seller': 200, admin: 200 }),
  },
};
