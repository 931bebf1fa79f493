import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { sql } from 'kysely';
import { z } from 'zod';
import { IdParams } from '../contract/fields.ts';
import { iso, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { requireAdmin, viewerOf } from '../platform/reads/viewer.ts';
import type { ModerationAction, ReportReason, ReportSubjectType } from '../platform/rules.ts';
import {
  MESSAGES_AROUND,
  ReportedConversationAnswer,
  type ReportGroupRecord,
  ReportGroupRecord as ReportGroupSchema,
  ReportsQuery,
} from './contract.ts';

/** The read model's tables these answers read, for read-your-writes and the cache. */
const reads = ['users', 'cars', 'messages', 'moderation', 'reviews'] as const;

/** The groups of one page: a subject each, with its counts, newest report first. */
const groupsOf = (ctx: QueryContext, status: 'open' | 'resolved') => {
  const open = sql<number>`count(*) filter (where r.resolved_at is null)::int`;
  return ctx.db
    .withSchema(ctx.schema)
    .selectFrom('reports as r')
    .select([
      'r.subject_key',
      'r.subject_type',
      'r.subject_id',
      'r.owner_id',
      open.as('open'),
      sql<Date>`max(r.filed_at)`.as('last_at'),
    ])
    .groupBy(['r.subject_key', 'r.subject_type', 'r.subject_id', 'r.owner_id'])
    .having(status === 'open' ? sql<boolean>`${open} > 0` : sql<boolean>`${open} = 0`);
};

type GroupRow = {
  subject_key: string;
  subject_type: string;
  subject_id: string;
  owner_id: string;
  open: number;
  last_at: Date;
};

/** What the page shows of each group: the subject, its owner, its reports and its outcome. */
const detailsOf = async (ctx: QueryContext, groups: GroupRow[], status: 'open' | 'resolved') => {
  const db = ctx.db.withSchema(ctx.schema);
  const keys = groups.map((g) => g.subject_key);
  const ownerIds = [...new Set(groups.map((g) => g.owner_id))];
  const idsOf = (type: ReportSubjectType) =>
    groups.filter((g) => g.subject_type === type).map((g) => g.subject_id);
  const carIds = idsOf('car');
  const reviewIds = idsOf('review');
  const none = ['-'];
  const [reports, owners, cars, resolutions, reviews] = await Promise.all([
    db
      .selectFrom('reports as r')
      .leftJoin('users as u', 'u.id', 'r.reporter_id')
      .select(['r.id', 'r.subject_key', 'r.reason', 'r.details', 'r.reporter_id', 'r.filed_at'])
      .select('u.name as reporter_name')
      .where('r.subject_key', 'in', keys.length > 0 ? keys : none)
      .$if(status === 'open', (q) => q.where('r.resolved_at', 'is', null))
      .orderBy('r.position', 'desc')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'name', 'suspended_at', 'suspension_reason', 'deleted_at'])
      .where('id', 'in', ownerIds.length > 0 ? ownerIds : none)
      .execute(),
    db
      .selectFrom('cars')
      .select(['id', 'name', 'image', 'hidden_reason', 'deleted_at'])
      .where('id', 'in', carIds.length > 0 ? carIds : none)
      .execute(),
    db
      .selectFrom('report_resolutions')
      .selectAll()
      .where('subject_key', 'in', keys.length > 0 ? keys : none)
      .execute(),
    db
      .selectFrom('reviews')
      .select(['id', 'seller_id', 'rating', 'text', 'hidden_reason'])
      .where('id', 'in', reviewIds.length > 0 ? reviewIds : none)
      .execute(),
  ]);
  return {
    reports,
    owners: new Map(owners.map((o) => [o.id, o])),
    cars: new Map(cars.map((c) => [c.id, c])),
    resolutions: new Map(resolutions.map((r) => [r.subject_key, r])),
    reviews: new Map(reviews.map((r) => [r.id, r])),
  };
};

type Details = Awaited<ReturnType<typeof detailsOf>>;

/** Where the web app shows a subject: a car's page, a review on its seller's profile. */
const subjectLink = (type: ReportSubjectType, id: string, sellerId: string | undefined) => {
  if (type === 'car') return `/car/${id}`;
  if (type === 'review' && sellerId) return `/seller/${sellerId}#review-${id}`;
  return null;
};

