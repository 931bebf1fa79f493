// The fields every call is built from: bounded texts and numbers, ids, the answers of writes, a
// problem, paging and the base of a feed message. Each feature's contract builds on these.

import { z } from 'zod';
import { PHONE_DIGITS, PRICE, TEXT_MAX, YEARS_OF_USE } from '../platform/rules.ts';
import { decimalNumber } from './numbers.ts';
import { PICTURE_WIDTHS } from './pictures.ts';

/** The message for an empty required field: in a 400 answer, and under a form's field. */
export const requiredMessage = 'This field is required';

const missing = (input: unknown) => input === undefined || input === null;

/** A required text field: missing, null or blank answers "This field is required". */
export const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? requiredMessage : 'Must be text') })
    .trim()
    .min(1, requiredMessage)
    .max(max, `At most ${max} characters`);

/** An optional text field the server ignores or overrides; blank counts as absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`).optional(),
  );

/**
 * A number within bounds. Clients send prices and years as typed into a text field, so a string
 * of decimal digits is accepted and read as a number; a blank one counts as missing.
 */
export const boundedNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return text === '' ? undefined : decimalNumber(text);
    },
    z
      .number({ error: (issue) => (missing(issue.input) ? requiredMessage : 'Must be a number') })
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max.toLocaleString('en-US')}`),
  );

/** A price in dollars. */
export const price = boundedNumber(PRICE.min, PRICE.max).describe(
  `Dollars, ${PRICE.min.toLocaleString('en-US')} to ${PRICE.max.toLocaleString('en-US')} (a numeric string is accepted)`,
);
/** Years of use. */
export const yearsOfUse = boundedNumber(YEARS_OF_USE.min, YEARS_OF_USE.max).describe(
  `Years, ${YEARS_OF_USE.min} to ${YEARS_OF_USE.max} (a numeric string is accepted)`,
);

/** A phone number: digits with the usual separators, 6 to 15 digits, an optional leading +. */
export const phone = requiredText(TEXT_MAX.phone).refine((value) => {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[0-9 ().-]+$/.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}, 'Must be a phone number');

/** An image address: an absolute http(s) URL or a path on this site (from POST /api/images). */
export const imageUrl = requiredText(TEXT_MAX.url).refine(
  (value) => value.startsWith('/') || /^https?:\/\/\S+$/i.test(value),
  'Must be an image URL',
);

/** Ids in paths and bodies: user ids are Firebase uids, the others UUIDs. */
export const idPattern = /^[A-Za-z0-9_-]{1,128}$/;
export const entityId = z
  .string()
  .regex(idPattern, 'Must be an id')
  .describe('A user uid, or the UUID of a car, category or booking');

export const IdParams = z.object({ id: entityId });
export type IdParams = z.infer<typeof IdParams>;

// ---- answers

/** A seller's average and how many reviews it stands on (`averageStars`). */
export const SellerRating = z.object({
  average: z.number().nullable().describe('Stars, to one decimal; null with no review'),
  count: z.number().int().describe('Their reviews that stand (a hidden one does not count)'),
});
export type SellerRating = z.infer<typeof SellerRating>;

/** The position of the command's last event, as a decimal string (also in X-Event-Position). */
export const position = z
  .string()
  .regex(/^\d+$/)
  .describe('Event-store position of the last event of this command');

export const InsertAnswer = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  position,
});
export type InsertAnswer = z.infer<typeof InsertAnswer>;

export const UpdateAnswer = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int().nonnegative(),
  position,
});
export type UpdateAnswer = z.infer<typeof UpdateAnswer>;

export const DeleteAnswer = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int().nonnegative(),
  position,
});
export type DeleteAnswer = z.infer<typeof DeleteAnswer>;

/** `POST /api/images` (multipart field `image`): where the re-encoded picture is stored. */
export const ImageUploadAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    url: z.string().describe('The main width; what a car’s `image` field takes.'),
    width: z.number(),
    height: z.number(),
    variants: z
      .array(z.object({ url: z.string(), width: z.number(), height: z.number() }))
      .describe(
        `Every width class (${PICTURE_WIDTHS.join(', ')}), narrowest first, with the size stored under it: ` +
          'a class wider than the upload holds the upload’s own width.',
      ),
  }),
});
export type ImageUploadAnswer = z.infer<typeof ImageUploadAnswer>;

/** Every error answer: `application/problem+json` (RFC 9457), field by field for a 400. */
export const ProblemAnswer = z
  .object({
    type: z.string().describe('`about:blank`, or `urn:second-gear:rule:<rule>` for a domain rule'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('For a 400: each field at fault'),
  })
  // Named, so that the OpenAPI documents declare it once and clients get one type of it.
  .meta({ id: 'Problem', description: 'An error answer, application/problem+json (RFC 9457)' });
export type ProblemAnswer = z.infer<typeof ProblemAnswer>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Header with the number of items of a list across all its pages. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Header set when `X-Total-Count` is an estimate (more than `EXACT_TOTAL_LIMIT` matches). */
export const TOTAL_ESTIMATED_HEADER = 'X-Total-Count-Estimated';

/** A whole number in a query string, written in decimal digits. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? decimalNumber(value) : value),
    z
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max.toLocaleString('en-US')}`),
  );

const pageNumber = wholeNumber(1, 1_000_000).default(1).describe('1-based page number');
const pageSize = wholeNumber(1, MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .describe(`Items per page, at most ${MAX_PAGE_SIZE}`);

/** `?page=&limit=` of every list. */
export const PageQuery = z.object({ page: pageNumber, limit: pageSize });
export type PageQuery = z.infer<typeof PageQuery>;

/** What every message of the integrator feed carries. */
export const feedBase = {
  position: z.string().describe('The SSE id; resume after it with Last-Event-ID'),
  occurredAt: z.string(),
  carId: z.string(),
};

/**
 * Who may make a call. The role is always the caller's current one, read from their own
 * user record, not only from the token.
 * - `identity`: a signed-in Firebase identity (ID token), registered or not;
 * - `user`: any registered user (service token);
 * - `buyer`, `seller`, `admin`: that role;
 * - `owning-seller`: the car's seller; `owning-seller-or-admin`: the car's seller, or an admin;
 * - `booking-seller`: the seller of the booked car; `booking-party`: its buyer or its seller.
 * - `webhook-manager`: an admin, or an API key with the `webhooks:manage` scope.
 */
export type WriteAuth =
  | 'identity'
  | 'user'
  | 'buyer'
  | 'seller'
  | 'owning-seller'
  | 'owning-seller-or-admin'
  | 'booking-seller'
  | 'booking-party'
  | 'conversation-party'
  | 'admin'
  | 'webhook-manager';
