import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { PageQuery, SavedSearchRecord } from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { viewerOf } from '../platform/reads/viewer.ts';

/** A member's saved searches. */
export const savedSearchRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/saved-searches',
    {
      config: { answerCache: 'private', reads: ['users', 'members'] },
      schema: {
        operationId: 'listSavedSearches',
        tags: ['members'],
        summary: 'Your saved searches, newest first',
        querystring: PageQuery,
        response: { 200: z.array(SavedSearchRecord), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const searches = ctx.db
        .withSchema(ctx.schema)
        .selectFrom('saved_searches')
        .where('user_id', '=', viewer.uid);
      const [rows, count] = await Promise.all([
        searches
          .selectAll()
          .orderBy('position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        searches.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        query: row.query,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },
  );
};
