import type { DomainEvent } from '../registry/events.ts';

/**
 * Unique category names (case-insensitive), from stream `category-name-<lowercased name>`.
 * A released name is free again for a new category.
 */
export type CategoryNameReservationState =
  | { status: 'free' }
  | { status: 'claimed'; name: string; categoryId: string };

export const initialCategoryNameReservationState = (): CategoryNameReservationState => ({
  status: 'free',
});

export const evolveCategoryNameReservation = (
  state: CategoryNameReservationState,
  event: DomainEvent,
): CategoryNameReservationState => {
  switch (event.type) {
    case 'CategoryNameClaimed':
      return { status: 'claimed', name: event.data.name, categoryId: event.data.categoryId };
    case 'CategoryNameReleased':
      return { status: 'free' };
    default:
      return state;
  }
};
