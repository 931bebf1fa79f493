import type { Projection } from '../platform/projection.ts';
import { ERASED_REVIEW_TEXT } from './events.ts';

/**
 * reviews: one row per review, with the seller's answer and whether a moderator hides it. What a
 * deleted buyer wrote, or a deleted seller answered, leaves it; the stars stay.
 */
export const reviewsProjection: Projection = {
  name: 'reviews',
  async apply(tables, event) {
    switch (event.type) {
      case 'ReviewPosted': {
        const r = event.data;
        await tables
          .insertInto('reviews')
          .values({
            id: r.reviewId,
            booking_id: r.bookingId,
            car_id: r.carId,
            seller_id: r.sellerId,
            buyer_id: r.buyerId,
            rating: r.rating,
            text: r.text,
            posted_at: event.metadata.occurredAt,
            position: event.position,
          })
          .onConflict((c) => c.doNothing())
          .execute();
        return;
      }
      case 'ReviewAnswered':
        await tables
          .updateTable('reviews')
          .set({ answer: event.data.text, answered_at: event.metadata.occurredAt })
          .where('id', '=', event.data.reviewId)
          .execute();
        return;
      case 'ReviewHidden':
      case 'ReviewRestored': {
        const hidden = event.type === 'ReviewHidden';
        await tables
          .updateTable('reviews')
          .set({
            hidden_at: hidden ? event.metadata.occurredAt : null,
            hidden_reason: hidden ? event.data.reason : null,
          })
          .where('id', '=', event.data.reviewId)
          .execute();
        return;
      }
      case 'UserDeleted': {
        const { userId } = event.data;
        await tables
          .updateTable('reviews')
          .set({ text: ERASED_REVIEW_TEXT })
          .where('buyer_id', '=', userId)
          .execute();
        await tables
          .updateTable('reviews')
          .set({ answer: ERASED_REVIEW_TEXT })
          .where('seller_id', '=', userId)
          .where('answer', 'is not', null)
          .execute();
        return;
      }
      default:
        return;
    }
  },
};
