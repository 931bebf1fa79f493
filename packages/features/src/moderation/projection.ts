import type { Projection } from '../platform/projection.ts';
import { subjectKeyOf } from './reports.ts';

/**
 * reports: one row per report, settled by a moderator's resolution; moderation_views: which
 * moderator recorded reading the conversation around a reported message. What a deleted
 * reporter wrote leaves their reports.
 */
export const moderationProjection: Projection = {
  name: 'moderation',
  async apply(tables, event) {
    switch (event.type) {
      case 'ReportFiled': {
        const r = event.data;
        await tables
          .insertInto('reports')
          .values({
            id: r.reportId,
            subject_type: r.subject.type,
            subject_id: r.subject.id,
            subject_key: subjectKeyOf(r.subject),
            owner_id: r.ownerId,
            reporter_id: r.reporterId,
            reason: r.reason,
            details: r.details,
            conversation_id: r.conversationId,
            seq: r.seq,
            filed_at: event.metadata.occurredAt,
            position: event.position,
          })
          .onConflict((c) => c.doNothing())
          .execute();
        return;
      }
      case 'ReportsResolved': {
        const { subject, reportIds, action, reason, moderatorId } = event.data;
        const latest = {
          action,
          reason,
          moderator_id: moderatorId,
          resolved_at: event.metadata.occurredAt,
          position: event.position,
        };
        await tables
          .insertInto('report_resolutions')
          .values({ subject_key: subjectKeyOf(subject), ...latest })
          .onConflict((c) =>
            c
              .column('subject_key')
              .doUpdateSet(latest)
              .where('report_resolutions.position', '<', event.position.toString()),
          )
          .execute();
        if (reportIds.length === 0) return;
        await tables
          .updateTable('reports')
          .set({
            resolved_at: event.metadata.occurredAt,
            action,
            resolution_reason: reason,
            moderator_id: moderatorId,
          })
          .where('id', 'in', reportIds)
          .execute();
        return;
      }
      case 'ReportedMessageViewed': {
        const { subject, conversationId, moderatorId } = event.data;
        await tables
          .insertInto('moderation_views')
          .values({
            moderator_id: moderatorId,
            subject_key: subjectKeyOf(subject),
            conversation_id: conversationId,
            position: event.position,
          })
          .onConflict((c) => c.doNothing())
          .execute();
        return;
      }
      case 'UserDeleted':
        await tables
          .updateTable('reports')
          .set({ details: null })
          .where('reporter_id', '=', event.data.userId)
          .execute();
        return;
      default:
        return;
    }
  },
};
