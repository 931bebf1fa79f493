import type { CarRow } from '@second-gear/read-model';
import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { historyOfCar } from '../audit/index.ts';
import {
  AuditEntry,
  CarFacetsAnswer,
  CarFilters,
  CarRecord,
  CarsQuery,
  CategoryCarsQuery,
  CategoryNameParams,
  EXACT_TOTAL_LIMIT,
  MarketValueGuide,
  MarketValueQuery,
  PageQuery,
  PricePoint,
  presentDetails,
  ReadIdParams,
  TOTAL_ESTIMATED_HEADER,
} from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders, setSearchHeaders } from '../platform/reads/paging.ts';
import { accountOf, viewerOf } from '../platform/reads/viewer.ts';
import {
  averageStars,
  type DealRating,
  MARKET_YEARS,
  MILEAGE_BAND_KM,
  MIN_COMPARABLES,
  type OffMarketReason,
  termEnd,
} from '../platform/rules.ts';
import { marketValueOf } from './market/market-value.ts';
import {
  type CarSearch,
  carSearchOf,
  distanceKmOf,
  isSearch,
  searchCars,
} from './search/car-search.ts';
import { carFacets } from './search/facets.ts';

/**
 * A car as the public API answers it: `_id`, `email` (the seller's), `category` (its name),
 * `use` (years of use) and `advertise` are the API's field names, in its order; then the
 * details the car has (a detail it lacks is left out, not null).
 */
/** Why a car is off the market, the first that applies; undefined while it is on it. */
const offMarketOf = (row: CarRow): OffMarketReason | undefined => {
  if (row.hidden_at !== null) return 'hidden';
  if (row.seller_suspended_at !== null) return 'seller-suspended';
  if (row.expired_at !== null) return 'expired';
  return undefined;
};

/**
 * A car as the API answers it. `own`: the seller's (or an admin's) own list, which also says
 * what the moderator told them of a hidden car.
 */
export const toCar = (row: CarRow, own = false): CarRecord => ({
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
  ...presentDetails(row),
  images: row.images ?? [row.image],
  sold: row.sold_at === null ? 0 : 1,
  seller_id: row.seller_id,
  seller_rating: {
    average: averageStars(row.seller_reviews, row.seller_stars),
    count: row.seller_reviews,
  },
  ...(row.previous_price !== null && { previous_price: Number(row.previous_price) }),
  ...dealOf(row),
  ...termOf(row),
  ...offMarketAnswer(row, own),
});

/** Its deal rating and market value, when comparable cars give it one. */
const dealOf = (row: CarRow) =>
  row.deal === null || row.market_value === null
    ? {}
    : {
        deal: row.deal as DealRating,
        market: {
          value: Number(row.market_value),
          low: Number(row.fair_low),
          high: Number(row.fair_high),
          comparables: Number(row.comparables),
        },
      };

/** The car's current term: begun when listed or last renewed, ended `LISTING_DAYS` later. */
const termOf = (row: CarRow) => {
  const began = new Date(row.renewed_at ?? row.listed_at);
  return { listed_at: began.toISOString(), expires_at: termEnd(began).toISOString() };
};

const offMarketAnswer = (row: CarRow, own: boolean) => {
  const offMarket = offMarketOf(row);
  if (offMarket === undefined) return {};
  return {
    off_market: offMarket,
    ...(own && row.hidden_reason !== null && { off_market_reason: row.hidden_reason }),
  };
};

const hasEmail = (request: FastifyRequest) =>
  (request.query as { email?: unknown }).email !== undefined;

/** A list of cars anyone may read, which refuses only a query it cannot read. */
const publicList = {
  tags: ['cars'],
  response: { 200: z.array(CarRecord), ...problemAnswers(400) },
  security: [],
} as const;

const liveCars = (ctx: QueryContext) =>
  ctx.db.withSchema(ctx.schema).selectFrom('cars').where('deleted_at', 'is', null);

