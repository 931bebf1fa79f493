import { type BookingStatus, isOpenBooking } from '../platform/rules.ts';
import type { DomainEvent, EventDataOf } from '../registry/events.ts';

export type CarDetails = EventDataOf<'CarListed'>;

export type Booking = { bookingId: string; buyerId: string; status: BookingStatus };

/** A booking that still holds its car: requested or accepted. */
export const isOpen = (booking: Booking): boolean => isOpenBooking(booking.status);

/**
 * A car, from stream `car-<id>`. Its bookings are decided here, so at most one is open: while
 * one is requested or accepted, nobody else can book the car.
 */
export type CarState =
  | { status: 'none' }
  | {
      status: 'listed' | 'sold' | 'deleted';
      /** The listing as it stands now: edits and price changes applied. */
      car: CarDetails;
      /** Its pictures in order; the first is the cover (`car.image`). */
      images: readonly string[];
      advertised: boolean;
      /** The open booking, if any. */
      booking: Booking | null;
      /** Every booking ever made for the car, by id. */
      bookings: Readonly<Record<string, Booking>>;
    };

export type ExistingCar = Exclude<CarState, { status: 'none' }>;

export const initialCarState = (): CarState => ({ status: 'none' });

const withBooking = (state: ExistingCar, bookingId: string, status: BookingStatus): CarState => {
  const booking = state.bookings[bookingId];
  if (!booking) return state;
  const changed = { ...booking, status };
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

/** What an edit changed, without its `carId` and without the fields it left out. */
const changedFields = (data: EventDataOf<'CarDetailsChanged'>): Partial<CarDetails> => {
  const { carId: _, ...fields } = data;
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<CarDetails>;
};

export const evolveCar = (state: CarState, event: DomainEvent): CarState => {
  if (event.type === 'CarListed') {
    return {
      status: 'listed',
      car: event.data,
      images: [event.data.image],
      advertised: false,
      booking: null,
      bookings: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CarAdvertised':
      return { ...state, advertised: true };
    case 'CarBooked': {
      const booking: Booking = {
        bookingId: event.data.bookingId,
        buyerId: event.data.buyerId,
        status: 'requested',
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
    case 'CarPriceChanged':
      return { ...state, car: { ...state.car, price: event.data.price } };
    case 'CarDetailsChanged':
      return { ...state, car: { ...state.car, ...changedFields(event.data) } };
    case 'CarPhotosChanged': {
      const { images } = event.data;
      return { ...state, images, car: { ...state.car, image: images[0] ?? state.car.image } };
    }
    case 'CarSold':
      return { ...state, status: 'sold' };
    case 'CarDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
};
