import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireAdmin } from '../users/index.ts';
import type { CategoryState } from './category.ts';
import type { CategoryNameReservationState } from './category-name-reservation.ts';
import { reject } from './rules.ts';

export type CreateCategory = CommandOf<'CreateCategory', { categoryId: string; name: string }>;

/** An admin creates a category; its name is unique, whatever its case. */
export const createCategory = ({
  command,
  actorUser,
  category,
  categoryName,
}: {
  command: CreateCategory;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `category-<data.categoryId>` (new) */
  category: CategoryState;
  /** `category-name-<data.name>` */
  categoryName: CategoryNameReservationState;
}): Decision => {
  const { actor, data } = command;
  requireAdmin(actor, actorUser);
  const name = required(data.name, 'name');
  if (categoryName.status === 'claimed')
    reject('category-name-taken', `A category named ${categoryName.name} already exists.`, 'name');
  if (category.status !== 'none')
    reject('category-exists', `Category ${data.categoryId} already exists.`);
  const { categoryId } = data;
  return appendsOf([
    [streams.category(categoryId), { type: 'CategoryCreated', data: { categoryId, name } }],
    [streams.categoryName(name), { type: 'CategoryNameClaimed', data: { name, categoryId } }],
  ]);
};

export const createCategorySlice = commandSlice({
  reads: (command: CreateCategory, read) => ({
    actorUser: read.user(command.actor.uid),
    category: read.category(command.data.categoryId),
    categoryName: read.categoryName(command.data.name),
  }),
  decide: createCategory,
});
