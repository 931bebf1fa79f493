// The users' HTTP contract, in the API's own field names (`type` for the role, `_id` for the
// uid): registering, a profile's changes, the calls on users, and a user as the reads answer it.

import { z } from 'zod';
import {
  DeleteAnswer,
  IdParams,
  InsertAnswer,
  imageUrl,
  optionalText,
  PageQuery,
  phone,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { roles, TEXT_MAX } from '../platform/rules.ts';

// ---- requests

/**
 * POST /api/user: the signed-in Firebase identity registers itself. Its uid and email come
 * from the ID token; a body `email`, which clients send, is accepted and ignored.
 */
export const RegisterUserBody = z.strictObject({
  name: optionalText(TEXT_MAX.userName).describe(
    'Display name; defaults to the identity name or the email',
  ),
  email: optionalText(TEXT_MAX.email).describe(
    'Ignored: the email is the signed-in identity email',
  ),
  type: z
    .enum(roles)
    .exclude(['Admin'], { error: 'Must be Buyer or Seller' })
    .default('Buyer')
    .describe('Buyer or Seller; an Admin is only ever promoted'),
  // The same rule as a profile's picture (PUT /api/user/me): a page's image, http(s) or ours.
  photoURL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    imageUrl.optional(),
  ),
});
export type RegisterUserBody = z.input<typeof RegisterUserBody>;

/** PUT /api/user/me: the signed-in user's own profile; a field left out is unchanged. */
export const ChangeProfileBody = z
  .strictObject({
    name: requiredText(TEXT_MAX.userName).optional(),
    phone: z
      .preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
        phone.nullable(),
      )
      .optional()
      .describe('The phone a booking starts with; blank or null clears it'),
    photoURL: z
      .preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
        imageUrl.nullable(),
      )
      .optional()
      .describe('A picture; blank or null clears it'),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change');
export type ChangeProfileBody = z.input<typeof ChangeProfileBody>;

export const ReadRole = z.enum(roles);
export type ReadRole = z.infer<typeof ReadRole>;

/** A user record: `GET /api/user/:email`, `GET /api/users`. */
export const UserRecord = z.object({
  _id: z.string().describe('The Firebase uid'),
  name: z.string(),
  email: z.string(),
  type: ReadRole.describe('The role'),
  photoURL: z.string().nullable(),
  phone: z.string().nullable().describe('The phone a booking starts with; null until given'),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const UsersQuery = PageQuery.extend({ role: ReadRole.optional() });

/** `GET /api/jwt?email=` answers the service token. */
export const JwtQuery = z.object({ email: z.string().trim().min(1, 'This field is required') });
export const TokenAnswer = z.object({ accessToken: z.string() });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** The write calls of this feature, by operation id (see `writeCalls`). */
export const userWriteCalls = {
  registerUser: {
    method: 'POST',
    path: '/api/user',
    body: RegisterUserBody,
    answer: InsertAnswer,
    auth: 'identity',
    summary: 'Register the signed-in identity as a Buyer or a Seller (again: no change)',
  },
  applyForSeller: {
    method: 'POST',
    path: '/api/user/seller',
    answer: UpdateAnswer,
    auth: 'buyer',
    summary: 'Make the signed-in Buyer a Seller',
  },
  promoteToAdmin: {
    method: 'PUT',
    path: '/api/user/admin/:id',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'admin',
    summary: 'Promote a user to Admin',
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/user/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'admin',
    summary: 'Delete a user, their sign-in account, and withdraw their cars',
  },
  changeProfile: {
    method: 'PUT',
    path: '/api/user/me',
    body: ChangeProfileBody,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Change your own name, phone or picture (modifiedCount 0: no change)',
  },
} as const;
