import { type BookCar, bookCarSlice } from '../bookings/book-car.ts';
import {
  type AcceptBooking,
  acceptBookingSlice,
  type CancelBooking,
  cancelBookingSlice,
  type DeclineBooking,
  declineBookingSlice,
} from '../bookings/booking-lifecycle.ts';
import { type AdvertiseCar, advertiseCarSlice } from '../cars/advertise-car.ts';
import { type DeleteCar, deleteCarSlice } from '../cars/delete-car.ts';
import { type EditCar, editCarSlice } from '../cars/edit-car.ts';
import { type ListCar, listCarSlice } from '../cars/list-car.ts';
import { type MarkCarSold, markCarSoldSlice } from '../cars/mark-car-sold.ts';
import { type CreateCategory, createCategorySlice } from '../categories/create-category.ts';
import { type DeleteCategory, deleteCategorySlice } from '../categories/delete-category.ts';
import {
  type IssueApiKey,
  issueApiKeySlice,
  type RevokeApiKey,
  revokeApiKeySlice,
} from '../integrations/api-keys.ts';
import {
  type DeleteWebhook,
  deleteWebhookSlice,
  type MarkWebhookFailing,
  type MarkWebhookRecovered,
  markWebhookFailingSlice,
  markWebhookRecoveredSlice,
  type PauseWebhook,
  pauseWebhookSlice,
  type RegisterWebhook,
  type ReplayWebhook,
  type ResumeWebhook,
  registerWebhookSlice,
  replayWebhookSlice,
  resumeWebhookSlice,
} from '../integrations/webhooks.ts';
import {
  type FavouriteCar,
  favouriteCarSlice,
  type UnfavouriteCar,
  unfavouriteCarSlice,
} from '../members/favourites.ts';
import { type ReadNotifications, readNotificationsSlice } from '../members/read-notifications.ts';
import {
  type DeleteSavedSearch,
  deleteSavedSearchSlice,
  type SaveSearch,
  saveSearchSlice,
} from '../members/saved-searches.ts';
import type { CommandSlice } from '../platform/slice.ts';
import { type ApplyForSeller, applyForSellerSlice } from '../users/apply-for-seller.ts';
import { type ChangeProfile, changeProfileSlice } from '../users/change-profile.ts';
import { type DeleteUser, deleteUserSlice } from '../users/delete-user.ts';
import { type PromoteToAdmin, promoteToAdminSlice } from '../users/promote-to-admin.ts';
import { type RegisterUser, registerUserSlice } from '../users/register-user.ts';

/**
 * Every command of the marketplace. Each is defined in its slice, with what its decision reads
 * and the decision itself; it is registered here, in this union and in `commandSlices`.
 */
export type Command =
  | RegisterUser
  | ApplyForSeller
  | PromoteToAdmin
  | DeleteUser
  | ChangeProfile
  | CreateCategory
  | DeleteCategory
  | ListCar
  | AdvertiseCar
  | BookCar
  | AcceptBooking
  | DeclineBooking
  | CancelBooking
  | EditCar
  | MarkCarSold
  | DeleteCar
  | FavouriteCar
  | UnfavouriteCar
  | SaveSearch
  | DeleteSavedSearch
  | ReadNotifications
  | IssueApiKey
  | RevokeApiKey
  | RegisterWebhook
  | PauseWebhook
  | ResumeWebhook
  | DeleteWebhook
  | ReplayWebhook
  | MarkWebhookFailing
  | MarkWebhookRecovered;

export type CommandType = Command['type'];

export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;

/**
 * The registry: every command's slice, by command type, and the only place a command type
 * leads to its reads and its decision. Its type makes it exhaustive: a command of the union
 * without a slice here, or a slice under another command's type, does not compile.
 */
export const commandSlices: { readonly [T in CommandType]: CommandSlice<CommandOfType<T>> } = {
  RegisterUser: registerUserSlice,
  ApplyForSeller: applyForSellerSlice,
  PromoteToAdmin: promoteToAdminSlice,
  DeleteUser: deleteUserSlice,
  ChangeProfile: changeProfileSlice,
  CreateCategory: createCategorySlice,
  DeleteCategory: deleteCategorySlice,
  ListCar: listCarSlice,
  AdvertiseCar: advertiseCarSlice,
  BookCar: bookCarSlice,
  AcceptBooking: acceptBookingSlice,
  DeclineBooking: declineBookingSlice,
  CancelBooking: cancelBookingSlice,
  EditCar: editCarSlice,
  MarkCarSold: markCarSoldSlice,
  DeleteCar: deleteCarSlice,
  FavouriteCar: favouriteCarSlice,
  UnfavouriteCar: unfavouriteCarSlice,
  SaveSearch: saveSearchSlice,
  DeleteSavedSearch: deleteSavedSearchSlice,
  ReadNotifications: readNotificationsSlice,
  IssueApiKey: issueApiKeySlice,
  RevokeApiKey: revokeApiKeySlice,
  RegisterWebhook: registerWebhookSlice,
  PauseWebhook: pauseWebhookSlice,
  ResumeWebhook: resumeWebhookSlice,
  DeleteWebhook: deleteWebhookSlice,
  ReplayWebhook: replayWebhookSlice,
  MarkWebhookFailing: markWebhookFailingSlice,
  MarkWebhookRecovered: markWebhookRecoveredSlice,
};
