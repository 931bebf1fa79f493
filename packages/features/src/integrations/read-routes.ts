// Integrators' API keys and webhook endpoints, for admins (and, for webhooks, API keys with the
// webhooks:manage scope). Keys and endpoints come from the read model (`integrations`); the
// deliveries from the deliverer's operational tables (schema `webhooks`, written by the
// projection service, docs/integrator-feed.md), which this service only reads. Neither answer
// is kept between commits: deliveries and key uses change without any projector commit.

import { apiKeyPrefix } from '@second-gear/identity';
import type { ApiKeyRow, WebhookEndpointRow } from '@second-gear/read-model';
import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ApiKeyRecord,
  PageQuery,
  ReadIdParams,
  type WebhookDeliveryRecord,
  WebhookDeliveryRecord as WebhookDeliverySchema,
  type WebhookRecord,
  WebhookRecord as WebhookSchema,
} from '../contract/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { requireAdmin, viewerOf } from '../platform/reads/viewer.ts';
import { type ApiKeyVerifier, lastReadsOf } from './read-access.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

const toApiKey = (row: ApiKeyRow, lastRead: Date | undefined): ApiKeyRecord => {
  const lastCommand = row.last_command_at === null ? undefined : new Date(row.last_command_at);
  const last = [lastRead, lastCommand]
    .filter((d): d is Date => d !== undefined)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyRecord['scopes'],
    // Derived from the id, never read from the log, so no answer shows any of a secret.
    prefix: apiKeyPrefix(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lastUsedAt: last?.toISOString() ?? null,
    revokedAt: iso(row.revoked_at),
  };
};

type Summary = {
  endpoint_id: string;
  at: Date | string;
  ok: boolean;
  status_code: number | null;
  error: string | null;
  message_id: string;
  event_type: string;
};

const deliveriesTable = sql.table('webhooks.deliveries');
const attemptsTable = sql.table('webhooks.attempts');

/** The deliveries an endpoint has: its waiting messages and its latest attempt. */
const deliveryState = async (ctx: QueryContext, ids: string[], exists: boolean) => {
  const state = new Map<string, { pending: number; last: Summary | undefined }>();
  for (const id of ids) state.set(id, { pending: 0, last: undefined });
  if (ids.length === 0 || !exists) return state;
  const [pending, latest] = await Promise.all([
    sql<{ endpoint_id: string; pending: number }>`
      select endpoint_id, count(*)::int as pending from ${deliveriesTable}
      where status = 'pending' and endpoint_id in (${sql.join(ids)}) group by endpoint_id`.execute(
      ctx.db,
    ),
    sql<Summary>`
      select distinct on (a.endpoint_id) a.endpoint_id, a.at, a.ok, a.status_code, a.error,
             d.message_id, d.event_type
      from ${attemptsTable} a join ${deliveriesTable} d on d.id = a.delivery_id
      where a.endpoint_id in (${sql.join(ids)})
      order by a.endpoint_id, a.at desc, a.delivery_id desc, a.attempt desc`.execute(ctx.db),
  ]);
  for (const row of pending.rows) {
    const entry = state.get(row.endpoint_id);
    if (entry) entry.pending = row.pending;
  }
  for (const row of latest.rows) {
    const entry = state.get(row.endpoint_id);
    if (entry) entry.last = row;
  }
  return state;
};

const toWebhook = (
  row: WebhookEndpointRow,
  state: { pending: number; last: Summary | undefined } | undefined,
): WebhookRecord => {
  const last = state?.last;
  return {
    id: row.id,
    url: row.url,
    types: row.types as WebhookRecord['types'],
    description: row.description,
    status: row.paused ? 'paused' : row.failing ? 'failing' : 'active',
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    ownerKeyId: row.owner_key_id,
    pending: state?.pending ?? 0,
    lastDelivery: last
      ? {
          at: new Date(last.at).toISOString(),
          ok: last.ok,
          ...(last.status_code === null ? {} : { statusCode: last.status_code }),
          ...(last.error === null ? {} : { error: last.error }),
          messageId: last.message_id,
          eventType: last.event_type,
        }
      : null,
  };
};

