import {
  AuditEntry,
  CarRecord,
  CarsQuery,
  CategoryNameParams,
  PageQuery,
  ReadIdParams,
} from '@second-gear/contracts';
import type { CarRow } from '@second-gear/read-model';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { countAll, lowerEquals, type QueryContext } from '../context.ts';
import { offsetOf, setPageHeaders } from '../paging.ts';
import { requireOwnOrAdmin, viewerOf } from '../viewer.ts';
import { historyOfCar } from './audit.ts';

/**
 * A car as the public API answers it: `_id`, `email` (the seller's), `category` (its name),
 * `use` (years of use) and `advertise` are the API's field names, in its order.
 */
export const toCar = (row: CarRow): CarRecord => ({
  _id: row.id,
  name: row.name,
  seller_name: row.seller_name,
  email: row.seller_email,
  category: row.category_name,
  image: row.image,
  original_price: Number(row.original_price),
  price: Number(row.price),
  location: row.location,
  use: Number(row.years_of_use),
  booked: Number(row.booked),
  advertise: Number(row.advertised),
});

const publicList = { tags: ['cars'], response: { 200: z.array(CarRecord) } } as const;

export const carRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const liveCars = () =>
    ctx.db.withSchema(ctx.schema).selectFrom('cars').where('deleted_at', 'is', null);

  type LiveCars = ReturnType<typeof liveCars>;

  // One paged answer: the page of rows newest first, the totals in headers.
  const page = async (query: LiveCars, paging: PageQuery) => {
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('listed_position', 'desc')
        .orderBy('id')
        .limit(paging.limit)
        .offset(offsetOf(paging))
        .execute(),
      query.select(countAll).executeTakeFirstOrThrow(),
    ]);
    return { cars: rows.map(toCar), total: count.total };
  };

  app.get(
    '/api/products',
    {
      schema: {
        ...publicList,
        summary:
          "All cars, newest first; with `email`, that seller's cars (the seller or an admin)",
        querystring: CarsQuery,
      },
      // Only the seller's list needs a caller; the public list ignores any token.
      preHandler: async function sellerOnly(request, reply) {
        if (request.query.email !== undefined) await app.authenticate.call(app, request, reply);
      },
    },
    async (request, reply) => {
      const { email, ...paging } = request.query;
      let query = liveCars();
      if (email !== undefined) {
        const viewer = await viewerOf(ctx.db, ctx.schema, request);
        requireOwnOrAdmin(viewer, email, "a seller's cars");
        query = query.where(lowerEquals('seller_email', email));
      }
      const { cars, total } = await page(query, paging);
      setPageHeaders(request, reply, paging, total);
      return cars;
    },
  );

  app.get(
    '/api/products/advertise',
    {
      schema: {
        ...publicList,
        summary: 'The Recommended cars: advertised, not booked, not deleted',
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const query = liveCars().where('advertised', '=', 1).where('booked', '=', 0);
      const { cars, total } = await page(query, request.query);
      setPageHeaders(request, reply, request.query, total);
      return cars;
    },
  );

  app.get(
    '/api/category/products/:name',
    {
      schema: {
        ...publicList,
        summary: 'The cars of a category (by name, case-insensitively)',
        params: CategoryNameParams,
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const query = liveCars().where(lowerEquals('category_name', request.params.name));
      const { cars, total } = await page(query, request.query);
      setPageHeaders(request, reply, request.query, total);
      return cars;
    },
  );

  app.get(
    '/api/product/:id',
    {
      schema: {
        tags: ['cars'],
        summary: 'One car',
        params: ReadIdParams,
        response: { 200: CarRecord },
      },
    },
    async (request) => {
      const row = await liveCars()
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw HttpProblem.notFound('No such car.');
      return toCar(row);
    },
  );

  app.get(
    '/api/product/:id/history',
    {
      schema: {
        tags: ['cars', 'audit'],
        summary:
          "A car's history, oldest first: listed, advertised, booked, deleted (its seller or an admin)",
        params: ReadIdParams,
        querystring: PageQuery,
        response: { 200: z.array(AuditEntry) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      // Deleted cars keep their row, so their history still knows the seller.
      const car = await ctx.db
        .withSchema(ctx.schema)
        .selectFrom('cars')
        .select(['id', 'seller_email', 'seller_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!car) throw HttpProblem.notFound('No such car.');
      if (viewer.role !== 'Admin' && viewer.uid !== car.seller_id) {
        requireOwnOrAdmin(viewer, car.seller_email, "this car's history");
      }
      const { entries, total } = await historyOfCar(ctx, car.id, request.query);
      setPageHeaders(request, reply, request.query, total);
      return entries;
    },
  );
};
