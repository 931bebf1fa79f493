import type { CarState } from '../cars/index.ts';
import { requireListedCar } from '../cars/index.ts';
import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { MemberState } from './member.ts';
import { reject } from './rules.ts';

/** How many cars one member may keep as favourites. */
export const MAX_FAVOURITES = 500;

export type FavouriteCar = CommandOf<'FavouriteCar', { carId: string }>;
export type UnfavouriteCar = CommandOf<'UnfavouriteCar', { carId: string }>;

/**
 * A signed-in user keeps a car that is for sale as a favourite, to hear when its price drops or
 * it is sold. Again: no change.
 */
export const favouriteCar = ({
  actorUser,
  member,
  car,
}: {
  command: FavouriteCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `member-<actor.uid>` */
  member: MemberState;
  /** `car-<data.carId>` */
  car: CarState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { carId } = requireListedCar(car).car;
  if (member.favourites.has(carId)) return nothing();
  if (member.favourites.size >= MAX_FAVOURITES)
    reject('too-many-favourites', `Keep at most ${MAX_FAVOURITES} favourites.`);
  return appendsOf([
    [streams.member(user.userId), { type: 'CarFavourited', data: { userId: user.userId, carId } }],
  ]);
};

/** A user lets a favourite go, whatever became of the car. Not a favourite: no change. */
export const unfavouriteCar = ({
  command,
  actorUser,
  member,
}: {
  command: UnfavouriteCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `member-<actor.uid>` */
  member: MemberState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { carId } = command.data;
  if (!member.favourites.has(carId)) return nothing();
  return appendsOf([
    [
      streams.member(user.userId),
      { type: 'CarUnfavourited', data: { userId: user.userId, carId } },
    ],
  ]);
};

export const favouriteCarSlice = commandSlice({
  reads: (command: FavouriteCar, read) => ({
    actorUser: read.user(command.actor.uid),
    member: read.member(command.actor.uid),
    car: read.car(command.data.carId),
  }),
  decide: favouriteCar,
});

export const unfavouriteCarSlice = commandSlice({
  reads: (command: UnfavouriteCar, read) => ({
    actorUser: read.user(command.actor.uid),
    member: read.member(command.actor.uid),
  }),
  decide: unfavouriteCar,
});
