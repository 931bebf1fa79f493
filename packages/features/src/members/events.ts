import { z } from 'zod';
import { id } from '../platform/event-fields.ts';

// ---- what a member keeps: stream `member-<uid>` (favourite cars, saved searches, notifications read)

export const CarFavourited = z.object({ userId: id, carId: id });
export const CarUnfavourited = z.object({ userId: id, carId: id });
/** `query`: the search as the search page's address has it (`make=Toyota&maxPrice=15000`). */
export const SearchSaved = z.object({
  userId: id,
  searchId: id,
  name: z.string(),
  query: z.string(),
});
export const SavedSearchDeleted = z.object({ userId: id, searchId: id });
/** The member read their notifications up to this position (inclusive). */
export const NotificationsRead = z.object({ userId: id, upTo: z.string().regex(/^\d+$/) });

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const memberEvents = {
  CarFavourited,
  CarUnfavourited,
  SearchSaved,
  SavedSearchDeleted,
  NotificationsRead,
} as const;
