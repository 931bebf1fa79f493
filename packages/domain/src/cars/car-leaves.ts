import { type CategoryState, initialCategoryState } from '../categories/category.ts';
import { type DomainEvent, streams } from '../events.ts';
import type { StreamReads } from '../stream-state.ts';
import { initialUserState, type UserState } from '../users/user.ts';
import type { CarState, ExistingCar } from './car.ts';

/**
 * A car, with its category and its seller as their streams stand: what a decision that takes a
 * car off the market (deleting or selling it) reads. Both are known from the car's stream.
 */
export const readCarWithOwners = (read: StreamReads, carId: string) => {
  const car: CarState = read.car(carId);
  const owners: { category: CategoryState; seller: UserState } =
    car.status === 'none'
      ? { category: initialCategoryState(), seller: initialUserState() }
      : { category: read.category(car.car.categoryId), seller: read.user(car.car.sellerId) };
  return { car, ...owners };
};

/** The car leaves its category's and its seller's live cars, where they still count it. */
export const leaveCategoryAndSeller = (
  { car: { carId, categoryId, sellerId } }: ExistingCar,
  category: CategoryState,
  seller: UserState,
): [string, DomainEvent][] => [
  ...(category.status === 'active' && category.carIds.includes(carId)
    ? [
        [
          streams.category(categoryId),
          { type: 'CategoryCarRemoved', data: { categoryId, carId } },
        ] as [string, DomainEvent],
      ]
    : []),
  ...(seller.status === 'active' && seller.carIds.includes(carId)
    ? [
        [
          streams.user(sellerId),
          { type: 'SellerCarRemoved', data: { userId: sellerId, carId } },
        ] as [string, DomainEvent],
      ]
    : []),
];
