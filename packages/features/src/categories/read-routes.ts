import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { CategoryRecord, PageQuery } from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';

export const categoryReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/categories',
    {
      config: { answerCache: 'public', reads: ['categories'] },
      schema: {
        operationId: 'listCategories',
        tags: ['categories'],
        summary: 'The categories, by name',
        querystring: PageQuery,
        response: { 200: z.array(CategoryRecord), ...problemAnswers(400) },
        security: [],
      },
    },
    async (request, reply) => {
      const paging = request.query;
      const query = ctx.db
        .withSchema(ctx.schema)
        .selectFrom('categories')
        .where('deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        query
          .select(['id', 'name'])
          .orderBy((eb) => eb.fn('lower', ['name']))
          .orderBy('id')
          .limit(paging.limit)
          .offset(offsetOf(paging))
          .execute(),
        query.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, paging, count.total);
      return rows.map((r) => ({ _id: r.id, name: r.name }));
    },
  );
};