/**
 * One page of a list. A plain list keeps its numbered pages (`Link` first, prev, next, last);
 * a search pages by cursor (`Link` first and next) and says when its total is an estimate.
 */
const answerPage = async (
  ctx: QueryContext,
  request: FastifyRequest,
  reply: FastifyReply,
  search: CarSearch,
  paging: PageQuery,
): Promise<CarRecord[]> => {
  const { page, total } = await searchCars(ctx, search, paging);
  if (isSearch(request.query as Record<string, unknown>)) {
    setSearchHeaders(request, reply, paging, page.next, total);
  } else {
    setPageHeaders(request, reply, paging, total.total);
  }
  return page.rows.map((row) => ({
    ...toCar(row, search.scope.seller !== undefined),
    ...(typeof row.chord === 'number' && { distanceKm: distanceKmOf(row.chord) }),
  }));
};

/** Every car, a seller's, or a search of them; and the filter panel's counts for a search. */
const carSearchRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/products',
    {
      config: {
        answerCache: (request) => (hasEmail(request) ? 'private' : 'public'),
        reads: (request) => (hasEmail(request) ? ['users', 'cars'] : ['cars']),
      },
      schema: {
        operationId: 'listCars',
        tags: ['cars'],
        response: { 200: z.array(CarRecord), ...problemAnswers(400, 401, 403) },
        // Anyone; a seller's own list (`email`) needs a token.
        security: [{}, { bearer: [] }],
        summary:
          "All cars, newest first, or a search of them; with `email`, that seller's cars (the seller or an admin)",
        description:
          'Without filters, every car: those still bookable first, then the booked ones, each ' +
          'newest first, paged by `page`. With ' +
          'any filter, `sort` or `cursor`, a search: booked cars are left out unless `booked` ' +
          'says otherwise, and the next page is the `next` link (a cursor). `X-Total-Count` is ' +
          `exact up to ${EXACT_TOTAL_LIMIT.toLocaleString('en-US')} matches; above, an estimate, ` +
          `and \`${TOTAL_ESTIMATED_HEADER}: true\` says so.`,
        querystring: CarsQuery,
      },
      // Only the seller's list needs a caller; the public list ignores any token.
      preHandler: async function sellerOnly(request, reply) {
        if (request.query.email !== undefined) await app.authenticate.call(app, request, reply);
      },
    },
    async (request, reply) => {
      const { email, page, limit, ...query } = request.query;
      const scope =
        email === undefined
          ? {}
          : {
              seller: await accountOf(
                ctx,
                await viewerOf(ctx.db, ctx.schema, request),
                email,
                "a seller's cars",
              ),
            };
      return answerPage(ctx, request, reply, carSearchOf(query, scope), { page, limit });
    },
  );

  app.get(
    '/api/products/facets',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        operationId: 'searchCarFacets',
        tags: ['cars'],
        summary: "The filter panel's counts for a search (the same filters as the car list)",
        description:
          'Each dimension is counted with every filter except its own, so it shows what ' +
          'choosing another value would find.',
        querystring: CarFilters,
        response: { 200: CarFacetsAnswer, ...problemAnswers(400) },
        security: [],
      },
    },
    async (request) => carFacets(ctx, carSearchOf({ ...request.query, sort: undefined })),
  );
};

/** The lists a page shows as they are: the Recommended cars, and a category's. */
const carListRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/products/advertise',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        ...publicList,
        operationId: 'listAdvertisedCars',
        summary: 'The Recommended cars: advertised, not booked, not deleted',
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      return answerPage(ctx, request, reply, carSearchOf({}, { advertised: true }), {
        page,
        limit,
      });
    },
  );

  app.get(
    '/api/category/products/:name',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        ...publicList,
        operationId: 'listCategoryCars',
        summary: 'The cars of a category (by name, case-insensitively), or a search of them',
        params: CategoryNameParams,
        querystring: CategoryCarsQuery,
      },
    },
    async (request, reply) => {
      const { page, limit, ...query } = request.query;
      const search = carSearchOf(query);
      search.filters.category = request.params.name;
      return answerPage(ctx, request, reply, search, { page, limit });
    },
  );
};

