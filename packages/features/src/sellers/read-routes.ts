import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { sql } from 'kysely';
import { toCar } from '../cars/index.ts';
import { IdParams } from '../contract/fields.ts';
import { countAll, type QueryContext, type ReadContext } from '../platform/reads/context.ts';
import { averageStars } from '../platform/rules.ts';
import { findSeller, reviewsPage } from '../reviews/index.ts';
import { PROFILE_CARS, PROFILE_REVIEWS, SellerProfile } from './contract.ts';

/** The read model's tables the profile reads, for read-your-writes and the cache. */
const reads = ['users', 'cars', 'bookings', 'messages', 'reviews'] as const;

/** How the seller answers: of the conversations buyers opened, those they wrote in, and how soon. */
const answersOf = async (ctx: ReadContext, sellerId: string) => {
  const row = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('conversations')
    .select([
      sql<number>`count(*)::int`.as('conversations'),
      sql<number>`count(first_answer_at)::int`.as('answered'),
      sql<number | null>`(percentile_cont(0.5) within group
        (order by extract(epoch from first_answer_at - started_at)))::float8`.as('median_seconds'),
    ])
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  const { conversations, answered, median_seconds } = row;
  return {
    conversations,
    answered,
    answered_share: conversations > 0 ? Math.round((answered / conversations) * 100) / 100 : null,
    median_answer_minutes:
      median_seconds === null ? null : Math.max(0, Math.round(Number(median_seconds) / 60)),
  };
};

/** Their cars on the market, newest first, and how many. */
const carsOf = async (ctx: ReadContext, sellerId: string) => {
  const forSale = ctx.db
    .withSchema(ctx.schema)
    .selectFrom('cars')
    .where('seller_id', '=', sellerId)
    .where('deleted_at', 'is', null)
    .where('sold_at', 'is', null)
    .where('off_market', '=', false);
  const [rows, count] = await Promise.all([
    forSale.selectAll().orderBy('listed_position', 'desc').limit(PROFILE_CARS).execute(),
    forSale.select(countAll).executeTakeFirstOrThrow(),
  ]);
  return { cars: rows.map((row) => toCar(row)), total: count.total };
};

const ratingOf = async (ctx: ReadContext, sellerId: string) => {
  const row = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('seller_ratings')
    .select(['reviews', 'stars'])
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  const reviews = row?.reviews ?? 0;
  return { average: averageStars(reviews, row?.stars ?? 0), count: reviews };
};

const meetupsOf = async (ctx: ReadContext, sellerId: string) => {
  const row = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('bookings')
    .select(countAll)
    .where('seller_id', '=', sellerId)
    .where('accepted_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.total;
};

/** `GET /api/sellers/:id`: what a buyer weighs before meeting a seller. */
export function sellerReadRoutes(app: ServiceApp, ctx: QueryContext): void {
  app.get(
    '/api/sellers/:id',
    {
      config: { answerCache: 'public', reads },
      schema: {
        operationId: 'readSeller',
        tags: ['sellers'],
        summary:
          "A seller's public profile: since when they are a member, their rating, meetups accepted, how they answer messages, their cars for sale and newest reviews",
        params: IdParams,
        response: { 200: SellerProfile, ...problemAnswers(400, 404) },
        security: [],
      },
    },
    async (request) => {
      const seller = await findSeller(ctx, request.params.id);
      const [rating, meetups, answers, cars, reviews] = await Promise.all([
        ratingOf(ctx, seller.id),
        meetupsOf(ctx, seller.id),
        answersOf(ctx, seller.id),
        carsOf(ctx, seller.id),
        reviewsPage(ctx, seller.id, { page: 1, limit: PROFILE_REVIEWS }),
      ]);
      return {
        _id: seller.id,
        name: seller.name,
        photo_url: seller.photo_url,
        member_since: new Date(seller.registered_at).toISOString(),
        rating,
        meetups_accepted: meetups,
        answers,
        cars_for_sale: cars.total,
        cars: cars.cars,
        reviews: reviews.reviews,
      };
    },
  );
}
