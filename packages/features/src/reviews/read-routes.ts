import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { IdParams } from '../contract/fields.ts';
import { ERASED_NAME } from '../platform/personal-data.ts';
import { countAll, iso, type QueryContext, type ReadContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { type ReviewRecord, ReviewRecord as ReviewSchema, SellerReviewsQuery } from './contract.ts';

/** The read model's tables these answers read, for read-your-writes and the cache. */
export const reviewReads = ['users', 'cars', 'reviews'] as const;

/** A seller whose profile and reviews anyone may read: an account that sells, not deleted. */
export const findSeller = async (ctx: ReadContext, sellerId: string) => {
  const seller = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('users')
    .select(['id', 'name', 'photo_url', 'role', 'registered_at'])
    .where('id', '=', sellerId)
    .where('deleted_at', 'is', null)
    .where('role', 'in', ['Seller', 'Admin'])
    .executeTakeFirst();
  if (!seller) throw HttpProblem.notFound('No such seller.');
  return seller;
};

/** A seller's standing reviews, newest first: one page, and how many there are. */
export const reviewsPage = async (
  ctx: ReadContext,
  sellerId: string,
  page: { page: number; limit: number },
): Promise<{ reviews: ReviewRecord[]; total: number }> => {
  const db = ctx.db.withSchema(ctx.schema);
  const standing = db
    .selectFrom('reviews as r')
    .where('r.seller_id', '=', sellerId)
    .where('r.hidden_at', 'is', null);
  const [rows, count] = await Promise.all([
    standing
      .leftJoin('users as u', 'u.id', 'r.buyer_id')
      .leftJoin('cars as c', 'c.id', 'r.car_id')
      .select(['r.id', 'r.rating', 'r.text', 'r.buyer_id', 'r.car_id', 'r.posted_at'])
      .select(['r.answer', 'r.answered_at', 'u.name as buyer_name', 'u.deleted_at'])
      .select('c.name as car_name')
      .orderBy('r.position', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page))
      .execute(),
    standing.select(countAll).executeTakeFirstOrThrow(),
  ]);
  const reviews = rows.map((r) => ({
    _id: r.id,
    rating: r.rating,
    text: r.text,
    buyer: {
      _id: r.buyer_id,
      name: r.deleted_at === null && r.buyer_name ? r.buyer_name : ERASED_NAME,
    },
    car: { _id: r.car_id, name: r.car_name ?? 'A car' },
    posted_at: iso(r.posted_at),
    answer:
      r.answer !== null && r.answered_at !== null
        ? { text: r.answer, at: iso(r.answered_at) }
        : null,
  }));
  return { reviews, total: count.total };
};

/** `GET /api/sellers/:id/reviews`: what buyers who met the seller said, newest first. */
export function reviewReadRoutes(app: ServiceApp, ctx: QueryContext): void {
  app.get(
    '/api/sellers/:id/reviews',
    {
      config: { answerCache: 'public', reads: reviewReads },
      schema: {
        operationId: 'listSellerReviews',
        tags: ['sellers'],
        summary:
          "A seller's reviews from buyers they met, newest first, with the seller's answers (hidden ones left out)",
        params: IdParams,
        querystring: SellerReviewsQuery,
        response: { 200: z.array(ReviewSchema), ...problemAnswers(400, 404) },
        security: [],
      },
    },
    async (request, reply) => {
      await findSeller(ctx, request.params.id);
      const { reviews, total } = await reviewsPage(ctx, request.params.id, request.query);
      setPageHeaders(request, reply, request.query, total);
      return reviews;
    },
  );
}
