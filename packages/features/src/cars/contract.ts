// A car's details beyond the original listing, and how buyers search cars by them.
//
// The details are optional on every car: cars listed before they existed have none, and a
// seller may leave any of them out. The answers name them as the requests do, and leave out a
// detail a car does not have.

import { z } from 'zod';
import {
  DeleteAnswer,
  IdParams,
  InsertAnswer,
  imageUrl,
  optionalText,
  PageQuery,
  price,
  requiredText,
  SellerRating,
  UpdateAnswer,
  yearsOfUse,
} from '../contract/fields.ts';
import { decimalNumber } from '../contract/numbers.ts';
import {
  carSorts,
  DEFAULT_RADIUS_KM,
  dealRatings,
  FIRST_MODEL_YEAR,
  fuels,
  LAST_SEARCHED_YEAR,
  latestModelYear,
  MILEAGE,
  offMarketReasons,
  PRICE,
  RADIUS_KM,
  TEXT_MAX,
  transmissions,
} from '../platform/rules.ts';
import type { EventDataOf } from '../registry/events.ts';
import { MAX_CAR_PHOTOS } from './events.ts';

export {
  carSorts,
  DEFAULT_RADIUS_KM,
  FIRST_MODEL_YEAR,
  fuels,
  latestModelYear,
  RADIUS_KM,
  transmissions,
};
/** A car's pictures, cover first, as `POST /api/images` answers them (or http(s) URLs). */
export const carImages = z
  .array(imageUrl, { error: 'Must be a list of image URLs' })
  .min(1, 'Give at least one picture')
  .max(MAX_CAR_PHOTOS, `At most ${MAX_CAR_PHOTOS} pictures`)
  .describe(`The gallery in order, the cover first; at most ${MAX_CAR_PHOTOS}`);

export const Fuel = z.enum(fuels);
export type Fuel = z.infer<typeof Fuel>;

export const Transmission = z.enum(transmissions);
export type Transmission = z.infer<typeof Transmission>;

export const MAX_MILEAGE = MILEAGE.max;
export const MAKE_MAX = TEXT_MAX.make;
export const MODEL_MAX = TEXT_MAX.model;
export const DESCRIPTION_MAX = TEXT_MAX.description;

/** The details as the API answers them, each absent when the car does not say. */
export const CarDetailsAnswer = z.object({
  make: z.string().optional(),
  model: z.string().optional(),
  year: z.number().int().optional().describe('Model year'),
  mileage: z.number().int().optional().describe('Kilometres'),
  fuel: Fuel.optional(),
  transmission: Transmission.optional(),
  description: z.string().optional().describe('Plain text'),
});
export type CarDetailsAnswer = z.infer<typeof CarDetailsAnswer>;

type StoredDetails = Pick<
  EventDataOf<'CarListed'>,
  'make' | 'model' | 'year' | 'mileage' | 'fuel' | 'transmission' | 'description'
>;

/** A car's details as answers carry them (a row's or an event's): the ones it has, none as null. */
export const presentDetails = (
  car: {
    [K in keyof StoredDetails]: StoredDetails[K] | string | null;
  },
): CarDetailsAnswer => {
  const answer: CarDetailsAnswer = {};
  if (car.make !== null) answer.make = car.make;
  if (car.model !== null) answer.model = car.model;
  if (car.year !== null) answer.year = Number(car.year);
  if (car.mileage !== null) answer.mileage = Number(car.mileage);
  if (car.fuel !== null) answer.fuel = car.fuel as CarDetailsAnswer['fuel'];
  if (car.transmission !== null) {
    answer.transmission = car.transmission as CarDetailsAnswer['transmission'];
  }
  if (car.description !== null) answer.description = car.description;
  return answer;
};

