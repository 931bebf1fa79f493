import { bookCarSlice } from './book-car.ts';
import {
  acceptBookingSlice,
  cancelBookingSlice,
  declineBookingSlice,
} from './booking-lifecycle.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const bookingCommands = {
  BookCar: bookCarSlice,
  AcceptBooking: acceptBookingSlice,
  DeclineBooking: declineBookingSlice,
  CancelBooking: cancelBookingSlice,
} as const;
