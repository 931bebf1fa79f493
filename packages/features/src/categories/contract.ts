// The categories' HTTP contract: creating one, the calls on categories, and a category as the
// reads answer it.

import { z } from 'zod';
import { DeleteAnswer, IdParams, InsertAnswer, requiredText } from '../contract/fields.ts';
import { TEXT_MAX } from '../platform/rules.ts';

/** POST /api/category */
export const CreateCategoryBody = z.strictObject({
  name: requiredText(TEXT_MAX.categoryName),
});
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

export const CategoryRecord = z.object({ _id: z.string(), name: z.string() });
export type CategoryRecord = z.infer<typeof CategoryRecord>;

export const CategoryNameParams = z.object({ name: z.string().trim().min(1).max(200) });

/** The write calls of this feature, by operation id (see `writeCalls`). */
export const categoryWriteCalls = {
  createCategory: {
    method: 'POST',
    path: '/api/category',
    body: CreateCategoryBody,
    answer: InsertAnswer,
    auth: 'admin',
    summary: 'Create a category (names are unique, case-insensitively)',
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/api/category/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'admin',
    summary: 'Delete a category that has no cars',
  },
} as const;
