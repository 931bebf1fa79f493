import { type AuditRow, toPosition } from '@second-gear/read-model';
import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { AuditEntry, AuditQuery, type PageQuery } from '../contract/index.ts';
import { countAll, lowerEquals, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { requireAdmin, viewerOf } from '../platform/reads/viewer.ts';

export const toAuditEntry = (row: AuditRow): AuditEntry => {
  const position = toPosition(row.position).toString();
  return {
    id: position,
    position,
    eventId: row.event_id,
    eventType: row.event_type,
    action: row.action,
    at: new Date(row.occurred_at).toISOString(),
    actor: { uid: row.actor_uid, email: row.actor_email, role: row.actor_role },
    subject: {
      type: row.subject_type as AuditEntry['subject']['type'],
      id: row.subject_id,
      label: row.subject_label,
    },
    correlationId: row.correlation_id,
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >,
  };
};

/** A car's history, oldest first. */
export const historyOfCar = async (ctx: QueryContext, carId: string, paging: PageQuery) => {
  const query = ctx.db
    .withSchema(ctx.schema)
    .selectFrom('audit_log')
    .where('subject_type', '=', 'car')
    .where('subject_id', '=', carId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('position', 'asc')
      .limit(paging.limit)
      .offset(offsetOf(paging))
      .execute(),
    query.select(countAll).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toAuditEntry), total: count.total };
};

export const auditReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/audit',
    {
      config: { answerCache: 'private', reads: ['users', 'audit'] },
      schema: {
        operationId: 'listAuditEntries',
        tags: ['audit'],
        summary: 'Who did what to whom and when, newest first (admins)',
        querystring: AuditQuery,
        response: { 200: z.array(AuditEntry), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const { actor, subject, type, subjectType, ...paging } = request.query;
      let query = ctx.db.withSchema(ctx.schema).selectFrom('audit_log');
      if (actor !== undefined) {
        query = actor.includes('@')
          ? query.where(lowerEquals('actor_email', actor))
          : query.where('actor_uid', '=', actor);
      }
      if (subject !== undefined) query = query.where('subject_id', '=', subject);
      if (type !== undefined) query = query.where('event_type', '=', type);
      if (subjectType !== undefined) query = query.where('subject_type', '=', subjectType);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('position', 'desc')
          .limit(paging.limit)
          .offset(offsetOf(paging))
          .execute(),
        query.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, paging, count.total);
      return rows.map(toAuditEntry);
    },
  );
};
