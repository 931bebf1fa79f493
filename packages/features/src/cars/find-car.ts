import { reject } from '../platform/domain-error.ts';
import type { CarState, ExistingCar } from './car.ts';

/** The car, if it exists: a car that never existed and a deleted one are both not found. */
export const requireExistingCar = (car: CarState): ExistingCar => {
  if (car.status === 'none') return reject('car-not-found', 'No such car.');
  if (car.status === 'deleted') return reject('car-deleted', 'This car was deleted.');
  return car;
};

/** The car, if it is still for sale: existing, and not sold. */
export const requireListedCar = (car: CarState): ExistingCar => {
  const existing = requireExistingCar(car);
  if (existing.status === 'sold') reject('car-sold', 'This car was sold.');
  return existing;
};
