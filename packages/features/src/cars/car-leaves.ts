import type { AppendPair } from '../platform/decision.ts';
import { streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import { initialUserState, type UserState } from '../users/index.ts';
import type { CarState, ExistingCar } from './car.ts';

/**
 * A car, with its seller as their stream stands: what a decision that takes a car off the
 * market (deleting or selling it) reads. The seller is known from the car's stream.
 */
export const readCarWithOwners = (read: StreamReads, carId: string) => {
  const car: CarState = read.car(carId);
  const seller: UserState =
    car.status === 'none' ? initialUserState() : read.user(car.car.sellerId);
  return { car, seller };
};

/**
 * A listed car leaves its category's live cars and its seller's (both added to without being
 * read, as a listing adds to them). A car sold or deleted before has left them already; a
 * seller whose account is gone keeps no list.
 */
export const leaveCategoryAndSeller = (car: ExistingCar, seller: UserState): AppendPair[] => {
  if (car.status !== 'listed') return [];
  const { carId, categoryId, sellerId } = car.car;
  return [
    [
      streams.categoryCars(categoryId),
      { type: 'CategoryCarRemoved', data: { categoryId, carId } },
      'any',
    ],
    ...(seller.status === 'active'
      ? [
          [
            streams.sellerCars(sellerId),
            { type: 'SellerCarRemoved', data: { userId: sellerId, carId } },
            'any',
          ] as const,
        ]
      : []),
  ];
};
