import { z } from 'zod';
import { id } from '../platform/event-fields.ts';
import {
  ERASED_CONTACT,
  ERASED_NAME,
  type PersonalValues,
  personalField,
} from '../platform/personal-data.ts';
import { roles } from '../platform/rules.ts';

// ---- users: stream `user-<uid>` (the uid is the Firebase uid and the user's _id)

export const UserRegistered = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).exclude(['Admin']),
  photoURL: z.string().nullable(),
});
export const UserBecameSeller = z.object({ userId: id });
export const UserPromotedToAdmin = z.object({ userId: id });
export const UserDeleted = z.object({ userId: id, email: z.string() });
/**
 * The user changed their profile: only the fields that changed are present; `phone` and
 * `photoURL` set to null were cleared.
 */
export const UserProfileChanged = z.object({
  userId: id,
  name: z.string().optional(),
  phone: z.string().nullable().optional(),
  photoURL: z.string().nullable().optional(),
});
/**
 * A seller's live cars, on `sellercars-<uid>` (on `user-<uid>` in stores written before that
 * stream), so deleting the seller withdraws them.
 */
export const SellerCarAdded = z.object({ userId: id, carId: id });
export const SellerCarRemoved = z.object({ userId: id, carId: id });

// ---- one account per email: stream `email-<SHA-256 of the lowercased email>` (a reservation)

export const EmailClaimed = z.object({ email: z.string(), userId: id });
export const EmailReleased = z.object({ email: z.string(), userId: id });

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const userEvents = {
  UserRegistered,
  UserBecameSeller,
  UserPromotedToAdmin,
  UserDeleted,
  UserProfileChanged,
  SellerCarAdded,
  SellerCarRemoved,
  EmailClaimed,
  EmailReleased,
} as const;

/** The personal values of this feature's events, each the user's own. */
export const userPersonalValues: PersonalValues = {
  UserRegistered: [
    personalField('name', 'userId', ERASED_NAME),
    personalField('email', 'userId', ERASED_CONTACT),
    personalField('photoURL', 'userId', null),
  ],
  UserProfileChanged: [
    personalField('name', 'userId', ERASED_NAME),
    personalField('phone', 'userId', null),
    personalField('photoURL', 'userId', null),
  ],
  UserDeleted: [personalField('email', 'userId', ERASED_CONTACT)],
  EmailClaimed: [personalField('email', 'userId', ERASED_CONTACT)],
  EmailReleased: [personalField('email', 'userId', ERASED_CONTACT)],
};
