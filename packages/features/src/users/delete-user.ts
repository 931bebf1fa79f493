import { endOpenBooking } from '../bookings/index.ts';
import type { CarState } from '../cars/index.ts';
import { type AppendPair, appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { type DomainEvent, streams } from '../registry/events.ts';
import { requireAdmin } from './authorization.ts';
import { type EmailReservationState, initialEmailReservationState } from './email-reservation.ts';
import { reject } from './rules.ts';
import { liveSellerCarIds, type SellerCarsState } from './seller-cars.ts';
import type { UserState } from './user.ts';

export type DeleteUser = CommandOf<'DeleteUser', { userId: string }>;

/**
 * An admin deletes a user: the account goes, its email is free again, and every live car of
 * theirs is withdrawn from the marketplace and from its category.
 */
export const deleteUser = ({
  command,
  actorUser,
  user,
  email,
  sellerCars,
  cars,
}: {
  command: DeleteUser;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `user-<data.userId>` */
  user: UserState;
  /** `email-<user.email>` (free when the user does not exist) */
  email: EmailReservationState;
  /** `sellercars-<data.userId>` */
  sellerCars: SellerCarsState;
  /** `car-<id>` of every live car of the user (`liveSellerCarIds`), by car id */
  cars: Readonly<Record<string, CarState>>;
}): Decision => {
  const { actor, data } = command;
  requireAdmin(actor, actorUser);
  if (data.userId === actor.uid)
    reject('admin-cannot-delete-self', 'An admin cannot delete their own account.');
  if (user.status !== 'active') reject('user-not-found', 'No such user.');

  const { userId } = user;
  const pairs: [string, DomainEvent][] = [
    [streams.user(userId), { type: 'UserDeleted', data: { userId, email: user.email } }],
  ];
  if (email.status === 'claimed' && email.userId === userId)
    pairs.push([
      streams.email(user.email),
      { type: 'EmailReleased', data: { email: email.email, userId } },
    ]);

  const fromCategories: AppendPair[] = [];
  for (const carId of liveSellerCarIds(user, sellerCars)) {
    const car = cars[carId];
    if (!car) throw new Error(`deleteUser: the state of car-${carId} was not given`);
    // A sold car has left the marketplace already, and stays as it was.
    if (car.status !== 'listed') continue;
    const { categoryId } = car.car;
    pairs.push([
      streams.car(carId),
      {
        type: 'CarDeleted',
        data: { carId, sellerId: userId, categoryId, reason: 'seller-deleted' },
      },
    ]);
    pairs.push(...endOpenBooking(car, 'car-deleted'));
    // A listed car leaves its category's cars (added to without reading them); a sold one
    // has left them already.
    if (car.status === 'listed')
      fromCategories.push([
        streams.categoryCars(categoryId),
        { type: 'CategoryCarRemoved', data: { categoryId, carId } },
        'any',
      ]);
  }
  return appendsOf([...pairs, ...fromCategories]);
};

/** The user's email is known from their stream, and their cars from both of their streams. */
export const deleteUserSlice = commandSlice({
  reads: (command: DeleteUser, read) => {
    const actorUser = read.user(command.actor.uid);
    const user = read.user(command.data.userId);
    // Read, not written: a car listed meanwhile changes it, and this deletion is tried again.
    const sellerCars = read.sellerCars(command.data.userId);
    const email =
      user.status === 'active' ? read.email(user.email) : initialEmailReservationState();
    const cars: Record<string, CarState> = {};
    if (user.status === 'active')
      for (const carId of liveSellerCarIds(user, sellerCars)) {
        cars[carId] = read.car(carId);
      }
    return { actorUser, user, email, sellerCars, cars };
  },
  decide: deleteUser,
});