/** Blank counts as not given, as in every optional field of a form. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalWords = (max: number) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: 'Must be text' })
      .trim()
      .max(max, `At most ${max} characters`)
      .transform((text) => text.replaceAll(/\s+/g, ' '))
      .optional(),
  );

/** A whole number in bounds; a numeric string (a form's text input) is read as a number. */
const optionalWhole = (min: number, max: () => number) =>
  z.preprocess(
    (value) => {
      const present = blankIsAbsent(value);
      return typeof present === 'string' ? decimalNumber(present, { thousands: true }) : present;
    },
    z
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .refine((n) => n <= max(), {
        error: () => `Must be at most ${max().toLocaleString('en-US')}`,
      })
      .optional(),
  );

const optionalChoice = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.preprocess(
    blankIsAbsent,
    z.enum(values, { error: `Must be one of ${values.join(', ')}` }).optional(),
  );

/** The details a seller may give when listing a car; every one is optional. */
export const carDetailFields = {
  make: optionalWords(MAKE_MAX).describe('For example Toyota'),
  model: optionalWords(MODEL_MAX).describe('For example Corolla'),
  year: optionalWhole(FIRST_MODEL_YEAR, () => latestModelYear()).describe(
    `Model year, ${FIRST_MODEL_YEAR} to next year`,
  ),
  mileage: optionalWhole(MILEAGE.min, () => MILEAGE.max).describe('Kilometres'),
  fuel: optionalChoice(fuels),
  transmission: optionalChoice(transmissions),
  description: z
    .preprocess(
      blankIsAbsent,
      z
        .string({ error: 'Must be text' })
        .trim()
        .max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`)
        .optional(),
    )
    .describe('Plain text'),
};

// ---- search

export const CarSort = z.enum(carSorts, {
  error: `Must be one of ${carSorts.join(', ')}`,
});
export type CarSort = z.infer<typeof CarSort>;

/** Totals up to this many matches are exact. */
export const EXACT_TOTAL_LIMIT = 10_000;
export const SEARCH_TEXT_MAX = 100;

const queryText = (max: number) =>
  z.preprocess(
    blankIsAbsent,
    z.string().trim().max(max, `Must be at most ${max} characters`).optional(),
  );

const queryNumber = (min: number, max: number, whole = true) =>
  z.preprocess(
    (value) => {
      const present = blankIsAbsent(value);
      return typeof present === 'string' ? decimalNumber(present, { thousands: true }) : present;
    },
    (whole ? z.number().int('Must be a whole number') : z.number({ error: 'Must be a number' }))
      .min(min, `Must be at least ${min.toLocaleString('en-US')}`)
      .max(max, `Must be at most ${max.toLocaleString('en-US')}`)
      .optional(),
  );

const queryEnum = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankIsAbsent(value.toLowerCase()) : value),
    z.enum(values, { error: `Must be one of ${values.join(', ')}` }).optional(),
  );

/** Values of an enumeration, separated by commas ("great,good"), each once. */
const queryList = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const items = value
      .toLowerCase()
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    return items.length === 0 ? undefined : [...new Set(items)];
  }, z.array(z.enum(values, { error: `Each must be one of ${values.join(', ')}` })).optional());

/** The filters of a search, shared by the car lists and the facets. */
export const carFilterShape = {
  q: queryText(SEARCH_TEXT_MAX).describe(
    'Words matched against name, make, model, location and description; a word matches as a ' +
      'prefix ("toy cor" finds a Toyota Corolla), and a misspelt word matches the closest ones',
  ),
  category: queryText(128).describe("The category's name (case-insensitive)"),
  make: queryText(MAKE_MAX).describe('Case-insensitive'),
  model: queryText(MODEL_MAX).describe('Case-insensitive'),
  minPrice: queryNumber(0, PRICE.max, false),
  maxPrice: queryNumber(0, PRICE.max, false),
  minYear: queryNumber(FIRST_MODEL_YEAR, LAST_SEARCHED_YEAR),
  maxYear: queryNumber(FIRST_MODEL_YEAR, LAST_SEARCHED_YEAR),
  maxMileage: queryNumber(0, MAX_MILEAGE).describe('Kilometres'),
  fuel: queryEnum(fuels),
  transmission: queryEnum(transmissions),
  location: queryText(TEXT_MAX.location).describe('The start of the location, case-insensitive'),
  near: queryText(TEXT_MAX.location).describe(
    'Only cars within `radiusKm` of this place: a town ("Boulder, CO", "Lyon, France") or ' +
      '"latitude,longitude"; each car then says its `distanceKm`. An unknown place is refused',
  ),
  radiusKm: queryNumber(RADIUS_KM.min, RADIUS_KM.max, false).describe(
    `Kilometres around \`near\` (${DEFAULT_RADIUS_KM} when not given)`,
  ),
  deal: queryList(dealRatings).describe(
    'Deal ratings, separated by commas (great,good): only cars rated so against their market value',
  ),
  booked: queryEnum(['false', 'true', 'any']).describe(
    'false (the default when searching): cars still available; true: booked cars only; any: both',
  ),
};

