import type { ColumnType } from 'kysely';

// The reviews' read tables, as Kysely sees them (the read model's database type includes them);
// migration 0021 creates them.

type Position = ColumnType<string | number | bigint, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** One row per review: its stars and words, the seller's answer, and whether it is hidden. */
export interface ReviewsTable {
  /** The booking's id. */
  id: string;
  booking_id: string;
  car_id: string;
  seller_id: string;
  buyer_id: string;
  rating: number;
  /** Empty when the buyer wrote nothing, or once their account is deleted. */
  text: string;
  answer: Nullable<string>;
  answered_at: Nullable<Date | string>;
  posted_at: Timestamp;
  /** Set while a moderator keeps it off the seller's profile and average. */
  hidden_at: Nullable<Date | string>;
  hidden_reason: Nullable<string>;
  position: Position;
}

/**
 * Each reviewed seller's standing reviews and stars, kept by the cars' projection with the same
 * numbers on every car of theirs (`cars.seller_reviews`, `cars.seller_stars`).
 */
export interface SellerRatingsTable {
  seller_id: string;
  reviews: ColumnType<number, number | undefined, number>;
  stars: ColumnType<number, number | undefined, number>;
}

export interface ReviewTables {
  reviews: ReviewsTable;
  seller_ratings: SellerRatingsTable;
}
