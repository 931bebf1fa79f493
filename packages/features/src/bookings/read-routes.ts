import type { BookingRow } from '@second-gear/read-model';
import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { accountOf, ownedBy, viewerOf } from '../platform/reads/viewer.ts';
import { BookingRecord, BookingsQuery } from './contract.ts';

/**
 * A booking as the public API answers it: `_id`, `buyer` and `seller` (their names),
 * `product_id` and `product_name` (the car's) are the API's field names, in its order.
 */
const toBooking = (
  row: BookingRow & { reviewed: SqlBool; car_image: string | null },
): BookingRecord => ({
  _id: row.id,
  buyer: row.buyer_name,
  seller: row.seller_name,
  buyer_email: row.buyer_email,
  seller_email: row.seller_email,
  product_id: row.car_id,
  product_name: row.car_name,
  price: Number(row.price),
  buyer_phone: row.buyer_phone,
  meetup: row.meetup,
  booked_at: new Date(row.booked_at).toISOString(),
  status: row.status,
  ...(row.proposed_time && { proposed_time: new Date(row.proposed_time).toISOString() }),
  ...(row.status_changed_at && {
    status_changed_at: new Date(row.status_changed_at).toISOString(),
  }),
  seller_id: row.seller_id,
  ...(row.accepted_at && { accepted_at: new Date(row.accepted_at).toISOString() }),
  reviewed: Boolean(row.reviewed),
  ...(row.car_image && { product_image: row.car_image }),
});

export const bookingReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/bookings',
    {
      config: { answerCache: 'private', reads: ['users', 'bookings', 'reviews', 'cars'] },
      schema: {
        operationId: 'listBookings',
        tags: ['bookings'],
        summary:
          "A seller's bookings received (requests waiting for an answer first), or with type=buyer a buyer's purchases, newest first (own, or an admin)",
        querystring: BookingsQuery,
        response: { 200: z.array(BookingRecord), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { email, type, product_id: carId, ...paging } = request.query;
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const party = type === 'buyer' ? 'buyer' : 'seller';
      const account = await accountOf(
        ctx,
        viewer,
        email,
        party === 'buyer' ? 'these purchases' : 'these bookings',
      );
      const query = ctx.db
        .withSchema(ctx.schema)
        .selectFrom('bookings')
        .where(ownedBy(party, account))
        .$if(carId !== undefined, (q) => q.where('car_id', '=', carId as string));
      const [rows, count] = await Promise.all([
        query
          .selectAll('bookings')
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('reviews')
                  .select('reviews.id')
                  .whereRef('reviews.id', '=', 'bookings.id'),
              )
              .as('reviewed'),
          )
          // The car's picture as its card shows it: the seller's queue shows which car at a glance.
          .select((eb) =>
            eb
              .selectFrom('cars')
              .select('cars.image')
              .whereRef('cars.id', '=', 'bookings.car_id')
              .as('car_image'),
          )
          // A seller's requests still waiting for an answer come first: their work queue.
          .$if(party === 'seller', (q) =>
            q.orderBy(sql<number>`case when bookings.status = 'requested' then 0 else 1 end`),
          )
          .orderBy('position', 'desc')
          .limit(paging.limit)
          .offset(offsetOf(paging))
          .execute(),
        query.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, paging, count.total);
      return rows.map(toBooking);
    },
  );
};
