import { z } from 'zod';
import { id, money } from '../platform/event-fields.ts';
import {
  ERASED_CONTACT,
  ERASED_NAME,
  type PersonalValues,
  personalField,
} from '../platform/personal-data.ts';

// ---- booking ids: stream `booking-<id>`, which says which car's stream decides the booking

export const BookingIdClaimed = z.object({ bookingId: id, carId: id });

// ---- bookings: decided on their car's stream `car-<id>`

/** CarBooked version 1: a booking as the marketplace first took it, a request with no time. */
export const CarBookedV1 = z.object({
  carId: id,
  bookingId: id,
  carName: z.string(),
  price: money,
  sellerId: id,
  sellerName: z.string(),
  sellerEmail: z.string(),
  buyerId: id,
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string(),
  meetup: z.string(),
});
/**
 * CarBooked version 2: a buyer asks for a meetup, and may propose when (ISO-8601, null when
 * not proposed). The booking is requested; the seller then accepts or declines it. While it is
 * requested or accepted, the car is booked and nobody else can book it.
 */
export const CarBooked = CarBookedV1.extend({ proposedTime: z.iso.datetime().nullable() });
/** A CarBooked event of the newest version: a booking as it is requested. */
export const carBooked = (data: z.infer<typeof CarBooked>) => ({
  type: 'CarBooked' as const,
  data,
});

/** The parties of a booking, carried by every event of its life. */
const bookingParties = { carId: id, bookingId: id, sellerId: id, buyerId: id };
export const BookingAccepted = z.object(bookingParties);
export const BookingDeclined = z.object(bookingParties);
/** A party cancels: the buyer a requested or accepted booking, the seller an accepted one. */
export const BookingCancelled = z.object({
  ...bookingParties,
  by: z.enum(['buyer', 'seller']),
});
/** A booking ends because its car went: sold, deleted, or withdrawn with its seller's account. */
export const BookingEnded = z.object({
  ...bookingParties,
  reason: z.enum(['car-sold', 'car-deleted']),
});

/** The booking events integrators see (the feed, webhooks), in the order the feed documents them. */
export const bookingFeedEventTypes = [
  'CarBooked',
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingEnded',
] as const;

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const bookingEvents = {
  CarBooked,
  BookingIdClaimed,
  BookingAccepted,
  BookingDeclined,
  BookingCancelled,
  BookingEnded,
} as const;

/** The personal values of this feature's events: each party's own name and contact. */
export const bookingPersonalValues: PersonalValues = {
  CarBooked: [
    personalField('sellerName', 'sellerId', ERASED_NAME),
    personalField('sellerEmail', 'sellerId', ERASED_CONTACT),
    personalField('buyerName', 'buyerId', ERASED_NAME),
    personalField('buyerEmail', 'buyerId', ERASED_CONTACT),
    personalField('buyerPhone', 'buyerId', ERASED_CONTACT),
  ],
};
