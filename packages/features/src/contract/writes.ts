// Requests and answers of the write API (command service), in the API's own field names
// (`product_id`, `original_price`, ...), which stay as its clients know them.
//
// One place for each call: method, path, body or params, the answer, and who may call it.
// The command service validates with these schemas and publishes them as its OpenAPI
// document. The web client validates its forms with them (a form is a request body, or fields
// picked from one) and types its calls by `writeCalls`: each call's body and answer, and its
// method and path checked against the table.
//
// Unknown fields: every request body is a strict object, so a field the call does not know
// answers 400 ("Unknown field") rather than being dropped silently. Fields that clients send
// and the server ignores (a seller's name on a car, a booking's price) are known fields.

import { z } from 'zod';
import { bookingWriteCalls } from '../bookings/contract.ts';
import { apiKeyScopes, carEventTypes } from '../integrations/events.ts';
import { roles, TEXT_MAX } from '../platform/rules.ts';
import { carDetailFields, savedSearchQuery } from './cars.ts';
import {
  carImages,
  DeleteAnswer,
  IdParams,
  InsertAnswer,
  imageUrl,
  optionalText,
  phone,
  position,
  price,
  requiredText,
  UpdateAnswer,
  yearsOfUse,
} from './fields.ts';

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
  photoURL: optionalText(TEXT_MAX.url),
});
export type RegisterUserBody = z.input<typeof RegisterUserBody>;

/** POST /api/category */
export const CreateCategoryBody = z.strictObject({
  name: requiredText(TEXT_MAX.categoryName),
});
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

/**
 * POST /api/product. The seller's name and email come from the seller's own record; the
 * body's `seller_name` and `email`, which clients send, are accepted and ignored. `category`
 * is the category's name (case-insensitive) or its id.
 */
export const ListCarBody = z.strictObject({
  name: requiredText(TEXT_MAX.carName),
  seller_name: optionalText(TEXT_MAX.userName).describe("Ignored: taken from the seller's record"),
  email: optionalText(TEXT_MAX.email).describe("Ignored: taken from the seller's record"),
  category: requiredText(128).describe('Category name or id'),
  image: imageUrl,
  original_price: price,
  price,
  location: requiredText(TEXT_MAX.location),
  use: yearsOfUse,
  ...carDetailFields,
  images: carImages
    .optional()
    .describe('More pictures: the gallery is `image`, then these in order'),
});
export type ListCarBody = z.input<typeof ListCarBody>;

/** A detail of an edit: left out, unchanged; blank or null, cleared. */
const clearable = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    field.nullable(),
  );

/**
 * PATCH /api/product/:id: the fields to change, in the API's names; a field left out stays as
 * it is. A new price is recorded with the old one, for the car's price history.
 */
export const EditCarBody = z
  .strictObject({
    name: requiredText(TEXT_MAX.carName).optional(),
    original_price: price.optional(),
    price: price.optional(),
    location: requiredText(TEXT_MAX.location).optional(),
    use: yearsOfUse.optional(),
    make: clearable(carDetailFields.make),
    model: clearable(carDetailFields.model),
    year: clearable(carDetailFields.year),
    mileage: clearable(carDetailFields.mileage),
    fuel: clearable(carDetailFields.fuel),
    transmission: clearable(carDetailFields.transmission),
    description: clearable(carDetailFields.description),
    images: carImages.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change');
export type EditCarBody = z.input<typeof EditCarBody>;

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

/** POST /api/saved-searches */
export const SaveSearchBody = z.strictObject({
  name: requiredText(60),
  query: savedSearchQuery,
});
export type SaveSearchBody = z.input<typeof SaveSearchBody>;

/** POST /api/notifications/read: up to the newest one read; without `upTo`, all of them. */
export const ReadNotificationsBody = z.strictObject({
  upTo: position
    .optional()
    .describe('The position of the newest notification read; all of them when left out'),
});
export type ReadNotificationsBody = z.input<typeof ReadNotificationsBody>;

// ---- integrators: API keys and webhooks

/** POST /api/api-keys */
export const IssueApiKeyBody = z.strictObject({
  name: requiredText(60).describe('Whose key it is, or what it is for'),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: `Must be one of ${apiKeyScopes.join(', ')}` }), {
      error: 'Must be a list of scopes',
    })
    .min(1, 'Give at least one scope')
    .describe('feed:read (the car feed), webhooks:manage (the webhook calls)'),
});
export type IssueApiKeyBody = z.input<typeof IssueApiKeyBody>;

/** The answer to POST /api/api-keys: the key itself, shown this once. */
export const IssuedApiKeyAnswer = InsertAnswer.extend({
  key: z.string().describe('The key, shown this once: send it as `Authorization: Bearer <key>`'),
  prefix: z.string().describe('How the key list shows it'),
});
export type IssuedApiKeyAnswer = z.infer<typeof IssuedApiKeyAnswer>;

