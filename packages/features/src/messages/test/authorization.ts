// Who may make each of the messages feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { messageWriteCalls } from '../contract.ts';

/** A conversation's two parties; to anyone else, an admin included, it does not exist. */
const parties = allowing({ buyer: 200, seller: 404, 'owning seller': 200, admin: 404 });

export const messageAuthorization: Authorization<typeof messageWriteCalls> = {
  startConversation: {
    request: async (f) => ({
      method: 'POST',
      url: '/api/conversations',
      body: { carId: await f.ownersCar(), text: 'Is it still for sale?' },
    }),
    // Anyone signed in but the car's seller.
    expected: allowing({ buyer: 201, seller: 201, admin: 201 }),
  },
  sendMessage: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/messages`,
      body: { text: 'Hello again' },
    }),
    expected: { ...parties, buyer: 201, 'owning seller': 201 },
  },
  readConversation: {
    appendsNothing: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/read`,
      body: { upTo: 0 },
    }),
    expected: parties,
  },
  blockParty: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/block`,
    }),
    expected: parties,
  },
  unblockParty: {
    appendsNothing: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/conversations/${await f.conversation()}/unblock`,
    }),
    expected: parties,
  },
};
