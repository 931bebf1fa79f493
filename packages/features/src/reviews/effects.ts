import type { Describe } from '../audit/index.ts';
import type { SellerChangeOf } from '../cars/index.ts';
import type { Notices } from '../members/index.ts';

// What reviews change in other features' tables: the seller's rating on every car of theirs,
// the audit log, and what the seller and the buyer hear.

/** A review counts in its seller's rating while it stands: posted or shown again, not hidden. */
export const sellerRatingOf: SellerChangeOf = (event) => {
  switch (event.type) {
    case 'ReviewPosted':
    case 'ReviewRestored':
      return { sellerId: event.data.sellerId, rating: { reviews: 1, stars: event.data.rating } };
    case 'ReviewHidden':
      return { sellerId: event.data.sellerId, rating: { reviews: -1, stars: -event.data.rating } };
    default:
      return undefined;
  }
};

/** Reviews are filed under the seller they are about. */
export const describeReview: Describe = (event) => {
  switch (event.type) {
    case 'ReviewPosted':
      return {
        action: 'reviewed',
        subjectType: 'user',
        subjectId: event.data.sellerId,
        details: {
          reviewId: event.data.reviewId,
          carId: event.data.carId,
          rating: event.data.rating,
        },
      };
    case 'ReviewAnswered':
      return {
        action: 'answered a review by',
        subjectType: 'user',
        subjectId: event.data.buyerId,
        details: { reviewId: event.data.reviewId },
      };
    case 'ReviewHidden':
    case 'ReviewRestored':
      return {
        action: event.type === 'ReviewHidden' ? 'hid a review of' : 'showed again a review of',
        subjectType: 'user',
        subjectId: event.data.sellerId,
        details: { reviewId: event.data.reviewId, reason: event.data.reason },
      };
    default:
      return undefined;
  }
};

/**
 * The seller hears of a review of them, the buyer of the seller's answer and of a moderator
 * hiding their review (with the reason) or showing it again.
 */
export const reviewNotices: Notices = {
  types: ['ReviewPosted', 'ReviewAnswered', 'ReviewHidden', 'ReviewRestored'],
  of: (event) => {
    switch (event.type) {
      case 'ReviewPosted': {
        const { sellerId, carId, rating, reviewId } = event.data;
        return [{ userId: sellerId, kind: 'review-posted', carId, details: { rating, reviewId } }];
      }
      case 'ReviewAnswered': {
        const { buyerId, sellerId, carId, reviewId } = event.data;
        return [
          { userId: buyerId, kind: 'review-answered', carId, details: { sellerId, reviewId } },
        ];
      }
      case 'ReviewHidden':
      case 'ReviewRestored': {
        const { buyerId, sellerId, carId, reason } = event.data;
        const kind = event.type === 'ReviewHidden' ? 'review-hidden' : 'review-restored';
        return [{ userId: buyerId, kind, carId, details: { sellerId, reason } }];
      }
      default:
        return [];
    }
  },
};
