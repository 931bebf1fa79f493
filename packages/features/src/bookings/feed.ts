// A booking's life as integrators see it, on the feed and through webhooks: public facts only,
// never who the buyer is.

import type { z } from 'zod';
import type { DomainEvent } from '../registry/events.ts';
import type { bookingFeedEvents } from './contract.ts';
import type { bookingFeedEventTypes } from './events.ts';

type BookingFeedEvent = z.infer<(typeof bookingFeedEvents)[number]>;
type BookingFeedEventType = (typeof bookingFeedEventTypes)[number];

/** A booking event as a feed message; undefined for any other event. */
export const bookingFeedEventOf = (
  event: DomainEvent,
  base: { position: string; occurredAt: string },
): BookingFeedEvent | undefined => {
  switch (event.type) {
    case 'CarBooked':
      return {
        type: 'CarBooked',
        ...base,
        carId: event.data.carId,
        bookingId: event.data.bookingId,
        price: event.data.price,
      };
    case 'BookingAccepted':
    case 'BookingDeclined':
      return {
        type: event.type,
        ...base,
        carId: event.data.carId,
        bookingId: event.data.bookingId,
      };
    case 'BookingCancelled':
      return {
        type: 'BookingCancelled',
        ...base,
        carId: event.data.carId,
        bookingId: event.data.bookingId,
        by: event.data.by,
      };
    case 'BookingEnded':
      return {
        type: 'BookingEnded',
        ...base,
        carId: event.data.carId,
        bookingId: event.data.bookingId,
        reason: event.data.reason,
      };
    default:
      return undefined;
  }
};

/** What each of a booking's feed messages says, for the AsyncAPI document. */
export const bookingFeedDescriptions: Record<BookingFeedEventType, string> = {
  CarBooked:
    'A buyer asked to book the car; it is booked until the booking is declined, cancelled or ended.',
  BookingAccepted: 'The seller accepted the booking.',
  BookingDeclined: 'The seller declined the booking; the car is available again.',
  BookingCancelled: 'The buyer or the seller cancelled the booking; the car is available again.',
  BookingEnded: 'The booking ended because the car was sold or deleted.',
};

const bookingId = 'b2c7e0f4-5a8d-4e61-8b3f-0c9d1e2a3b4c';

/** One realistic message of each type, on the common fields `base` gives (the AsyncAPI document). */
export const bookingFeedExamples = (
  base: (
    type: BookingFeedEventType,
    position: number,
  ) => { position: string; occurredAt: string; carId: string },
): Record<BookingFeedEventType, BookingFeedEvent> => ({
  CarBooked: { ...base('CarBooked', 4720), type: 'CarBooked', bookingId, price: 9000 },
  BookingAccepted: { ...base('BookingAccepted', 4721), type: 'BookingAccepted', bookingId },
  BookingDeclined: { ...base('BookingDeclined', 4722), type: 'BookingDeclined', bookingId },
  BookingCancelled: {
    ...base('BookingCancelled', 4723),
    type: 'BookingCancelled',
    bookingId,
    by: 'buyer',
  },
  BookingEnded: {
    ...base('BookingEnded', 4730),
    type: 'BookingEnded',
    bookingId,
    reason: 'car-sold',
  },
});