type Bounded = Partial<Record<'minPrice' | 'maxPrice' | 'minYear' | 'maxYear', number>> & {
  near?: string;
  radiusKm?: number;
  sort?: CarSort;
};

/**
 * A lower bound above its upper bound is a mistake, not an empty result; so are a radius and an
 * order by distance without a place to measure from.
 */
export const checkRanges = (query: Bounded, ctx: z.RefinementCtx): void => {
  if (query.near === undefined) {
    if (query.radiusKm !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'Give `near` as well' });
    }
    if (query.sort === 'distance') {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sorting by distance needs `near`' });
    }
  }
  const pairs = [
    ['minPrice', 'maxPrice'],
    ['minYear', 'maxYear'],
  ] as const;
  for (const [min, max] of pairs) {
    const low = query[min];
    const high = query[max];
    if (low !== undefined && high !== undefined && low > high) {
      ctx.addIssue({ code: 'custom', path: [max], message: `Must not be below ${min}` });
    }
  }
};

export const CarFilters = z.object(carFilterShape).superRefine(checkRanges);
export type CarFilters = z.infer<typeof CarFilters>;

/** The query keys that make a list a search (which leaves booked cars out unless asked). */
export const searchKeys = [...Object.keys(carFilterShape), 'sort', 'cursor'] as const;

export const sortAndCursorShape = {
  sort: z.preprocess(blankIsAbsent, CarSort.optional()).describe('newest (the default)'),
  cursor: queryText(512).describe(
    'Where the next page starts: the value of the `next` link of the page before (opaque)',
  ),
};

/** A facet's counts, most first. */
const FacetCounts = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** `GET /api/products/facets`: how many cars each choice of the filter panel would show. */
export const CarFacetsAnswer = z.object({
  total: z.number().int().describe('Cars matching every filter'),
  estimated: z
    .boolean()
    .describe(`True when the counts are scaled from the first ${EXACT_TOTAL_LIMIT} matches`),
  category: FacetCounts,
  make: FacetCounts,
  model: FacetCounts.describe('The models of the chosen make; empty until `make` is given'),
  fuel: FacetCounts,
  transmission: FacetCounts,
  price: z
    .array(
      z.object({
        min: z.number(),
        max: z.number().nullable().describe('Below this price; null for the top band'),
        count: z.number().int(),
      }),
    )
    .describe('Counts per price band, cheapest first'),
});
export type CarFacetsAnswer = z.infer<typeof CarFacetsAnswer>;

// ---- saved searches

/** A search as a saved search keeps it: its filters and sort, without a page or cursor. */
export const SavedSearchFilters = z
  .object({ ...carFilterShape, sort: sortAndCursorShape.sort })
  .superRefine(checkRanges);
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>;

/** The keys a saved search keeps, in the order its query is written. */
const savedSearchKeys = [...Object.keys(carFilterShape), 'sort'] as const;

/**
 * A search page's query (`make=Toyota&maxPrice=15000`, a leading `?` allowed), checked as the
 * car list checks it and written back in one order, without paging: two saves of the same
 * search keep the same text, and a link back to the search page is `/products?<query>`.
 */