/** One car, as its page shows it. */
const oneCarRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/product/:id',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        operationId: 'getCar',
        tags: ['cars'],
        summary: 'One car',
        params: ReadIdParams,
        response: { 200: CarRecord, ...problemAnswers(400, 404) },
        security: [],
      },
    },
    async (request) => {
      const row = await liveCars(ctx)
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw HttpProblem.notFound('No such car.');
      return toCar(row);
    },
  );
};

/** A car's prices over time, for anyone. */
const priceHistoryRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/product/:id/price-history',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        operationId: 'getCarPriceHistory',
        tags: ['cars'],
        summary: "A car's price when listed, then at each change, oldest first",
        params: ReadIdParams,
        querystring: PageQuery,
        response: { 200: z.array(PricePoint), ...problemAnswers(400, 404) },
        security: [],
      },
    },
    async (request, reply) => {
      const car = await liveCars(ctx)
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!car) throw HttpProblem.notFound('No such car.');
      const prices = ctx.db
        .withSchema(ctx.schema)
        .selectFrom('car_prices')
        .where('car_id', '=', car.id);
      const [rows, count] = await Promise.all([
        prices
          .select(['price', 'changed_at'])
          .orderBy('position')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        prices.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => ({
        price: Number(row.price),
        at: new Date(row.changed_at).toISOString(),
      }));
    },
  );
};

/** A car's audit history, for its seller and the admins. */
const carHistoryRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/product/:id/history',
    {
      config: { answerCache: 'private', reads: ['users', 'cars', 'audit'] },
      schema: {
        operationId: 'getCarHistory',
        tags: ['cars', 'audit'],
        summary:
          "A car's history, oldest first: listed, advertised, booked, deleted (its seller or an admin)",
        params: ReadIdParams,
        querystring: PageQuery,
        response: { 200: z.array(AuditEntry), ...problemAnswers(400, 401, 403, 404) },
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
        .select(['id', 'seller_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!car) throw HttpProblem.notFound('No such car.');
      // By account: a later account with the seller's email is not the seller.
      if (viewer.role !== 'Admin' && viewer.uid !== car.seller_id) {
        throw HttpProblem.forbidden("Only the car's seller or an admin may read its history.");
      }
      const { entries, total } = await historyOfCar(ctx, car.id, request.query);
      setPageHeaders(request, reply, request.query, total);
      return entries;
    },
  );
};

/** A price guide for a seller pricing a car, from the cars like it. */
const marketValueRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/market-value',
    {
      config: { answerCache: 'public', reads: ['cars'] },
      schema: {
        operationId: 'getMarketValue',
        tags: ['cars'],
        summary:
          'What a car of this make, model, year and mileage is worth: the median price of comparable cars for sale and sold, and the fair range',
        description:
          `Comparable: the same make and model, a year within ${MARKET_YEARS[0]} and a mileage ` +
          `within one band of ${MILEAGE_BAND_KM.toLocaleString('en-US')} km; widened to any ` +
          `mileage, then to a year within ${MARKET_YEARS[1]}, until at least ${MIN_COMPARABLES} ` +
          'are found. `value` is null with fewer.',
        querystring: MarketValueQuery,
        response: { 200: MarketValueGuide, ...problemAnswers(400) },
        security: [],
      },
    },
    async (request) => {
      const found = await marketValueOf(ctx, request.query);
      return found ?? { value: null, low: null, high: null, comparables: 0 };
    },
  );
};

// The groups register in this order, which is the order of the OpenAPI document's paths.
export const carReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  carSearchRoutes(app, ctx);
  carListRoutes(app, ctx);
  oneCarRoutes(app, ctx);
  priceHistoryRoutes(app, ctx);
  carHistoryRoutes(app, ctx);
  marketValueRoutes(app, ctx);
};
