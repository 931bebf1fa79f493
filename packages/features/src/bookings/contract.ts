// The bookings' HTTP contract, in the API's own field names (`product_id`, `buyer_phone`, `_id`,
// ...): the body of a booking request, the calls on a booking, a booking as the reads answer
// it, and a booking's messages on the integrator feed.

import { z } from 'zod';
import {
  feedBase,
  IdParams,
  InsertAnswer,
  idPattern,
  optionalText,
  PageQuery,
  phone,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { bookingStatuses, TEXT_MAX } from '../platform/rules.ts';
import type { DomainEvent } from '../registry/events.ts';
import type { bookingFeedEventTypes } from './events.ts';

/** How far ahead a buyer may propose to meet. */
export const PROPOSED_TIME_MAX_DAYS = 365;

/**
 * When the buyer proposes to meet: an ISO-8601 date and time with its offset, in the future
 * (a minute of clock difference allowed) and within a year. Blank counts as not proposed.
 */
export const proposedTime = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.iso
      .datetime({ offset: true, error: 'Must be a date and time, such as 2026-12-01T15:00:00Z' })
      .refine((value) => Date.parse(value) > Date.now() - 60_000, 'Must be in the future')
      .refine(
        (value) => Date.parse(value) < Date.now() + PROPOSED_TIME_MAX_DAYS * 86_400_000,
        `Must be within ${PROPOSED_TIME_MAX_DAYS} days`,
      )
      .transform((value) => new Date(value).toISOString())
      .optional(),
  )
  .describe('When the buyer proposes to meet (ISO-8601 with offset); optional');

/**
 * POST /api/booking. The buyer is the signed-in user; the car's name, price and seller come
 * from the car itself. The other fields clients send are accepted and ignored.
 */
export const BookCarBody = z.strictObject({
  product_id: requiredText(128).regex(idPattern, 'Must be an id').describe('The car id'),
  buyer_phone: phone,
  meetup: requiredText(TEXT_MAX.meetup),
  proposed_time: proposedTime,
  buyer: optionalText(TEXT_MAX.userName).describe('Ignored: the signed-in user'),
  buyer_email: optionalText(TEXT_MAX.email).describe('Ignored: the signed-in user'),
  seller: optionalText(TEXT_MAX.userName).describe('Ignored: from the car'),
  seller_email: optionalText(TEXT_MAX.email).describe('Ignored: from the car'),
  product_name: optionalText(TEXT_MAX.carName).describe('Ignored: from the car'),
  price: z.unknown().optional().describe('Ignored: from the car'),
});
export type BookCarBody = z.input<typeof BookCarBody>;

/** The write calls on bookings, by operation id (see `writeCalls`). */
export const bookingWriteCalls = {
  bookCar: {
    method: 'POST',
    path: '/api/booking',
    body: BookCarBody,
    answer: InsertAnswer,
    auth: 'user',
    summary: 'Ask to book a meetup for a car (not your own, not a booked one)',
  },
  acceptBooking: {
    method: 'POST',
    path: '/api/booking/:id/accept',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'booking-seller',
    summary: 'Accept a requested booking',
  },
  declineBooking: {
    method: 'POST',
    path: '/api/booking/:id/decline',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'booking-seller',
    summary: 'Decline a requested booking: the car is free for others',
  },
  cancelBooking: {
    method: 'POST',
    path: '/api/booking/:id/cancel',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'booking-party',
    summary: 'Cancel a booking: its buyer, while requested or accepted; its seller, once accepted',
  },
} as const;

/**
 * Where a booking stands: requested by the buyer; accepted or declined by the seller;
 * cancelled by a party; ended because its car was sold or deleted.
 */
const BookingStatus = z.enum(bookingStatuses);

/** A booking: the seller's received ones, or the buyer's own. */
export const BookingRecord = z.object({
  _id: z.string(),
  buyer: z.string(),
  seller: z.string(),
  buyer_email: z.string(),
  seller_email: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  price: z.number(),
  buyer_phone: z.string(),
  meetup: z.string(),
  booked_at: z.string().describe('ISO-8601'),
  status: BookingStatus,
  proposed_time: z.string().optional().describe('When the buyer proposed to meet (ISO-8601)'),
  status_changed_at: z
    .string()
    .optional()
    .describe('When it was last accepted, declined, cancelled or ended (ISO-8601)'),
  seller_id: z.string().describe("The seller's id: their profile is /seller/:id"),
  accepted_at: z
    .string()
    .optional()
    .describe('When the seller accepted it (ISO-8601): it stays accepted if the car is then sold'),
  reviewed: z
    .boolean()
    .describe(
      'Whether its buyer reviewed the seller. The buyer may once the seller accepted it and the proposed time has passed (`reviewStageOf`)',
    ),
  product_image: z
    .string()
    .optional()
    .describe("The car's cover picture, as its card shows it (absent once the car is erased)"),
});
export type BookingRecord = z.infer<typeof BookingRecord>;

export const BookingsQuery = PageQuery.extend({
  email: z.string().trim().min(1, 'This field is required'),
  type: z
    .enum(['buyer', 'seller'])
    .default('seller')
    .describe('buyer: the purchases; seller (default): the bookings received'),
  product_id: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("Only the bookings of this car: a car's page shows the buyer's own request"),
});

/** The messages of a booking's life on the integrator feed: public facts only, never the buyer. */
export const bookingFeedEvents = [
  z.object({ type: z.literal('CarBooked'), ...feedBase, bookingId: z.string(), price: z.number() }),
  // A booking's life, without its buyer: a declined, cancelled or ended one frees the car.
  z.object({ type: z.literal('BookingAccepted'), ...feedBase, bookingId: z.string() }),
  z.object({ type: z.literal('BookingDeclined'), ...feedBase, bookingId: z.string() }),
  z.object({
    type: z.literal('BookingCancelled'),
    ...feedBase,
    bookingId: z.string(),
    by: z.enum(['buyer', 'seller']),
  }),
  z.object({
    type: z.literal('BookingEnded'),
    ...feedBase,
    bookingId: z.string(),
    reason: z.enum(['car-sold', 'car-deleted']),
  }),
] as const;

// ---- a booking's life as integrators see it, on the feed and through webhooks

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
