import { firebaseIdTokenFrom, InvalidIdTokenError, sendUnauthorized } from '@second-gear/identity';
import type { UserRow } from '@second-gear/read-model';
import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { EmailParams, JwtQuery, TokenAnswer, UserRecord, UsersQuery } from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import {
  accountOf,
  type Role,
  requireAdmin,
  sameEmail,
  viewerOf,
} from '../platform/reads/viewer.ts';

const toUser = (row: UserRow): UserRecord => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  type: row.role as Role,
  photoURL: row.photo_url,
  phone: row.phone,
});

/** The registered, live users. */
const liveUsers = (ctx: QueryContext) =>
  ctx.db.withSchema(ctx.schema).selectFrom('users').where('deleted_at', 'is', null);

/** `GET /api/jwt`: a Firebase ID token exchanged for the service token. */
const tokenRoute = (app: ServiceApp, ctx: QueryContext): void => {
  const users = () => liveUsers(ctx);

  app.get(
    '/api/jwt',
    {
      config: {
        reads: ['users'],
        // Each exchange verifies a token: a budget per client keeps guessing and floods slow.
        ...(ctx.tokenRateLimit ? { rateLimit: ctx.tokenRateLimit } : {}),
      },
      schema: {
        operationId: 'getServiceToken',
        tags: ['users'],
        summary:
          'Exchanges a Firebase ID token (Authorization: Bearer) for the service token; 404 until the user is registered',
        querystring: JwtQuery,
        response: { 200: TokenAnswer, ...problemAnswers(400, 401, 403, 404, 429) },
        // The bearer token here is the Firebase ID token, exchanged for the service token.
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const idToken = firebaseIdTokenFrom(request);
      if (!idToken) return sendUnauthorized(reply, 'Send the Firebase ID token as a bearer token.');
      let identity: Awaited<ReturnType<QueryContext['auth']['verifyIdToken']>>;
      try {
        identity = await ctx.auth.verifyIdToken(idToken);
      } catch (error) {
        if (!(error instanceof InvalidIdTokenError)) throw error;
        return sendUnauthorized(
          reply,
          error.expired ? 'The ID token has expired; sign in again.' : 'The ID token is not valid.',
        );
      }
      if (!identity.email || !sameEmail(identity.email, request.query.email)) {
        throw HttpProblem.forbidden('The email does not match the signed-in account.');
      }
      const user = await users().selectAll().where('id', '=', identity.uid).executeTakeFirst();
      if (!user) {
        throw HttpProblem.notFound('This account is not registered yet; register it first.');
      }
      return {
        accessToken: app.serviceTokens.sign({
          uid: user.id,
          email: user.email,
          role: user.role as Role,
        }),
      };
    },
  );
};

/** One user's record, and the list of every user. */
const userRecordRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const users = () => liveUsers(ctx);

  app.get(
    '/api/user/:email',
    {
      config: { answerCache: 'private', reads: ['users'] },
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'A user record (own, or an admin)',
        params: EmailParams,
        response: { 200: UserRecord, ...problemAnswers(400, 401, 403, 404) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const account = await accountOf(ctx, viewer, request.params.email, 'this user');
      const user =
        'uid' in account
          ? await users().selectAll().where('id', '=', account.uid).executeTakeFirst()
          : undefined;
      if (!user) throw HttpProblem.notFound('No such user.');
      return toUser(user);
    },
  );

  app.get(
    '/api/users',
    {
      config: { answerCache: 'private', reads: ['users'] },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'All users, oldest first, optionally of one role (admins)',
        querystring: UsersQuery,
        response: { 200: z.array(UserRecord), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const { role, ...paging } = request.query;
      const query = role === undefined ? users() : users().where('role', '=', role);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('registered_at', 'asc')
          .orderBy('id')
          .limit(paging.limit)
          .offset(offsetOf(paging))
          .execute(),
        query.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, paging, count.total);
      return rows.map(toUser);
    },
  );
};

export const userReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  tokenRoute(app, ctx);
  userRecordRoutes(app, ctx);
};
