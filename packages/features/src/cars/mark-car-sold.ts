import { endOpenBooking } from '../bookings/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { CarState } from './car.ts';
import { leaveCategoryAndSeller, readCarWithOwners } from './car-leaves.ts';
import { requireListedCar, requireOwnCar } from './find-car.ts';

export type MarkCarSold = CommandOf<'MarkCarSold', { carId: string }>;

/**
 * The car's seller marks it sold: it leaves search, Recommended and its category's live cars,
 * stays readable by its address as sold, and its open booking ends.
 */
export const markCarSold = ({
  actorUser,
  car,
  seller,
}: {
  command: MarkCarSold;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
  /** `user-<car.sellerId>`, the actor when they may do this */
  seller: UserState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const listed = requireListedCar(car);
  requireOwnCar(listed, user, 'Only the seller of this car can sell it.');
  const { carId, sellerId, categoryId } = listed.car;
  return appendsOf([
    [streams.car(carId), { type: 'CarSold', data: { carId, sellerId, categoryId } }],
    ...endOpenBooking(listed, 'car-sold'),
    ...leaveCategoryAndSeller(listed, seller),
  ]);
};

/** The car's seller is known from the car's stream. */
export const markCarSoldSlice = commandSlice({
  reads: (command: MarkCarSold, read) => ({
    actorUser: read.user(command.actor.uid),
    ...readCarWithOwners(read, command.data.carId),
  }),
  decide: markCarSold,
});
