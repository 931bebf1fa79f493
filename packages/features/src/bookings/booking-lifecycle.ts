import { type CarState, initialCarState, requireExistingCar } from '../cars/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { BookingIdState } from './booking-id.ts';
import { bookingEvent, requireBooking } from './bookings.ts';
import { reject } from './rules.ts';

type BookingCommand<T extends string> = CommandOf<T, { bookingId: string }>;
export type AcceptBooking = BookingCommand<'AcceptBooking'>;
export type DeclineBooking = BookingCommand<'DeclineBooking'>;
export type CancelBooking = BookingCommand<'CancelBooking'>;

type BookingInput = {
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `booking-<data.bookingId>`: which car the booking is for */
  bookingId: BookingIdState;
  /** `car-<that car>` (none when the booking does not exist) */
  car: CarState;
};

/** The booking and its car, for a party of it. */
const findBooking = ({ actorUser, bookingId, car }: BookingInput, id: string) => {
  const user = requireActiveActor(actorUser);
  if (bookingId.status !== 'claimed') reject('booking-not-found', 'No such booking.');
  const existing = requireExistingCar(car);
  return { user, car: existing, booking: requireBooking(existing, id) };
};

/** The seller answers a requested booking: accepting keeps the car for that buyer. */
const answerBooking =
  (type: 'BookingAccepted' | 'BookingDeclined') =>
  (input: { command: BookingCommand<string> } & BookingInput): Decision => {
    const { user, car, booking } = findBooking(input, input.command.data.bookingId);
    if (car.car.sellerId !== user.userId)
      reject('not-booking-seller', 'Only the seller of this car can answer its bookings.');
    if (booking.status !== 'requested')
      reject('booking-not-requested', `This booking is ${booking.status}, not requested.`);
    return appendsOf([bookingEvent(car, booking, { type })]);
  };

export const acceptBooking = answerBooking('BookingAccepted');
export const declineBooking = answerBooking('BookingDeclined');

/**
 * A party cancels a booking: the buyer one that is requested or accepted, the seller one they
 * accepted (a requested one, the seller declines). The car is free again for others.
 */
export const cancelBooking = (input: { command: CancelBooking } & BookingInput): Decision => {
  const { user, car, booking } = findBooking(input, input.command.data.bookingId);
  const by =
    booking.buyerId === user.userId ? 'buyer' : car.car.sellerId === user.userId ? 'seller' : null;
  if (!by) return reject('not-booking-party', 'Only the buyer or the seller can cancel a booking.');
  const cancellable =
    by === 'buyer'
      ? booking.status === 'requested' || booking.status === 'accepted'
      : booking.status === 'accepted';
  if (!cancellable) {
    reject(
      'booking-not-cancellable',
      by === 'seller' && booking.status === 'requested'
        ? 'Decline a requested booking instead of cancelling it.'
        : `This booking is ${booking.status} and cannot be cancelled.`,
    );
  }
  return appendsOf([bookingEvent(car, booking, { type: 'BookingCancelled', by })]);
};

/** The booking's id names its car, whose stream decides. */
const bookingReads = (command: BookingCommand<string>, read: StreamReads): BookingInput => {
  const actorUser = read.user(command.actor.uid);
  const bookingId = read.booking(command.data.bookingId);
  const car = bookingId.status === 'claimed' ? read.car(bookingId.carId) : initialCarState();
  return { actorUser, bookingId, car };
};

export const acceptBookingSlice = commandSlice({
  reads: (command: AcceptBooking, read) => bookingReads(command, read),
  decide: acceptBooking,
});
export const declineBookingSlice = commandSlice({
  reads: (command: DeclineBooking, read) => bookingReads(command, read),
  decide: declineBooking,
});
export const cancelBookingSlice = commandSlice({
  reads: (command: CancelBooking, read) => bookingReads(command, read),
  decide: cancelBooking,
});
