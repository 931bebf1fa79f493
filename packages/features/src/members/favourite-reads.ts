import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { toCar } from '../cars/index.ts';
import { CarRecord, PageQuery } from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { viewerOf } from '../platform/reads/viewer.ts';

/** How many favourites `GET /api/favourites/ids` answers at most: every one a member may keep. */
const MAX_FAVOURITE_IDS = 500;

/** A member's favourite cars: the list, and the ids behind the hearts on the cards. */
export const favouriteRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const tables = () => ctx.db.withSchema(ctx.schema);

  app.get(
    '/api/favourites',
    {
      config: { answerCache: 'private', reads: ['users', 'members', 'cars'] },
      schema: {
        operationId: 'listFavourites',
        tags: ['members'],
        summary: 'Your favourite cars, the latest kept first (sold ones too; deleted ones leave)',
        querystring: PageQuery,
        response: { 200: z.array(CarRecord), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const favourites = tables()
        .selectFrom('favourites as f')
        .innerJoin('cars as c', 'c.id', 'f.car_id')
        .where('f.user_id', '=', viewer.uid)
        .where('c.deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        favourites
          .selectAll('c')
          .orderBy('f.position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        favourites.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => toCar(row));
    },
  );

  app.get(
    '/api/favourites/ids',
    {
      config: { answerCache: 'private', reads: ['users', 'members'] },
      schema: {
        operationId: 'listFavouriteIds',
        tags: ['members'],
        summary: 'The ids of every car you keep as a favourite, for the hearts on the cards',
        response: { 200: z.array(z.string()), ...problemAnswers(401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const rows = await tables()
        .selectFrom('favourites')
        .select('car_id')
        .where('user_id', '=', viewer.uid)
        .orderBy('position', 'desc')
        .limit(MAX_FAVOURITE_IDS)
        .execute();
      return rows.map((row) => row.car_id);
    },
  );
};
