import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { CarState } from './car.ts';
import { requireListedCar, requireOwnCar } from './find-car.ts';
import { reject } from './rules.ts';

export type AdvertiseCar = CommandOf<'AdvertiseCar', { carId: string }>;

/**
 * The car's own seller puts it in Recommended Cars, once. A booked car is not advertised:
 * nobody else can book it, so advertising it would only mislead.
 */
export const advertiseCar = ({
  actorUser,
  car,
}: {
  command: AdvertiseCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const listed = requireListedCar(car);
  requireOwnCar(listed, user, 'Only the seller of this car can advertise it.');
  const { carId } = listed.car;
  if (listed.advertised) reject('already-advertised', 'Already in Advertisement');
  if (listed.booking)
    reject('car-booked', 'This car is already booked, so it cannot be advertised.');
  return appendsOf([[streams.car(carId), { type: 'CarAdvertised', data: { carId } }]]);
};

export const advertiseCarSlice = commandSlice({
  reads: (command: AdvertiseCar, read) => ({
    actorUser: read.user(command.actor.uid),
    car: read.car(command.data.carId),
  }),
  decide: advertiseCar,
});