/** One group as the Reports page reads it. */
const toGroup = (group: GroupRow, details: Details): ReportGroupRecord => {
  const owner = details.owners.get(group.owner_id);
  const car = group.subject_type === 'car' ? details.cars.get(group.subject_id) : undefined;
  const ownerName = owner?.name ?? 'Unknown user';
  const reports = details.reports.filter((r) => r.subject_key === group.subject_key);
  const counts = new Map<string, number>();
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  const resolution = details.resolutions.get(group.subject_key);
  const type = group.subject_type as ReportSubjectType;
  const review = type === 'review' ? details.reviews.get(group.subject_id) : undefined;
  return {
    _id: group.subject_key,
    subject: {
      type,
      _id: group.subject_id,
      label: car?.name ?? (review ? `${review.rating} stars: ${review.text}`.trim() : ownerName),
      link: subjectLink(type, group.subject_id, review?.seller_id),
      image: car?.image ?? null,
      hidden_reason: car?.hidden_reason ?? review?.hidden_reason ?? null,
      deleted: type === 'car' ? car?.deleted_at != null : owner?.deleted_at != null,
    },
    owner: {
      _id: group.owner_id,
      name: ownerName,
      suspended: owner?.suspended_at != null,
      suspension_reason: owner?.suspension_reason ?? null,
    },
    open: group.open,
    reasons: [...counts].map(([reason, count]) => ({ reason: reason as ReportReason, count })),
    reports: reports.slice(0, 20).map((r) => ({
      _id: r.id,
      reason: r.reason as ReportReason,
      details: r.details,
      reporter: { _id: r.reporter_id, name: r.reporter_name ?? 'Unknown user' },
      at: iso(r.filed_at),
    })),
    last_reported_at: iso(group.last_at),
    resolution: resolution
      ? {
          action: resolution.action as ModerationAction,
          reason: resolution.reason,
          at: iso(resolution.resolved_at),
        }
      : null,
  };
};

/** `GET /api/reports`: the Reports page, a group per subject, the latest reported first. */
const reportsRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/reports',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'listReports',
        tags: ['moderation'],
        summary:
          'Reports grouped by what they are about, with their reasons and a preview, the latest first (admins)',
        querystring: ReportsQuery,
        response: { 200: z.array(ReportGroupSchema), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const { status, limit } = request.query;
      const groups = groupsOf(ctx, status);
      const [rows, count] = await Promise.all([
        groups.orderBy('last_at', 'desc').limit(limit).offset(offsetOf(request.query)).execute(),
        ctx.db
          .selectFrom(groups.as('g'))
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      const details = await detailsOf(ctx, rows, status);
      return rows.map((row) => toGroup(row, details));
    },
  );

/**
 * `GET /api/reports/:id/messages`: the reported message and the ones around it, for an admin
 * who recorded reading them (`POST /api/reports/:id/view`); 403 until they have.
 */
const reportedMessagesRoute = (app: ServiceApp, ctx: QueryContext) =>
  app.get(
    '/api/reports/:id/messages',
    {
      config: { answerCache: 'private', reads },
      schema: {
        operationId: 'readReportedMessages',
        tags: ['moderation'],
        summary: `A reported message and up to ${MESSAGES_AROUND} messages on either side of it (admins, once their reading is on record)`,
        params: IdParams,
        response: { 200: ReportedConversationAnswer, ...problemAnswers(401, 403, 404) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      requireAdmin(viewer);
      const db = ctx.db.withSchema(ctx.schema);
      const report = await db
        .selectFrom('reports')
        .select(['conversation_id', 'seq'])
        .where('subject_key', '=', request.params.id)
        .where('subject_type', '=', 'message')
        .executeTakeFirst();
      if (!report?.conversation_id || report.seq === null)
        throw HttpProblem.notFound('No message was reported there.');
      const viewed = await db
        .selectFrom('moderation_views')
        .select('position')
        .where('moderator_id', '=', viewer.uid)
        .where('subject_key', '=', request.params.id)
        .executeTakeFirst();
      if (!viewed)
        throw HttpProblem.forbidden(
          'Record reading this conversation first: POST /api/reports/:id/view.',
        );
      const rows = await db
        .selectFrom('conversation_messages as m')
        .leftJoin('users as u', 'u.id', 'm.sender_id')
        .select(['m.seq', 'm.sender_id', 'm.text', 'm.sent_at', 'u.name'])
        .where('m.conversation_id', '=', report.conversation_id)
        .where('m.seq', '>=', report.seq - MESSAGES_AROUND)
        .where('m.seq', '<=', report.seq + MESSAGES_AROUND)
        .orderBy('m.seq')
        .execute();
      return {
        conversationId: report.conversation_id,
        messages: rows.map((m) => ({
          seq: m.seq,
          author: { _id: m.sender_id, name: m.name ?? 'Unknown user' },
          text: m.text,
          at: iso(m.sent_at),
          reported: m.seq === report.seq,
        })),
      };
    },
  );

/** The Reports page's reads. */
export function moderationReadRoutes(app: ServiceApp, ctx: QueryContext): void {
  reportsRoute(app, ctx);
  reportedMessagesRoute(app, ctx);
}
