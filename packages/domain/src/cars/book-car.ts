import { requireActiveActor } from '../authorization.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { streams } from '../events.ts';
import { type CommandOf, commandSlice } from '../slice.ts';
import type { UserState } from '../users/user.ts';
import { required } from '../validation.ts';
import type { CarState } from './car.ts';
import { requireListedCar } from './find-car.ts';

/** The buyer is the actor; their name and email come from their user stream. */
export type BookCar = CommandOf<
  'BookCar',
  { carId: string; bookingId: string; buyerPhone: string; meetup: string }
>;

/**
 * A signed-in user (Buyer, Seller or Admin) books someone else's car for a meetup. Decided on
 * the car's stream, so of two concurrent bookings only one is appended.
 */
export const bookCar = ({
  command,
  actorUser,
  car,
}: {
  command: BookCar;
  /** `user-<actor.uid>`: the buyer */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
}): Decision => {
  const { data } = command;
  const buyer = requireActiveActor(actorUser);
  const buyerPhone = required(data.buyerPhone, 'buyerPhone');
  const meetup = required(data.meetup, 'meetup');
  const listed = requireListedCar(car);
  const { carId, name, price, sellerId, sellerName, sellerEmail } = listed.car;
  if (sellerId === buyer.userId) reject('own-car', 'You cannot book your own car.');
  if (listed.booking) reject('car-already-booked', 'Already Booked');
  return appendsOf([
    [
      streams.car(carId),
      {
        type: 'CarBooked',
        data: {
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
        },
      },
    ],
  ]);
};

export const bookCarSlice = commandSlice({
  reads: (command: BookCar, read) => ({
    actorUser: read.user(command.actor.uid),
    car: read.car(command.data.carId),
  }),
  decide: bookCar,
});
