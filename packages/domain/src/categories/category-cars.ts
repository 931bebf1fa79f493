import type { DomainEvent } from '../events.ts';
import type { ActiveCategory } from './category.ts';

/**
 * The cars that joined and left a category, from stream `categorycars-<id>`. Listings add to
 * it without reading it, so it is read only where its whole content matters: deleting the
 * category, which must find none of its cars live.
 */
export type CategoryCarsState = { added: readonly string[]; removed: readonly string[] };

export const initialCategoryCarsState = (): CategoryCarsState => ({ added: [], removed: [] });

export const evolveCategoryCars = (
  state: CategoryCarsState,
  event: DomainEvent,
): CategoryCarsState => {
  switch (event.type) {
    case 'CategoryCarAdded':
      return { ...state, added: [...state.added, event.data.carId] };
    case 'CategoryCarRemoved':
      return { ...state, removed: [...state.removed, event.data.carId] };
    default:
      return state;
  }
};

/**
 * A category's live cars: those its own stream counted (a store written before the cars had a
 * stream of their own), and those that joined since, less those that left. A car joins once
 * and leaves once, so the order of the two streams does not matter.
 */
export const liveCarIds = (category: ActiveCategory, cars: CategoryCarsState): string[] => {
  const live = new Set([...category.carIds, ...cars.added]);
  for (const carId of cars.removed) live.delete(carId);
  return [...live];
};
