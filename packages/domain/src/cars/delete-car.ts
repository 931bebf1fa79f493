import { isSystem, requireActiveActor } from '../authorization.ts';
import { type CategoryState, initialCategoryState } from '../categories/category.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { type DomainEvent, streams } from '../events.ts';
import { type CommandOf, commandSlice } from '../slice.ts';
import { initialUserState, type UserState } from '../users/user.ts';
import { endOpenBooking } from './bookings.ts';
import type { CarState } from './car.ts';
import { requireExistingCar } from './find-car.ts';

export type DeleteCar = CommandOf<'DeleteCar', { carId: string }>;

/**
 * Its seller or an admin deletes a car (booked, sold or not); it leaves its category and
 * seller, and its open booking ends.
 */
export const deleteCar = ({
  command,
  actorUser,
  car,
  category,
  seller,
}: {
  command: DeleteCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
  /** `category-<car.categoryId>` (none when the car does not exist) */
  category: CategoryState;
  /** `user-<car.sellerId>` (unregistered when the car does not exist) */
  seller: UserState;
}): Decision => {
  const { actor } = command;
  const user = isSystem(actor) ? null : requireActiveActor(actorUser);
  const listed = requireExistingCar(car);
  const { carId, sellerId, categoryId } = listed.car;
  if (user && user.userId !== sellerId && user.role !== 'Admin')
    reject('not-car-owner-or-admin', 'Only the seller of this car or an admin can delete it.');

  const pairs: [string, DomainEvent][] = [
    [
      streams.car(carId),
      { type: 'CarDeleted', data: { carId, sellerId, categoryId, reason: 'deleted' } },
    ],
    ...endOpenBooking(listed, 'car-deleted'),
  ];
  if (category.status === 'active' && category.carIds.includes(carId))
    pairs.push([
      streams.category(categoryId),
      { type: 'CategoryCarRemoved', data: { categoryId, carId } },
    ]);
  if (seller.status === 'active' && seller.carIds.includes(carId))
    pairs.push([
      streams.user(sellerId),
      { type: 'SellerCarRemoved', data: { userId: sellerId, carId } },
    ]);
  return appendsOf(pairs);
};

/** The car's category and seller are known from the car's stream. */
export const deleteCarSlice = commandSlice({
  reads: (command: DeleteCar, read) => {
    const actorUser = read.user(command.actor.uid);
    const car = read.car(command.data.carId);
    return car.status === 'none'
      ? { actorUser, car, category: initialCategoryState(), seller: initialUserState() }
      : {
          actorUser,
          car,
          category: read.category(car.car.categoryId),
          seller: read.user(car.car.sellerId),
        };
  },
  decide: deleteCar,
});