export const savedSearchQuery = z
  .string({ error: 'Must be text' })
  .max(1000, 'At most 1000 characters')
  .transform((text, ctx) => {
    const given = new URLSearchParams(text.trim().replace(/^\?/, ''));
    const unknown = [...given.keys()].filter(
      (key) => !savedSearchKeys.includes(key as never) && key !== 'page' && key !== 'cursor',
    );
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown search parameter ${unknown[0]}` });
      return z.NEVER;
    }
    const checked = SavedSearchFilters.safeParse(Object.fromEntries(given));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: `${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`,
      });
      return z.NEVER;
    }
    const kept = new URLSearchParams();
    for (const key of savedSearchKeys) {
      const value = checked.data[key as keyof SavedSearchFilters];
      if (value !== undefined) kept.set(key, String(value));
    }
    if ([...kept.keys()].length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Choose at least one filter to save' });
      return z.NEVER;
    }
    return kept.toString();
  })
  .describe('The search page’s query, such as make=Toyota&maxPrice=15000');

/** At most this many words of a search are matched. */
const MAX_SEARCH_WORDS = 8;

/** The words of a search, lowercased: letters and digits, with inner dots kept ("1.8"). */
export const searchWords = (q: string): string[] =>
  (
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu) ?? []
  ).slice(0, MAX_SEARCH_WORDS);

/** A car as a saved search is matched against it. */
export interface MatchedCar {
  name: string;
  categoryName: string;
  price: number;
  location: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  fuel: string | null;
  transmission: string | null;
  description: string | null;
}

/**
 * Whether a car for sale, not booked, matches a saved search's query (as `savedSearchQuery`
 * wrote it): every filter holds, and every word of `q` starts a word of its name, make, model,
 * location or description. A misspelt word, which the search page forgives, does not match
 * here: a notification should not guess. Near a place, `kmTo` says how far the car is from it
 * (undefined when either place is unknown, which no search near a place matches).
 */
export const carMatchesSearch = (
  car: MatchedCar,
  query: string,
  kmTo: (place: string) => number | undefined = () => undefined,
): boolean => {
  const params = new URLSearchParams(query);
  const near = params.get('near');
  if (
    near !== null &&
    !((kmTo(near) ?? Infinity) <= Number(params.get('radiusKm') ?? DEFAULT_RADIUS_KM))
  )
    return false;
  const text = (key: string) => params.get(key)?.toLowerCase();
  const number = (key: string) => {
    const value = params.get(key);
    return value === null ? undefined : Number(value);
  };
  const same = (wanted: string | undefined, value: string | null) =>
    wanted === undefined || value?.toLowerCase() === wanted;
  const atLeast = (min: number | undefined, value: number | null) =>
    min === undefined || (value !== null && value >= min);
  const atMost = (max: number | undefined, value: number | null) =>
    max === undefined || (value !== null && value <= max);
  if (params.get('booked') === 'true') return false;
  if (!same(text('category'), car.categoryName)) return false;
  if (!same(text('make'), car.make) || !same(text('model'), car.model)) return false;
  if (!same(text('fuel'), car.fuel) || !same(text('transmission'), car.transmission)) return false;
  if (!atLeast(number('minPrice'), car.price) || !atMost(number('maxPrice'), car.price))
    return false;
  if (!atLeast(number('minYear'), car.year) || !atMost(number('maxYear'), car.year)) return false;
  if (!atMost(number('maxMileage'), car.mileage)) return false;
  const location = text('location');
  if (location !== undefined && !car.location.toLowerCase().startsWith(location)) return false;
  const q = params.get('q');
  if (q === null) return true;
  const words = searchWords(
    [car.name, car.make, car.model, car.location, car.description].filter(Boolean).join(' '),
  );
  return searchWords(q).every((wanted) => words.some((word) => word.startsWith(wanted)));
};

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

/** What comparable cars say a car is worth, in whole dollars. */
export const MarketValueAnswer = z.object({
  value: z.number().describe('The median price of the comparable cars'),
  low: z.number().describe('The 25th percentile: the fair range starts here'),
  high: z.number().describe('The 75th percentile: the fair range ends here'),
  comparables: z.number().int().describe('How many comparable cars'),
});
export type MarketValueAnswer = z.infer<typeof MarketValueAnswer>;

/**
 * `GET /api/market-value`: a price guide for a car of this make, model, year and mileage, from
 * the cars like it for sale and sold.
 */
export const MarketValueQuery = z.object({
  make: requiredText(MAKE_MAX),
  model: requiredText(MODEL_MAX),
  year: queryNumber(FIRST_MODEL_YEAR, LAST_SEARCHED_YEAR).pipe(z.number({ error: 'Required' })),
  mileage: queryNumber(0, MILEAGE.max).describe('Kilometres; without it, any mileage compares'),
});
export type MarketValueQuery = z.infer<typeof MarketValueQuery>;

/** The price guide: null value when fewer than 5 comparable cars are known. */
export const MarketValueGuide = z.object({
  value: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  comparables: z.number().int(),
});
export type MarketValueGuide = z.infer<typeof MarketValueGuide>;

/** A car, as a client shows it: prices in dollars, years of use, 1/0 flags. */
export const CarRecord = z.object({
  _id: z.string(),
  name: z.string(),
  seller_name: z.string(),
  email: z.string().describe("The seller's email"),
  category: z.string().describe("The category's name"),
  image: z.string(),
  original_price: z.number(),
  price: z.number(),
  location: z.string(),
  use: z.number().describe('Years of use'),
  booked: z.number().int().describe('1 while a booking of it is requested or accepted'),
  advertise: z.number().int().describe('1 when advertised'),
  ...CarDetailsAnswer.shape,
  images: z.array(z.string()).describe('Its pictures in order; the first is `image`, the cover'),
  sold: z.number().int().describe('1 when its seller marked it sold'),
  seller_id: z.string().describe("The seller's id: their profile is /seller/:id"),
  seller_rating: SellerRating.describe("The seller's reviews"),
  previous_price: z
    .number()
    .optional()
    .describe('The price before the latest change; absent until the price changes'),
  listed_at: z
    .string()
    .describe('ISO-8601: when its current term began, as listed or as last renewed'),
  expires_at: z
    .string()
    .describe('ISO-8601: when the term ends and it leaves search, unless its seller renews it'),
  off_market: z
    .enum(offMarketReasons)
    .optional()
    .describe(
      'Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market',
    ),
  off_market_reason: z
    .string()
    .optional()
    .describe("What the moderator said, on the seller's own list only"),
  deal: z
    .enum(dealRatings)
    .optional()
    .describe(
      'Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value',
    ),
  market: MarketValueAnswer.optional().describe(
    'Its market value and fair range, from comparable cars for sale and sold; absent with `deal`',
  ),
  distanceKm: z
    .number()
    .optional()
    .describe(
      'Kilometres from the place a search is `near`, to one decimal; only in such a search',
    ),
});
export type CarRecord = z.infer<typeof CarRecord>;

/**
 * `GET /api/products`: every car, or with `email` the seller's own (seller or admin); with any
 * filter, `sort` or `cursor`, a search.
 */
export const CarsQuery = PageQuery.extend({
  email: z.string().trim().min(1).optional(),
  ...carFilterShape,
  ...sortAndCursorShape,
}).superRefine(checkRanges);
export type CarsQuery = z.infer<typeof CarsQuery>;

/** `GET /api/category/products/:name`: a category's cars, searched like every car. */
export const CategoryCarsQuery = PageQuery.extend({
  ...carFilterShape,
  ...sortAndCursorShape,
}).superRefine(checkRanges);
export type CategoryCarsQuery = z.infer<typeof CategoryCarsQuery>;

/** `GET /api/product/:id/price-history`: the listing's price, then each change, oldest first. */
export const PricePoint = z.object({
  price: z.number(),
  at: z.string().describe('ISO-8601'),
});
export type PricePoint = z.infer<typeof PricePoint>;

/** The write calls of this feature, by operation id (see `writeCalls`). */
export const carWriteCalls = {
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
} as const;
