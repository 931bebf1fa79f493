import type { CarState } from '../cars/index.ts';
import { requireListedCar } from '../cars/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { initialUserState, requireActiveActor } from '../users/index.ts';
import type { BookingIdState } from './booking-id.ts';
import { carBooked } from './events.ts';
import { reject } from './rules.ts';

/** The buyer is the actor; their name and email come from their user stream. */
export type BookCar = CommandOf<
  'BookCar',
  {
    carId: string;
    bookingId: string;
    buyerPhone: string;
    meetup: string;
    /** When the buyer proposes to meet (ISO-8601); the seller answers by accepting or not. */
    proposedTime?: string | null;
  }
>;

/**
 * A signed-in user (Buyer, Seller or Admin) asks to book someone else's car for a meetup: the
 * booking is requested, and the car is booked until the seller declines or a party cancels.
 * Decided on the car's stream, so of two concurrent bookings only one is appended.
 */
export const bookCar = ({
  command,
  actorUser,
  car,
  bookingId,
  seller,
}: {
  command: BookCar;
  /** `user-<actor.uid>`: the buyer */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
  /** `booking-<data.bookingId>` (new) */
  bookingId: BookingIdState;
  /** `user-<seller>`, once the car is read */
  seller: UserState;
}): Decision => {
  const { data } = command;
  const buyer = requireActiveActor(actorUser);
  const buyerPhone = required(data.buyerPhone, 'buyerPhone');
  const meetup = required(data.meetup, 'meetup');
  const listed = requireListedCar(car);
  const { carId, name, price, sellerId, sellerName, sellerEmail } = listed.car;
  if (sellerId === buyer.userId) reject('own-car', 'You cannot book your own car.');
  if (listed.hidden !== null || (seller.status === 'active' && seller.suspension !== null))
    reject('car-off-market', 'This car is off the market for now: it cannot be booked.');
  if (listed.booking) reject('car-already-booked', 'Already Booked');
  if (bookingId.status !== 'free') reject('booking-exists', `Booking ${data.bookingId} exists.`);
  return appendsOf([
    [
      streams.car(carId),
      carBooked({
        carId,
        bookingId: data.bookingId,
        carName: name,
        price,
        sellerId,
        sellerName,
        sellerEmail,
        buyerId: buyer.userId,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone,
        meetup,
        proposedTime: data.proposedTime ?? null,
      }),
    ],
    [
      streams.booking(data.bookingId),
      { type: 'BookingIdClaimed', data: { bookingId: data.bookingId, carId } },
    ],
  ]);
};

export const bookCarSlice = commandSlice({
  reads: (command: BookCar, read) => {
    const car = read.car(command.data.carId);
    return {
      actorUser: read.user(command.actor.uid),
      car,
      bookingId: read.booking(command.data.bookingId),
      seller: car.status === 'none' ? initialUserState() : read.user(car.car.sellerId),
    };
  },
  decide: bookCar,
});
