// Who may make each of the bookings feature's write calls (run by the command service's matrix).
import { type Authorization, allowing, bookingBody } from '../../../test/matrix.ts';
import type { bookingWriteCalls } from '../contract.ts';

export const bookingAuthorization: Authorization<typeof bookingWriteCalls> = {
  bookCar: {
    request: async (f) => ({
      method: 'POST',
      url: '/api/booking',
      body: bookingBody(await f.ownersCar()),
    }),
    // Any signed-in user but the car's own seller.
    expected: allowing({ buyer: 201, seller: 201, admin: 201 }),
  },
  acceptBooking: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('requested')}/accept`,
    }),
    // "buyer" is the booking's buyer: only the car's seller answers a booking.
    expected: allowing({ 'owning seller': 200 }),
  },
  declineBooking: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('requested')}/decline`,
    }),
    expected: allowing({ 'owning seller': 200 }),
  },
  cancelBooking: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/booking/${await f.booking('accepted')}/cancel`,
    }),
    // An accepted booking: its buyer or the car's seller may cancel it, nobody else.
    expected: allowing({ buyer: 200, 'owning seller': 200 }),
  },
};
