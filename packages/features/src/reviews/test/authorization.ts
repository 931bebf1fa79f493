// Who may make each of the reviews feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { reviewWriteCalls } from '../contract.ts';

export const reviewAuthorization: Authorization<typeof reviewWriteCalls> = {
  postReview: {
    request: async (f) => ({
      method: 'POST',
      url: '/api/reviews',
      body: { bookingId: await f.booking('accepted'), rating: 5, text: 'As described' },
    }),
    // The booking's buyer alone (the shared buyer booked it).
    expected: allowing({ buyer: 201 }),
  },
  answerReview: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/reviews/${await f.review()}/answer`,
      body: { text: 'Thank you' },
    }),
    // The seller reviewed alone.
    expected: allowing({ 'owning seller': 200 }),
  },
};
