import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { IdParams, TOTAL_COUNT_HEADER } from '../contract/fields.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { viewerOf } from '../platform/reads/viewer.ts';
import {
  ConversationAnswer,
  ConversationCounts,
  ConversationQuery,
  ConversationRecord,
  ConversationsQuery,
  MessageRecord,
  UNREAD_MESSAGES_HEADER,
} from './contract.ts';
import {
  conversationsOf,
  messagePage,
  toConversation,
  unreadMessagesOf,
} from './conversation-reads.ts';

/** The read model's tables a conversation's answers read, for read-your-writes and the cache. */
const reads = ['users', 'cars', 'messages'] as const;

/** `GET /api/conversations`: the inbox, newest message first, with the unread count. */
const inboxRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/conversations',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'listConversations',
        tags: ['messages'],
        summary:
          'Your conversations with buyers and sellers, the latest message first; `X-Unread-Messages` counts what you have not read',
        querystring: ConversationsQuery,
        response: { 200: z.array(ConversationRecord), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const { carId } = request.query;
      const mine = conversationsOf(ctx, viewer.uid).$if(carId !== undefined, (q) =>
        q.where('v.car_id', '=', carId ?? ''),
      );
      const [rows, count, unread] = await Promise.all([
        mine
          .orderBy('i.position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        ctx.db
          .withSchema(ctx.schema)
          .selectFrom('inbox as i')
          .where('i.user_id', '=', viewer.uid)
          .$if(carId !== undefined, (q) =>
            q
              .innerJoin('conversations as v', 'v.id', 'i.conversation_id')
              .where('v.car_id', '=', carId ?? ''),
          )
          .select(countAll)
          .executeTakeFirstOrThrow(),
        unreadMessagesOf(ctx, viewer.uid),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      reply.header(UNREAD_MESSAGES_HEADER, String(unread));
      return rows.map((row) => toConversation(row, viewer.uid));
    },
  );

/** `GET /api/conversations/counts`: how many conversations each of the seller's cars has. */
const countsRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/conversations/counts',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'countConversations',
        tags: ['messages'],
        summary:
          'How many conversations each of your cars has, by car id (cars with none are absent)',
        response: { 200: ConversationCounts, ...problemAnswers(401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const rows = await ctx.db
        .withSchema(ctx.schema)
        .selectFrom('inbox as i')
        .innerJoin('conversations as v', 'v.id', 'i.conversation_id')
        .select(['v.car_id', countAll])
        .where('i.user_id', '=', viewer.uid)
        .where('i.role', '=', 'seller')
        .groupBy('v.car_id')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.car_id, row.total]));
    },
  );

/** `GET /api/conversations/:id`: one conversation and a page of its messages, for its parties only. */
const conversationRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/conversations/:id',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'getConversation',
        tags: ['messages'],
        summary:
          'A conversation of yours and its latest messages, oldest first (`before` pages back); to anyone else it does not exist',
        params: IdParams,
        querystring: ConversationQuery,
        response: { 200: ConversationAnswer, ...problemAnswers(400, 401, 404) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const row = await conversationsOf(ctx, viewer.uid)
        .where('v.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw HttpProblem.notFound('No such conversation.');
      const page = await messagePage(ctx, row.id, viewer.uid, request.query);
      return { conversation: toConversation(row, viewer.uid), ...page };
    },
  );

/**
 * `GET /api/conversations/:id/messages`: a page of a conversation's messages, newest last; the
 * `Link` header's `next` is the page of older ones.
 */
const messagesRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/conversations/:id/messages',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'listMessages',
        tags: ['messages'],
        summary:
          "A page of a conversation's messages, newest last: `before` (a `seq`) pages back, and `Link` names the older page; to anyone but its parties it does not exist",
        params: IdParams,
        querystring: ConversationQuery,
        response: { 200: z.array(MessageRecord), ...problemAnswers(400, 401, 404) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      // Only its parties have it in their inbox: a lookup by key, and its count of messages.
      const row = await ctx.db
        .withSchema(ctx.schema)
        .selectFrom('inbox as i')
        .innerJoin('conversations as v', 'v.id', 'i.conversation_id')
        .select(['v.id', 'v.messages'])
        .where('i.user_id', '=', viewer.uid)
        .where('i.conversation_id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw HttpProblem.notFound('No such conversation.');
      const { messages, earlier } = await messagePage(ctx, row.id, viewer.uid, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(row.messages));
      const oldest = messages[0]?.seq;
      if (earlier && oldest !== undefined) {
        const older = `/api/conversations/${row.id}/messages?before=${oldest}&limit=${request.query.limit}`;
        reply.header('Link', `<${older}>; rel="next"`);
      }
      return messages;
    },
  );

/** What the parties of conversations read: the inbox, one conversation, and the seller's counts. */
export const messageReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  inboxRoute(app, ctx);
  countsRoute(app, ctx);
  conversationRoute(app, ctx);
  messagesRoute(app, ctx);
};
