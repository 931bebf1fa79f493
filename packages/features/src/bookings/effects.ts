import type { Describe } from '../audit/index.ts';
import type { CarChangeOf } from '../cars/index.ts';
import type { Notices } from '../members/index.ts';

// What a booking's events change in other features' tables: its car's `booked` flag, the audit
// log and its parties' notifications. The registry hands these to those features' projections.

/** `booked` is 1 while a booking is open (requested or accepted), 0 once it is not. */
export const bookedFlagOf: CarChangeOf = (event) => {
  switch (event.type) {
    case 'CarBooked':
      return { carId: event.data.carId, values: { booked: 1 } };
    case 'BookingDeclined':
    case 'BookingCancelled':
    case 'BookingEnded':
      return { carId: event.data.carId, values: { booked: 0 } };
    default:
      return undefined;
  }
};

/** A booking's entries are the car's: that is where a reader of the log looks for them. */
export const describeBooking: Describe = (event) => {
  switch (event.type) {
    case 'CarBooked':
      // The buyer's phone and email stay in the bookings table, for the seller only.
      return {
        action: 'booked',
        subjectType: 'car',
        subjectId: event.data.carId,
        label: event.data.carName,
        details: {
          bookingId: event.data.bookingId,
          buyer: event.data.buyerName,
          price: event.data.price,
        },
        personal: { buyer: event.data.buyerId },
      };
    case 'BookingAccepted':
    case 'BookingDeclined':
    case 'BookingCancelled':
    case 'BookingEnded': {
      const { carId, bookingId, buyerId, sellerId } = event.data;
      const action = {
        BookingAccepted: 'accepted the booking',
        BookingDeclined: 'declined the booking',
        BookingCancelled: 'cancelled the booking',
        BookingEnded: 'ended the booking',
      }[event.type];
      return {
        action,
        subjectType: 'car',
        subjectId: carId,
        details: {
          bookingId,
          buyerId,
          sellerId,
          ...('by' in event.data ? { by: event.data.by } : {}),
          ...('reason' in event.data ? { reason: event.data.reason } : {}),
        },
      };
    }
    default:
      return undefined;
  }
};

/** Integrators' keys: never a key's secret or hash. */
/**
 * A booking's parties hear of its life; the one who acted is not told of their own act: the
 * seller of a request, the buyer of an answer, the other party of a cancellation, the buyer of
 * an end.
 */
export const bookingNotices: Notices = {
  types: ['CarBooked', 'BookingAccepted', 'BookingDeclined', 'BookingCancelled', 'BookingEnded'],
  of: (event) => {
    switch (event.type) {
      case 'CarBooked': {
        const { sellerId, carId, bookingId, buyerName, proposedTime } = event.data;
        return [
          {
            userId: sellerId,
            kind: 'booking-requested',
            carId,
            details: { bookingId, buyer: buyerName, proposedTime },
            personal: { buyer: event.data.buyerId },
          },
        ];
      }
      case 'BookingAccepted':
      case 'BookingDeclined': {
        const { buyerId, carId, bookingId } = event.data;
        const kind = event.type === 'BookingAccepted' ? 'booking-accepted' : 'booking-declined';
        return [{ userId: buyerId, kind, carId, details: { bookingId } }];
      }
      case 'BookingCancelled': {
        const { buyerId, sellerId, carId, bookingId, by } = event.data;
        return [
          {
            userId: by === 'buyer' ? sellerId : buyerId,
            kind: 'booking-cancelled',
            carId,
            details: { bookingId, by },
          },
        ];
      }
      case 'BookingEnded': {
        const { buyerId, carId, bookingId, reason } = event.data;
        return [{ userId: buyerId, kind: 'booking-ended', carId, details: { bookingId, reason } }];
      }
      default:
        return [];
    }
  },
};
