import { endOpenBooking } from '../bookings/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { isSystem, requireActiveActor } from '../users/index.ts';
import type { CarState } from './car.ts';
import { leaveCategoryAndSeller, readCarWithOwners } from './car-leaves.ts';
import { requireExistingCar } from './find-car.ts';
import { reject } from './rules.ts';

export type DeleteCar = CommandOf<'DeleteCar', { carId: string }>;

/**
 * Its seller or an admin deletes a car (booked, sold or not); it leaves its category and
 * seller, and its open booking ends.
 */
export const deleteCar = ({
  command,
  actorUser,
  car,
  seller,
}: {
  command: DeleteCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
  /** `user-<car.sellerId>` (unregistered when the car does not exist) */
  seller: UserState;
}): Decision => {
  const { actor } = command;
  const user = isSystem(actor) ? null : requireActiveActor(actorUser);
  const listed = requireExistingCar(car);
  const { carId, sellerId, categoryId } = listed.car;
  if (user && user.userId !== sellerId && user.role !== 'Admin')
    reject('not-car-owner-or-admin', 'Only the seller of this car or an admin can delete it.');

  return appendsOf([
    [
      streams.car(carId),
      { type: 'CarDeleted', data: { carId, sellerId, categoryId, reason: 'deleted' } },
    ],
    ...endOpenBooking(listed, 'car-deleted'),
    ...leaveCategoryAndSeller(listed, seller),
  ]);
};

/** The car's seller is known from the car's stream. */
export const deleteCarSlice = commandSlice({
  reads: (command: DeleteCar, read) => ({
    actorUser: read.user(command.actor.uid),
    ...readCarWithOwners(read, command.data.carId),
  }),
  decide: deleteCar,
});
