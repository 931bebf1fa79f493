import { requireAdmin } from '../authorization.ts';
import type { CreateCategory } from '../commands.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { streams } from '../events.ts';
import type { UserState } from '../users/user.ts';
import { required } from '../validation.ts';
import type { CategoryState } from './category.ts';
import type { CategoryNameReservationState } from './category-name-reservation.ts';

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
