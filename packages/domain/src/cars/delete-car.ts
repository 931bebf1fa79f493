import { isSystem, requireActiveActor } from '../authorization.ts';
import type { CategoryState } from '../categories/category.ts';
import type { DeleteCar } from '../commands.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { type DomainEvent, streams } from '../events.ts';
import type { UserState } from '../users/user.ts';
import type { CarState } from './car.ts';
import { requireListedCar } from './find-car.ts';

/** Its seller or an admin deletes a car (booked or not); it leaves its category and seller. */
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
  const listed = requireListedCar(car);
  const { carId, sellerId, categoryId } = listed.car;
  if (user && user.userId !== sellerId && user.role !== 'Admin')
    reject('not-car-owner-or-admin', 'Only the seller of this car or an admin can delete it.');

  const pairs: [string, DomainEvent][] = [
    [
      streams.car(carId),
      { type: 'CarDeleted', data: { carId, sellerId, categoryId, reason: 'deleted' } },
    ],
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
