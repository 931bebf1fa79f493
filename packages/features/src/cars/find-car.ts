import type { ActiveUser } from '../users/index.ts';
import type { CarState, ExistingCar } from './car.ts';
import { reject } from './rules.ts';

/** The car, if it exists: a car that never existed and a deleted one are both not found. */
export const requireExistingCar = (car: CarState): ExistingCar => {
  if (car.status === 'none') return reject('car-not-found', 'No such car.');
  if (car.status === 'deleted') return reject('car-deleted', 'This car was deleted.');
  return car;
};

/** The car, if it is still for sale: existing, and not sold; `soldRefusal` says why not. */
export const requireListedCar = (
  car: CarState,
  soldRefusal = 'This car was sold.',
): ExistingCar => {
  const existing = requireExistingCar(car);
  if (existing.status === 'sold') reject('car-sold', soldRefusal);
  return existing;
};

/**
 * A car known to have been listed (a reported one), if it is still there: gone, whether deleted
 * or its stream emptied since, it was deleted.
 */
export const requireRemainingCar = (car: CarState): ExistingCar => {
  if (car.status === 'none' || car.status === 'deleted')
    return reject('car-deleted', 'This car was deleted.');
  return car;
};

/** Only the car's own seller may do this; `refusal` says what, for anyone else. */
export const requireOwnCar = (car: ExistingCar, user: ActiveUser, refusal: string): void => {
  if (car.car.sellerId !== user.userId) reject('not-car-owner', refusal);
};
