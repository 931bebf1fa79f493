import type { DomainEvent } from '../registry/events.ts';

/** A category, from stream `category-<id>`. */
export type CategoryState =
  | { status: 'none' }
  | {
      status: 'active';
      categoryId: string;
      name: string;
      /** Ids of its cars that are not deleted: a category with any cannot be deleted. */
      carIds: readonly string[];
    }
  | { status: 'deleted'; categoryId: string; name: string };

export type ActiveCategory = Extract<CategoryState, { status: 'active' }>;

export const initialCategoryState = (): CategoryState => ({ status: 'none' });

export const evolveCategory = (state: CategoryState, event: DomainEvent): CategoryState => {
  switch (event.type) {
    case 'CategoryCreated':
      return {
        status: 'active',
        categoryId: event.data.categoryId,
        name: event.data.name,
        carIds: [],
      };
    case 'CategoryCarAdded':
      return state.status === 'active' && !state.carIds.includes(event.data.carId)
        ? { ...state, carIds: [...state.carIds, event.data.carId] }
        : state;
    case 'CategoryCarRemoved':
      return state.status === 'active'
        ? { ...state, carIds: state.carIds.filter((id) => id !== event.data.carId) }
        : state;
    case 'CategoryDeleted':
      return { status: 'deleted', categoryId: event.data.categoryId, name: event.data.name };
    default:
      return state;
  }
};
