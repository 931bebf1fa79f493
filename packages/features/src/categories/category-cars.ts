import { type CarSet, carJoined, carLeft, emptyCarSet, liveCarsOf } from '../cars/index.ts';
import type { DomainEvent } from '../registry/events.ts';
import type { ActiveCategory } from './category.ts';

/**
 * The cars that joined and left a category, from stream `categorycars-<id>`. Listings add to
 * it without reading it, so it is read only where its whole content matters: deleting the
 * category, which must find none of its cars live.
 */
export type CategoryCarsState = CarSet;

export const initialCategoryCarsState = (): CarSet => emptyCarSet();

export const evolveCategoryCars = (
  state: CategoryCarsState,
  event: DomainEvent,
): CategoryCarsState => {
  switch (event.type) {
    case 'CategoryCarAdded':
      return carJoined(state, event.data.carId);
    case 'CategoryCarRemoved':
      return carLeft(state, event.data.carId);
    default:
      return state;
  }
};

/**
 * A category's live cars: those its own stream counted (a store written before the cars had a
 * stream of their own), and those that joined since, less those that left.
 */
export const liveCarIds = (category: ActiveCategory, cars: CategoryCarsState): string[] =>
  liveCarsOf(category.carIds, cars);
