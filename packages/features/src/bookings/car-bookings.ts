import { type BookingStatus, isOpenBooking } from '../platform/rules.ts';
import type { DomainEvent } from '../registry/events.ts';

export type Booking = {
  bookingId: string;
  buyerId: string;
  status: BookingStatus;
  /** When the buyer proposed to meet (ISO-8601), or null when they did not say. */
  proposedTime: string | null;
  /** Whether the seller ever accepted it, though it may have ended since (the car sold). */
  accepted: boolean;
};

/** A booking that still holds its car: requested or accepted. */
export const isOpen = (booking: Booking): boolean => isOpenBooking(booking.status);

/**
 * A car's bookings, kept in its stream `car-<id>` where they are decided: so at most one is
 * open, and while one is requested or accepted nobody else can book the car.
 */
export type CarBookings = {
  /** The open booking, if any. */
  booking: Booking | null;
  /** Every booking ever made for the car, by id. */
  bookings: Readonly<Record<string, Booking>>;
};

const withBooking = <S extends CarBookings>(
  state: S,
  bookingId: string,
  status: BookingStatus,
): S => {
  const booking = state.bookings[bookingId];
  if (!booking) return state;
  const changed = { ...booking, status, accepted: booking.accepted || status === 'accepted' };
  return {
    ...state,
    bookings: { ...state.bookings, [bookingId]: changed },
    booking: isOpen(changed)
      ? changed
      : state.booking?.bookingId === bookingId
        ? null
        : state.booking,
  };
};

/** A car's bookings after one of its events; the same state for an event of no booking. */
export const evolveCarBookings = <S extends CarBookings>(state: S, event: DomainEvent): S => {
  switch (event.type) {
    case 'CarBooked': {
      const booking: Booking = {
        bookingId: event.data.bookingId,
        buyerId: event.data.buyerId,
        status: 'requested',
        proposedTime: event.data.proposedTime,
        accepted: false,
      };
      return { ...state, booking, bookings: { ...state.bookings, [booking.bookingId]: booking } };
    }
    case 'BookingAccepted':
      return withBooking(state, event.data.bookingId, 'accepted');
    case 'BookingDeclined':
      return withBooking(state, event.data.bookingId, 'declined');
    case 'BookingCancelled':
      return withBooking(state, event.data.bookingId, 'cancelled');
    case 'BookingEnded':
      return withBooking(state, event.data.bookingId, 'ended');
    default:
      return state;
  }
};