type AttemptRow = {
  message_id: string;
  attempt: number;
  event_position: string | number | bigint;
  event_id: string;
  event_type: string;
  ok: boolean;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response: string;
  at: Date | string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  replay: boolean;
};

const toDelivery = (row: AttemptRow): WebhookDeliveryRecord => ({
  messageId: row.message_id,
  attempt: row.attempt,
  position: String(row.event_position),
  eventId: row.event_id,
  eventType: row.event_type,
  ok: row.ok,
  ...(row.status_code === null ? {} : { statusCode: row.status_code }),
  ...(row.error === null ? {} : { error: row.error }),
  latencyMs: row.latency_ms,
  response: row.response,
  at: new Date(row.at).toISOString(),
  // The next attempt belongs to the latest one of a message still waiting.
  ...(row.status === 'pending' && row.attempt === row.attempts
    ? { nextAttemptAt: new Date(row.next_attempt_at).toISOString() }
    : {}),
  replay: row.replay,
});

/** The columns of an attempt with its delivery (`a`, `d`), as `toDelivery` reads them. */
const attemptColumns = sql`
  d.message_id, a.attempt, d.event_position, d.event_id, d.event_type, a.ok, a.status_code,
  a.error, a.latency_ms, a.response, a.at, d.status, d.attempts, d.next_attempt_at,
  d.cause_position <> d.event_position as replay`;

/** Databases known to hold the deliverer's tables (it makes them when it first starts). */
const withDeliveries = new WeakSet<object>();

/** Whether the deliverer's tables exist yet; once they do, that is not asked again. */
const hasDeliveries = async (ctx: QueryContext): Promise<boolean> => {
  if (withDeliveries.has(ctx.db)) return true;
  const { rows } = await sql<{ t: string | null }>`
    select to_regclass('webhooks.attempts')::text as t`.execute(ctx.db);
  if (rows[0]?.t) withDeliveries.add(ctx.db);
  return withDeliveries.has(ctx.db);
};

/** The last failed delivery attempts of every endpoint, newest first, for the operations page. */
export const lastFailedDeliveries = async (ctx: QueryContext, limit = 10) => {
  if (!(await hasDeliveries(ctx))) return [];
  const failed = await sql<AttemptRow & { endpoint_id: string; url: string }>`
    select ${attemptColumns}, a.endpoint_id, e.url
    from ${attemptsTable} a
      join ${deliveriesTable} d on d.id = a.delivery_id
      join ${sql.table('webhooks.endpoints')} e on e.id = a.endpoint_id
    where not a.ok
    order by a.at desc, a.delivery_id desc, a.attempt desc
    limit ${limit}`.execute(ctx.db);
  return failed.rows.map((row) => ({
    ...toDelivery(row),
    endpointId: row.endpoint_id,
    url: row.url,
  }));
};

/** The webhook routes take an admin's bearer token or an API key with the scope. */
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/**
 * Whose endpoints the caller sees: an API key with the scope (checked by its preHandler) its
 * own, an admin every one (`undefined`); anyone else is refused.
 */
const ownerSeen = async (
  ctx: QueryContext,
  request: FastifyRequest,
): Promise<{ keyId: string } | undefined> => {
  if (request.apiKey) return { keyId: request.apiKey.id };
  requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
  return undefined;
};

/** The live endpoints the caller sees: a key's own, or every one. */
const liveEndpoints = (ctx: QueryContext, owner: { keyId: string } | undefined) => {
  const live = ctx.db
    .withSchema(ctx.schema)
    .selectFrom('webhook_endpoints')
    .where('deleted_at', 'is', null);
  return owner === undefined ? live : live.where('owner_key_id', '=', owner.keyId);
};

/** One endpoint the caller sees; another key's is answered as if it did not exist. */
const endpointOf = async (ctx: QueryContext, request: FastifyRequest, id: string) => {
  const owner = await ownerSeen(ctx, request);
  const row = await liveEndpoints(ctx, owner).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw HttpProblem.notFound('No such webhook.');
  return row;
};

