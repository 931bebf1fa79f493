import { createCategorySlice } from './create-category.ts';
import { deleteCategorySlice } from './delete-category.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const categoryCommands = {
  CreateCategory: createCategorySlice,
  DeleteCategory: deleteCategorySlice,
} as const;
