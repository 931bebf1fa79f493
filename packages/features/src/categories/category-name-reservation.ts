import type { DomainEvent } from '../registry/events.ts';
import type { ActiveCategory, CategoryState } from './category.ts';
import { reject } from './rules.ts';

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

/**
 * The live category a name given in a command claims (a car listed in it), the command's
 * `field` at fault when there is none.
 */
export const requireNamedCategory = (
  name: string,
  field: string,
  reservation: CategoryNameReservationState,
  category: CategoryState,
): ActiveCategory => {
  if (reservation.status !== 'claimed' || category.status !== 'active')
    return reject('category-not-found', `There is no category named ${name}.`, field);
  if (category.categoryId !== reservation.categoryId)
    throw new Error('requireNamedCategory: the category given is not the one its name claims');
  return category;
};
