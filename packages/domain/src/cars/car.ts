import type { DomainEvent, EventDataOf } from '../events.ts';

export type CarDetails = EventDataOf<'CarListed'>;
export type Booking = { bookingId: string; buyerId: string };

/** A car, from stream `car-<id>`. Its bookings are decided here, so there is at most one. */
export type CarState =
  | { status: 'none' }
  | {
      status: 'listed' | 'deleted';
      car: CarDetails;
      advertised: boolean;
      booking: Booking | null;
    };

export type ExistingCar = Exclude<CarState, { status: 'none' }>;

export const initialCarState = (): CarState => ({ status: 'none' });

export const evolveCar = (state: CarState, event: DomainEvent): CarState => {
  switch (event.type) {
    case 'CarListed':
      return { status: 'listed', car: event.data, advertised: false, booking: null };
    case 'CarAdvertised':
      return state.status === 'none' ? state : { ...state, advertised: true };
    case 'CarBooked':
      return state.status === 'none'
        ? state
        : {
            ...state,
            booking: { bookingId: event.data.bookingId, buyerId: event.data.buyerId },
          };
    case 'CarDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
};
