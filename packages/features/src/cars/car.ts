import { type CarBookings, evolveCarBookings } from '../bookings/index.ts';
import type { DomainEvent, EventDataOf } from '../registry/events.ts';

export type CarDetails = EventDataOf<'CarListed'>;

/**
 * A car, from stream `car-<id>`. Its bookings are decided here, so at most one is open: while
 * one is requested or accepted, nobody else can book the car (see `CarBookings`).
 */
export type CarState =
  | { status: 'none' }
  | ({
      status: 'listed' | 'sold' | 'deleted';
      /** The listing as it stands now: edits and price changes applied. */
      car: CarDetails;
      /** Its pictures in order; the first is the cover (`car.image`). */
      images: readonly string[];
      advertised: boolean;
      /** Off the market pending review, and why; null while it is on the market. */
      hidden: { reason: string; by: 'moderator' | 'reports' } | null;
      /**
       * Its listing's term: 0 as listed, one more at each renewal. An expiry decided for an
       * earlier term (before a renewal) changes nothing.
       */
      term: number;
      /** Whether its seller was told this term is ending, and whether it ended. */
      warned: boolean;
      expired: boolean;
    } & CarBookings);

export type ExistingCar = Exclude<CarState, { status: 'none' }>;

export const initialCarState = (): CarState => ({ status: 'none' });

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
      hidden: null,
      term: 0,
      warned: false,
      expired: false,
      booking: null,
      bookings: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CarAdvertised':
      return { ...state, advertised: true };
    case 'CarPriceChanged':
      return { ...state, car: { ...state.car, price: event.data.price } };
    case 'CarDetailsChanged':
      return { ...state, car: { ...state.car, ...changedFields(event.data) } };
    case 'CarPhotosChanged': {
      const { images } = event.data;
      return { ...state, images, car: { ...state.car, image: images[0] ?? state.car.image } };
    }
    case 'CarHidden':
      return { ...state, hidden: { reason: event.data.reason, by: event.data.by } };
    case 'CarRestored':
      return { ...state, hidden: null };
    case 'CarExpiryNear':
      return { ...state, warned: true };
    case 'CarExpired':
      return { ...state, expired: true };
    case 'CarRenewed':
      return { ...state, term: event.data.term, warned: false, expired: false };
    case 'CarSold':
      return { ...state, status: 'sold' };
    case 'CarDeleted':
      return { ...state, status: 'deleted' };
    default:
      return evolveCarBookings(state, event);
  }
};
