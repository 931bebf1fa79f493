import type { CarState, ExistingCar } from '../cars/index.ts';
import { type DomainEvent, type EventDataOf, streams } from '../registry/events.ts';
import type { BookingIdState } from './booking-id.ts';
import type { Booking } from './car-bookings.ts';
import { reject } from './rules.ts';

type Parties = EventDataOf<'BookingAccepted'>;

const partiesOf = (car: ExistingCar, booking: Booking): Parties => ({
  carId: car.car.carId,
  bookingId: booking.bookingId,
  sellerId: car.car.sellerId,
  buyerId: booking.buyerId,
});

/** The booking of this car with that id. */
export const requireBooking = (car: ExistingCar, bookingId: string): Booking => {
  const booking = car.bookings[bookingId];
  if (!booking) return reject('booking-not-found', 'No such booking.');
  return booking;
};

/**
 * The booking an id claimed and its car, whatever became of the car since (sold or deleted):
 * for what follows a booking, such as its review.
 */
export const requireClaimedBooking = (
  bookingId: BookingIdState,
  car: CarState,
  id: string,
): { car: ExistingCar; booking: Booking } => {
  const booking =
    car.status === 'none' || bookingId.status !== 'claimed' ? undefined : car.bookings[id];
  if (car.status === 'none' || !booking) return reject('booking-not-found', 'No such booking.');
  return { car, booking };
};

/** A booking event of this car, with its parties. */
export const bookingEvent = (
  car: ExistingCar,
  booking: Booking,
  event:
    | { type: 'BookingAccepted' | 'BookingDeclined' }
    | { type: 'BookingCancelled'; by: 'buyer' | 'seller' }
    | { type: 'BookingEnded'; reason: 'car-sold' | 'car-deleted' },
): [string, DomainEvent] => {
  const parties = partiesOf(car, booking);
  const { type } = event;
  switch (type) {
    case 'BookingAccepted':
    case 'BookingDeclined':
      return [streams.car(parties.carId), { type, data: parties }];
    case 'BookingCancelled':
      return [streams.car(parties.carId), { type, data: { ...parties, by: event.by } }];
    case 'BookingEnded':
      return [streams.car(parties.carId), { type, data: { ...parties, reason: event.reason } }];
  }
};

/** When a car goes (sold or deleted), its open booking ends with it, and its buyer is told. */
export const endOpenBooking = (
  car: ExistingCar,
  reason: 'car-sold' | 'car-deleted',
): [string, DomainEvent][] =>
  car.booking ? [bookingEvent(car, car.booking, { type: 'BookingEnded', reason })] : [];
