import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { type DomainEvent, streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireAdmin } from '../users/index.ts';
import type { CategoryState } from './category.ts';
import { type CategoryCarsState, liveCarIds } from './category-cars.ts';
import {
  type CategoryNameReservationState,
  initialCategoryNameReservationState,
} from './category-name-reservation.ts';
import { reject } from './rules.ts';

export type DeleteCategory = CommandOf<'DeleteCategory', { categoryId: string }>;

/** An admin deletes a category that has no cars left; its name is free again. */
export const deleteCategory = ({
  command,
  actorUser,
  category,
  categoryCars,
  categoryName,
}: {
  command: DeleteCategory;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `category-<data.categoryId>` */
  category: CategoryState;
  /** `categorycars-<data.categoryId>` */
  categoryCars: CategoryCarsState;
  /** `category-name-<category.name>` (free when the category does not exist) */
  categoryName: CategoryNameReservationState;
}): Decision => {
  requireAdmin(command.actor, actorUser);
  if (category.status !== 'active') reject('category-not-found', 'No such category.');
  const { categoryId, name } = category;
  const carIds = liveCarIds(category, categoryCars);
  if (carIds.length > 0)
    reject(
      'category-has-cars',
      `Category ${name} still has ${carIds.length} car${carIds.length === 1 ? '' : 's'}; ` +
        'it can be deleted once it has none.',
    );
  const pairs: [string, DomainEvent][] = [
    [streams.category(categoryId), { type: 'CategoryDeleted', data: { categoryId, name } }],
  ];
  if (categoryName.status === 'claimed' && categoryName.categoryId === categoryId)
    pairs.push([
      streams.categoryName(name),
      { type: 'CategoryNameReleased', data: { name: categoryName.name, categoryId } },
    ]);
  return appendsOf(pairs);
};

/** The category's name is known from its stream. */
export const deleteCategorySlice = commandSlice({
  reads: (command: DeleteCategory, read) => {
    const actorUser = read.user(command.actor.uid);
    const category = read.category(command.data.categoryId);
    // Read, not written: a car listed meanwhile changes it, and this deletion is refused.
    const categoryCars = read.categoryCars(command.data.categoryId);
    const categoryName =
      category.status === 'none'
        ? initialCategoryNameReservationState()
        : read.categoryName(category.name);
    return { actorUser, category, categoryCars, categoryName };
  },
  decide: deleteCategory,
});
