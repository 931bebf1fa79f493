import { type CarSet, carJoined, carLeft, emptyCarSet, liveCarsOf } from '../cars/index.ts';
import type { DomainEvent } from '../registry/events.ts';
import type { ActiveUser } from './user.ts';

/**
 * The cars a seller listed and those that left (deleted or sold), from stream
 * `sellercars-<uid>`. Listings add to it without reading it, so a seller's listings never wait
 * on each other, and the seller's own stream does not grow with every car. It is read only
 * where its whole content matters: deleting the seller, whose live cars are withdrawn.
 */
export type SellerCarsState = CarSet;

export const initialSellerCarsState = (): CarSet => emptyCarSet();

export const evolveSellerCars = (state: SellerCarsState, event: DomainEvent): SellerCarsState => {
  switch (event.type) {
    case 'SellerCarAdded':
      return carJoined(state, event.data.carId);
    case 'SellerCarRemoved':
      return carLeft(state, event.data.carId);
    default:
      return state;
  }
};

/**
 * A seller's live cars: those their user stream counted (a store written before the seller's
 * cars had a stream of their own), and those listed since, less those that left.
 */
export const liveSellerCarIds = (seller: ActiveUser, cars: SellerCarsState): string[] =>
  liveCarsOf(seller.carIds, cars);
