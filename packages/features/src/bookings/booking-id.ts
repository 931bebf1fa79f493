import type { DomainEvent } from '../registry/events.ts';

/**
 * Which car a booking belongs to, from stream `booking-<id>`: a booking is decided on its car's
 * stream, and this is how a command that names only the booking finds that stream.
 */
export type BookingIdState = { status: 'free' } | { status: 'claimed'; carId: string };

export const initialBookingIdState = (): BookingIdState => ({ status: 'free' });

export const evolveBookingId = (state: BookingIdState, event: DomainEvent): BookingIdState =>
  event.type === 'BookingIdClaimed' ? { status: 'claimed', carId: event.data.carId } : state;
