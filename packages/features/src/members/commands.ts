import { favouriteCarSlice, unfavouriteCarSlice } from './favourites.ts';
import { readNotificationsSlice } from './read-notifications.ts';
import { deleteSavedSearchSlice, saveSearchSlice } from './saved-searches.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const memberCommands = {
  FavouriteCar: favouriteCarSlice,
  UnfavouriteCar: unfavouriteCarSlice,
  SaveSearch: saveSearchSlice,
  DeleteSavedSearch: deleteSavedSearchSlice,
  ReadNotifications: readNotificationsSlice,
} as const;
