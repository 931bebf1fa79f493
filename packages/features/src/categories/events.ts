import { z } from 'zod';
import { id } from '../platform/event-fields.ts';

// ---- categories: stream `category-<id>` (its life), and `categorycars-<id>` (its live cars)

export const CategoryCreated = z.object({ categoryId: id, name: z.string() });
export const CategoryDeleted = z.object({ categoryId: id, name: z.string() });
/**
 * A car joins or leaves its category's live cars, so a category with cars cannot be deleted.
 * On `categorycars-<id>`, where listings only add (whatever its version, so listings in one
 * category never wait on each other); stores written before it have them on `category-<id>`.
 */
export const CategoryCarAdded = z.object({ categoryId: id, carId: id });
export const CategoryCarRemoved = z.object({ categoryId: id, carId: id });

// ---- unique category names: stream `category-name-<lowercased name>` (a reservation)

export const CategoryNameClaimed = z.object({ name: z.string(), categoryId: id });
export const CategoryNameReleased = z.object({ name: z.string(), categoryId: id });

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const categoryEvents = {
  CategoryCreated,
  CategoryDeleted,
  CategoryCarAdded,
  CategoryCarRemoved,
  CategoryNameClaimed,
  CategoryNameReleased,
} as const;
