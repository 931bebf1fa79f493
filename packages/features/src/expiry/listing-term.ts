import type { CarState } from '../cars/index.ts';
import { requireListedCar, requireOwnCar } from '../cars/index.ts';
import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { type Actor, streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor, requireSystem } from '../users/index.ts';

/** The seller starts a new term of their listing: back on the market for `LISTING_DAYS`. */
export type RenewCar = CommandOf<'RenewCar', { carId: string }>;
/** The expiry schedule tells a seller their listing's term `term` ends at `expiresAt`. */
export type WarnCarExpiry = CommandOf<
  'WarnCarExpiry',
  { carId: string; term: number; expiresAt: string }
>;
/** The expiry schedule ends the listing's term `term`. */
export type ExpireCar = CommandOf<'ExpireCar', { carId: string; term: number }>;

/**
 * Only the expiry schedule (the System) warns and expires; what it asks changes nothing unless
 * the car is still for sale in that same term, not yet told or ended.
 */
const scheduleAsks = (actor: Actor, car: CarState, term: number) => {
  requireSystem(actor, 'Only the expiry schedule ends a listing.');
  if (car.status !== 'listed' || car.term !== term || car.expired) return undefined;
  return car;
};

export const warnCarExpiry = (input: { command: WarnCarExpiry; car: CarState }): Decision => {
  const { command } = input;
  const car = scheduleAsks(command.actor, input.car, command.data.term);
  if (!car || car.warned) return nothing();
  const { carId, sellerId } = car.car;
  const { term, expiresAt } = command.data;
  return appendsOf([
    [streams.car(carId), { type: 'CarExpiryNear', data: { carId, sellerId, term, expiresAt } }],
  ]);
};

/**
 * Ends the term: the car leaves the market. A car with an open booking waits: it expires once
 * the booking is over, at the schedule's next look.
 */
export const expireCar = (input: { command: ExpireCar; car: CarState }): Decision => {
  const { command } = input;
  const car = scheduleAsks(command.actor, input.car, command.data.term);
  if (!car || car.booking) return nothing();
  const { carId, sellerId } = car.car;
  return appendsOf([
    [streams.car(carId), { type: 'CarExpired', data: { carId, sellerId, term: car.term } }],
  ]);
};

/** Its seller renews a car for sale, expired or not: a new term begins now. */
export const renewCar = (input: {
  command: RenewCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
}): Decision => {
  const seller = requireActiveActor(input.actorUser);
  const listed = requireListedCar(input.car);
  requireOwnCar(listed, seller, 'Only the seller of this car can renew it.');
  const { carId, sellerId } = listed.car;
  return appendsOf([
    [streams.car(carId), { type: 'CarRenewed', data: { carId, sellerId, term: listed.term + 1 } }],
  ]);
};

const carRead = (command: { data: { carId: string } }, read: StreamReads) => ({
  car: read.car(command.data.carId),
});

export const warnCarExpirySlice = commandSlice({
  reads: (command: WarnCarExpiry, read: StreamReads) => carRead(command, read),
  decide: warnCarExpiry,
});

export const expireCarSlice = commandSlice({
  reads: (command: ExpireCar, read: StreamReads) => carRead(command, read),
  decide: expireCar,
});

export const renewCarSlice = commandSlice({
  reads: (command: RenewCar, read: StreamReads) => ({
    actorUser: read.user(command.actor.uid),
    ...carRead(command, read),
  }),
  decide: renewCar,
});
