import type { DomainEvent } from '../events.ts';
import type { ActiveUser } from './user.ts';

/**
 * The cars a seller listed and those that left (deleted or sold), from stream
 * `sellercars-<uid>`. Listings add to it without reading it, so a seller's listings never wait
 * on each other, and the seller's own stream does not grow with every car. It is read only
 * where its whole content matters: deleting the seller, whose live cars are withdrawn.
 */
export type SellerCarsState = { added: readonly string[]; removed: readonly string[] };

export const initialSellerCarsState = (): SellerCarsState => ({ added: [], removed: [] });

export const evolveSellerCars = (state: SellerCarsState, event: DomainEvent): SellerCarsState => {
  switch (event.type) {
    case 'SellerCarAdded':
      return { ...state, added: [...state.added, event.data.carId] };
    case 'SellerCarRemoved':
      return { ...state, removed: [...state.removed, event.data.carId] };
    default:
      return state;
  }
};

/**
 * A seller's live cars: those their user stream counted (a store written before the seller's
 * cars had a stream of their own), and those listed since, less those that left. A car joins
 * once and leaves once, so the order of the two streams does not matter.
 */
export const liveSellerCarIds = (seller: ActiveUser, cars: SellerCarsState): string[] => {
  const live = new Set([...seller.carIds, ...cars.added]);
  for (const carId of cars.removed) live.delete(carId);
  return [...live];
};
