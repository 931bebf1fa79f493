/**
 * The marketplace's enumerations and bounds, each declared here once. Plain values with no
 * schema library, so the web's first download may import them (`@second-gear/features/rules`). The decisions enforce
 * them; the HTTP contract, the event schemas, the read tables' checks and the web's forms
 * derive theirs from these, so changing a bound is one edit.
 */

/** What a user may do: browse and book, also list cars, also manage the marketplace. */
export const roles = ['Buyer', 'Seller', 'Admin'] as const;

/**
 * A booking's life: requested by the buyer; accepted or declined by the seller; cancelled by
 * either while still open; ended when its car leaves the marketplace.
 */
export const bookingStatuses = ['requested', 'accepted', 'declined', 'cancelled', 'ended'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A booking that still holds its car: no other buyer can book it meanwhile. */
export const isOpenBooking = (status: BookingStatus): boolean =>
  status === 'requested' || status === 'accepted';

export const fuels = ['petrol', 'diesel', 'hybrid', 'electric', 'lpg', 'other'] as const;
export type Fuel = (typeof fuels)[number];

export const transmissions = ['manual', 'automatic'] as const;
export type Transmission = (typeof transmissions)[number];

/**
 * The orders a search can list cars in; `distance` (nearest first) only near a place; `deal`:
 * the lowest price against the market value first, cars without a rating last.
 */
export const carSorts = [
  'newest',
  'price_asc',
  'price_desc',
  'year_desc',
  'mileage_asc',
  'distance',
  'deal',
] as const;
export type CarSort = (typeof carSorts)[number];

/** How a car's price stands against its market value, best deal first. */
export const dealRatings = ['great', 'good', 'fair', 'high', 'overpriced'] as const;
export type DealRating = (typeof dealRatings)[number];

/**
 * The highest price, as a share of the market value, of each rating but the last: at most 90 %
 * is a great deal, at most 96 % a good one, up to 105 % fair, up to 115 % high; above, overpriced.
 */
export const DEAL_CEILINGS: Readonly<Record<Exclude<DealRating, 'overpriced'>, number>> = {
  great: 0.9,
  good: 0.96,
  fair: 1.05,
  high: 1.15,
};

/** The rating of a price that is `ratio` of the market value. */
export const dealRatingOf = (ratio: number): DealRating =>
  (Object.entries(DEAL_CEILINGS) as [DealRating, number][]).find(
    ([, ceiling]) => ratio <= ceiling,
  )?.[0] ?? 'overpriced';

/**
 * A car's market value is the median price of comparable cars: the same make and model for
 * sale, and its latest sales (`MARKET_SALES`); a year within `MARKET_YEARS[0]` and a mileage
 * in the same band of `MILEAGE_BAND_KM` or the next, widened to any mileage, then to a year
 * within `MARKET_YEARS[1]`, until at least `MIN_COMPARABLES` are found; else it has none.
 */
export const MIN_COMPARABLES = 5;
export const MILEAGE_BAND_KM = 25_000;
export const MARKET_YEARS = [2, 4] as const;
export const MARKET_SALES = 100;
/**
 * A car's kept value is written again when its rating changes, when it gains or loses a value,
 * or when the value, or its price's share of it, moves by this share or more; a smaller move
 * (the make and model's fit shifting as cars come and go) leaves the car's value, range and
 * number of comparables as they were, each consistent with the others.
 */
export const MARKET_VALUE_TOLERANCE = 0.01;

/** An inclusive range of numbers. */
export type Bound = { readonly min: number; readonly max: number };

/** Prices are whole or fractional dollars in this range; the read tables keep them exactly. */
export const PRICE: Bound = { min: 1, max: 10_000_000 };
/** How many years a car has been in use. */
export const YEARS_OF_USE: Bound = { min: 0, max: 100 };
/** How far from a place a search near it reaches, in kilometres, and how far when not said. */
export const RADIUS_KM: Bound = { min: 1, max: 500 };
export const DEFAULT_RADIUS_KM = 50;
/** Kilometres on the clock. */
export const MILEAGE: Bound = { min: 0, max: 2_000_000 };
/** The first model year a listing may name; the last is `latestModelYear()`. */
export const FIRST_MODEL_YEAR = 1900;
/** The latest model year a search may ask for. */
export const LAST_SEARCHED_YEAR = 2100;
/** Next year's models are on sale before the year begins. */
export const latestModelYear = (now = new Date()): number => now.getUTCFullYear() + 1;
/** How many digits a phone number has, whatever separators it is written with. */
export const PHONE_DIGITS: Bound = { min: 6, max: 15 };

/** The longest text each field takes, in characters. */
export const TEXT_MAX = {
  userName: 100,
  email: 320,
  url: 2048,
  categoryName: 60,
  carName: 120,
  location: 120,
  make: 40,
  model: 60,
  description: 4000,
  phone: 32,
  meetup: 200,
  /** One message of a conversation between a buyer and a seller. */
  message: 2000,
  /** What a reporter adds to the reason of a report. */
  reportDetails: 1000,
  /** Why a moderator acted: the owner of what they acted on is told it. */
  moderationReason: 500,
  /** What a buyer writes of a seller they met, and the seller's one answer. */
  review: 1000,
  reviewAnswer: 1000,
} as const;

/** A review's stars: whole, from 1 to 5. */
export const REVIEW_STARS: Bound = { min: 1, max: 5 };

/**
 * Where a booking stands for its review: not a meetup the seller accepted, its time still ahead,
 * open to the buyer's review, or reviewed.
 */
export const reviewStates = ['not-met', 'not-yet', 'open', 'reviewed'] as const;
export type ReviewStage = (typeof reviewStates)[number];

/**
 * Where a booking stands for its review at `at`. Its parties met, as far as the marketplace
 * knows, once the seller accepted it (it may have ended since, the car sold to that buyer) and
 * the time the buyer proposed has passed; a booking accepted without a proposed time counts as
 * met once accepted. The decision on a review and every screen offering one ask this.
 */
export const reviewStageOf = (
  booking: {
    status: BookingStatus;
    /** Whether the seller ever accepted it. */
    accepted: boolean;
    /** ISO-8601, or null when the buyer proposed no time. */
    proposedTime: string | null;
    reviewed: boolean;
  },
  at: Date,
): ReviewStage => {
  if (booking.reviewed) return 'reviewed';
  const stillMet = booking.status === 'accepted' || booking.status === 'ended';
  if (!booking.accepted || !stillMet) return 'not-met';
  if (booking.proposedTime !== null && Date.parse(booking.proposedTime) > at.getTime())
    return 'not-yet';
  return 'open';
};

/** A seller's average stars, to one decimal, from their standing reviews; null with none. */
export const averageStars = (reviews: number, stars: number): number | null =>
  reviews > 0 ? Math.round((stars / reviews) * 10) / 10 : null;

/** Whether `value` is a finite number within `bound`. */
export const within = (bound: Bound, value: number): boolean =>
  Number.isFinite(value) && value >= bound.min && value <= bound.max;

/** What can be reported: a listing, a person, one message of a conversation, or a review. */
export const reportSubjects = ['car', 'user', 'message', 'review'] as const;
export type ReportSubjectType = (typeof reportSubjects)[number];

/** Why something is reported. */
export const reportReasons = [
  'scam',
  'wrong-details',
  'offensive',
  'sold',
  'duplicate',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/**
 * What a moderator does with a subject's open reports: nothing (dismiss), take a car off the
 * market or put it back, hide a review from its seller's profile or show it again, suspend the
 * owner of the subject or lift the suspension.
 */
export const moderationActions = [
  'dismiss',
  'hide-car',
  'restore-car',
  'hide-review',
  'restore-review',
  'suspend-user',
  'lift-suspension',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** Why a car is out of search and cannot be booked, though neither sold nor deleted. */
export const offMarketReasons = ['hidden', 'seller-suspended', 'expired'] as const;
export type OffMarketReason = (typeof offMarketReasons)[number];

/** A day, in milliseconds. */
export const DAY_MS = 86_400_000;

/** How long a listing stays on the market after it was listed or last renewed. */
export const LISTING_DAYS = 60;
/** How long before it expires its seller is told, so they can renew it. */
export const EXPIRY_NOTICE_DAYS = 7;
/** When a listing's term that began at `began` ends. */
export const termEnd = (began: Date): Date => new Date(began.getTime() + LISTING_DAYS * DAY_MS);

/** How many different people's open reports take a car off the market pending review. */
export const REPORTERS_TO_HIDE = 3;
