import type { DomainEvent } from '../registry/events.ts';

/** A review, from stream `review-<bookingId>`: none until the buyer posts it. */
export type ReviewState =
  | { status: 'none' }
  | {
      status: 'posted';
      reviewId: string;
      bookingId: string;
      carId: string;
      sellerId: string;
      buyerId: string;
      rating: number;
      answered: boolean;
      /** Set while a moderator has it hidden. */
      hidden: boolean;
    };

export type PostedReview = Extract<ReviewState, { status: 'posted' }>;

export const initialReviewState = (): ReviewState => ({ status: 'none' });

export const evolveReview = (state: ReviewState, event: DomainEvent): ReviewState => {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, bookingId, carId, sellerId, buyerId, rating } = event.data;
      return {
        status: 'posted',
        reviewId,
        bookingId,
        carId,
        sellerId,
        buyerId,
        rating,
        answered: false,
        hidden: false,
      };
    }
    case 'ReviewAnswered':
      return state.status === 'posted' ? { ...state, answered: true } : state;
    case 'ReviewHidden':
    case 'ReviewRestored':
      return state.status === 'posted'
        ? { ...state, hidden: event.type === 'ReviewHidden' }
        : state;
    default:
      return state;
  }
};

/** The parties of a posted review, as every later event of it carries them. */
export const reviewPartiesOf = (review: PostedReview) => ({
  reviewId: review.reviewId,
  bookingId: review.bookingId,
  carId: review.carId,
  sellerId: review.sellerId,
  buyerId: review.buyerId,
});