/** Where a webhook is sent: an http(s) URL without a user name or password in it. */
export const webhookTargetUrl = requiredText(TEXT_MAX.url).superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Must be an http or https URL' });
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: 'Must be an http or https URL' });
  } else if (url.username !== '' || url.password !== '') {
    ctx.addIssue({ code: 'custom', message: 'Must not carry a user name or password' });
  }
});

/** POST /api/webhooks */
export const RegisterWebhookBody = z.strictObject({
  url: webhookTargetUrl.describe(
    'http or https; its host must resolve to public addresses (docs/integrator-feed.md)',
  ),
  types: z
    .array(z.enum(carEventTypes, { error: `Must be one of ${carEventTypes.join(', ')}` }), {
      error: 'Must be a list of car event types',
    })
    .min(1, 'Give at least one event type')
    .describe('The car events to deliver, named as on the feed'),
  description: optionalText(200).describe('What it is for'),
});
export type RegisterWebhookBody = z.input<typeof RegisterWebhookBody>;

/** The answer to POST /api/webhooks: the signing secret, shown this once. */
export const RegisteredWebhookAnswer = InsertAnswer.extend({
  secret: z.string().describe('The signing secret (Standard Webhooks, whsec_...), shown this once'),
});
export type RegisteredWebhookAnswer = z.infer<typeof RegisteredWebhookAnswer>;

/** POST /api/webhooks/:id/replay */
export const ReplayWebhookBody = z.strictObject({
  fromPosition: requiredText(20)
    .regex(/^\d+$/, 'Must be a position')
    .describe("Deliver again the endpoint's events after this position (a feed id)"),
});
export type ReplayWebhookBody = z.input<typeof ReplayWebhookBody>;

// ---- the calls

export const writeCalls = {
  ...bookingWriteCalls,
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
  listCar: {
    method: 'POST',
    path: '/api/product',
    body: ListCarBody,
    answer: InsertAnswer,
    auth: 'seller',
    summary: 'List a car for sale',
  },
  advertiseCar: {
    method: 'PUT',
    path: '/api/products/:id',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'owning-seller',
    summary: 'Advertise a car (once)',
  },
  editCar: {
    method: 'PATCH',
    path: '/api/product/:id',
    params: IdParams,
    body: EditCarBody,
    answer: UpdateAnswer,
    auth: 'owning-seller-or-admin',
    summary: 'Change a listing: its price, details or description (modifiedCount 0: no change)',
  },
  markCarSold: {
    method: 'POST',
    path: '/api/product/:id/sold',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'owning-seller',
    summary: 'Mark a car sold: it leaves search, and its open booking ends',
  },
  deleteCar: {
    method: 'DELETE',
    path: '/api/product/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'owning-seller-or-admin',
    summary: 'Delete a car',
  },
  changeProfile: {
    method: 'PUT',
    path: '/api/user/me',
    body: ChangeProfileBody,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Change your own name, phone or picture (modifiedCount 0: no change)',
  },
  favouriteCar: {
    method: 'PUT',
    path: '/api/favourites/:id',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Keep a car for sale as a favourite (modifiedCount 0: it was one already)',
  },
  unfavouriteCar: {
    method: 'DELETE',
    path: '/api/favourites/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'user',
    summary: 'Let a favourite go (deletedCount 0: it was not one)',
  },
  saveSearch: {
    method: 'POST',
    path: '/api/saved-searches',
    body: SaveSearchBody,
    answer: InsertAnswer,
    auth: 'user',
    summary: 'Save a search under a name, to come back to it and hear of new matches',
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'user',
    summary: 'Delete one of your saved searches',
  },
  readNotifications: {
    method: 'POST',
    path: '/api/notifications/read',
    body: ReadNotificationsBody,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Mark your notifications read, up to a position or all of them',
  },
  issueApiKey: {
    method: 'POST',
    path: '/api/api-keys',
    body: IssueApiKeyBody,
    answer: IssuedApiKeyAnswer,
    auth: 'admin',
    summary: 'Issue an API key for an integrator; the answer shows the key this once',
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/api-keys/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'admin',
    summary: 'Revoke an API key: refused at once (deletedCount 0: it was revoked already)',
  },
  registerWebhook: {
    method: 'POST',
    path: '/api/webhooks',
    body: RegisterWebhookBody,
    answer: RegisteredWebhookAnswer,
    auth: 'webhook-manager',
    summary: 'Register a webhook endpoint; the answer shows its signing secret this once',
  },
  pauseWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/pause',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Hold a webhook's deliveries (modifiedCount 0: it was paused already)",
  },
  resumeWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/resume',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Deliver a paused webhook's messages again (modifiedCount 0: it was not paused)",
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'webhook-manager',
    summary: 'Delete a webhook endpoint; its waiting messages are dropped',
  },
  replayWebhook: {
    method: 'POST',
    path: '/api/webhooks/:id/replay',
    params: IdParams,
    body: ReplayWebhookBody,
    answer: UpdateAnswer,
    auth: 'webhook-manager',
    summary: "Deliver a webhook's events after a position again, with their first webhook ids",
  },
} as const;

export type WriteCall = keyof typeof writeCalls;