/** The API keys issued, for admins. */
const apiKeyRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const tables = () => ctx.db.withSchema(ctx.schema);

  app.get(
    '/api/api-keys',
    {
      config: { reads: ['users', 'integrations'] },
      schema: {
        operationId: 'listApiKeys',
        tags: ['integrations'],
        summary: 'The API keys issued, newest first, with when each was last used (admins)',
        querystring: PageQuery,
        response: { 200: z.array(ApiKeyRecord), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const [rows, count] = await Promise.all([
        tables()
          .selectFrom('api_keys')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        tables().selectFrom('api_keys').select(countAll).executeTakeFirstOrThrow(),
      ]);
      const reads = await lastReadsOf(
        ctx.db,
        rows.map((row) => row.id),
      );
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => toApiKey(row, reads.get(row.id)));
    },
  );
};

/** The webhook endpoints, each with its last delivery: the list and one endpoint. */
const webhookEndpointRoutes = (app: ServiceApp, ctx: QueryContext, keys: ApiKeyVerifier): void => {
  const webhookManagers = keys.tokenOrApiKey('webhooks:manage');

  app.get(
    '/api/webhooks',
    {
      config: { reads: ['users', 'integrations'] },
      schema: {
        operationId: 'listWebhooks',
        tags: ['integrations'],
        summary: 'The webhook endpoints, newest first, with their last delivery',
        querystring: PageQuery,
        response: { 200: z.array(WebhookSchema), ...problemAnswers(400, 401, 403) },
        security,
      },
      preHandler: webhookManagers,
    },
    async (request, reply) => {
      const owner = await ownerSeen(ctx, request);
      const [rows, count] = await Promise.all([
        liveEndpoints(ctx, owner)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        liveEndpoints(ctx, owner).select(countAll).executeTakeFirstOrThrow(),
      ]);
      const state = await deliveryState(
        ctx,
        rows.map((row) => row.id),
        await hasDeliveries(ctx),
      );
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => toWebhook(row, state.get(row.id)));
    },
  );

  app.get(
    '/api/webhooks/:id',
    {
      config: { reads: ['users', 'integrations'] },
      schema: {
        operationId: 'getWebhook',
        tags: ['integrations'],
        summary: 'One webhook endpoint, with its last delivery',
        params: ReadIdParams,
        response: { 200: WebhookSchema, ...problemAnswers(400, 401, 403, 404) },
        security,
      },
      preHandler: webhookManagers,
    },
    async (request) => {
      const row = await endpointOf(ctx, request, request.params.id);
      return toWebhook(
        row,
        (await deliveryState(ctx, [row.id], await hasDeliveries(ctx))).get(row.id),
      );
    },
  );
};

/** A webhook endpoint's delivery attempts. */
const webhookDeliveryRoutes = (app: ServiceApp, ctx: QueryContext, keys: ApiKeyVerifier): void => {
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { reads: ['users', 'integrations'] },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['integrations'],
        summary: "A webhook's delivery attempts, newest first",
        params: ReadIdParams,
        querystring: PageQuery,
        response: { 200: z.array(WebhookDeliverySchema), ...problemAnswers(400, 401, 403, 404) },
        security,
      },
      preHandler: keys.tokenOrApiKey('webhooks:manage'),
    },
    async (request, reply) => {
      const row = await endpointOf(ctx, request, request.params.id);
      if (!(await hasDeliveries(ctx))) {
        setPageHeaders(request, reply, request.query, 0);
        return [];
      }
      const [attempts, count] = await Promise.all([
        sql<AttemptRow>`
          select ${attemptColumns}
          from ${attemptsTable} a join ${deliveriesTable} d on d.id = a.delivery_id
          where a.endpoint_id = ${row.id}
          order by a.at desc, a.delivery_id desc, a.attempt desc
          limit ${request.query.limit} offset ${offsetOf(request.query)}`.execute(ctx.db),
        sql<{ total: number }>`
          select count(*)::int as total from ${attemptsTable}
          where endpoint_id = ${row.id}`.execute(ctx.db),
      ]);
      setPageHeaders(request, reply, request.query, count.rows[0]?.total ?? 0);
      return attempts.rows.map(toDelivery);
    },
  );
};

export const integrationReadRoutes = (
  app: ServiceApp,
  ctx: QueryContext,
  keys: ApiKeyVerifier,
): void => {
  apiKeyRoutes(app, ctx);
  webhookEndpointRoutes(app, ctx, keys);
  webhookDeliveryRoutes(app, ctx, keys);
};
