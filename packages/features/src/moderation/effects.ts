import { ADMINS_AUDIENCE } from '@second-gear/read-model';
import type { AuditEntry, Describe } from '../audit/index.ts';
import type { CarChangeOf } from '../cars/index.ts';
import type { Notices } from '../members/index.ts';
import type { ProjectedEvent } from '../platform/projection.ts';

// What moderation changes in other features' tables: a car's place on the market, the audit
// log (who reported or acted on what, and why), and what the owner and the admins hear.

/** A report's subject as the audit log files it: a message under its author. */
const entryOf = (subject: { type: string; id: string }, ownerId: string) =>
  subject.type === 'car'
    ? { subjectType: 'car' as const, subjectId: subject.id }
    : { subjectType: 'user' as const, subjectId: subject.type === 'user' ? subject.id : ownerId };

export const describeModeration: Describe = (event): AuditEntry | undefined => {
  switch (event.type) {
    case 'ReportFiled': {
      const { subject, ownerId, reason, reporterId, reportId, conversationId, seq } = event.data;
      return {
        action: subject.type === 'message' ? 'reported a message of' : 'reported',
        ...entryOf(subject, ownerId),
        details: { reason, reportId, reporterId, ...(conversationId && { conversationId, seq }) },
      };
    }
    case 'ReportsResolved': {
      const { subject, ownerId, action, reason, reportIds } = event.data;
      return {
        action: `settled reports: ${action}`,
        ...entryOf(subject, ownerId),
        details: { action, reason, reports: reportIds.length },
      };
    }
    case 'ReportedMessageViewed': {
      const { subject, ownerId, conversationId } = event.data;
      return {
        action: 'read the conversation around a reported message of',
        subjectType: 'user',
        subjectId: ownerId,
        details: { conversationId, message: subject.id },
      };
    }
    case 'CarHidden':
      return {
        action: event.data.by === 'reports' ? 'hidden by reports' : 'hidden',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { reason: event.data.reason },
      };
    case 'CarRestored':
      return {
        action: 'restored',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { reason: event.data.reason },
      };
    case 'UserSuspended':
    case 'UserSuspensionLifted':
      return {
        action: event.type === 'UserSuspended' ? 'suspended' : 'lifted the suspension of',
        subjectType: 'user',
        subjectId: event.data.userId,
        details: { reason: event.data.reason },
      };
    default:
      return undefined;
  }
};

/** A hidden car leaves the market; a restored one comes back. */
export const hiddenFlagOf: CarChangeOf = (event) => {
  switch (event.type) {
    case 'CarHidden':
      return {
        carId: event.data.carId,
        values: {
          hidden_at: event.metadata.occurredAt,
          hidden_reason: event.data.reason,
          hidden_by: event.data.by,
        },
      };
    case 'CarRestored':
      return {
        carId: event.data.carId,
        values: { hidden_at: null, hidden_reason: null, hidden_by: null },
      };
    default:
      return undefined;
  }
};

/**
 * What a suspension changes in every car of its user: set while they are suspended, so their
 * cars leave the market with them and come back when it is lifted.
 */
export const sellerSuspensionOf = (
  event: ProjectedEvent,
): { sellerId: string; suspendedAt: string | null } | undefined => {
  switch (event.type) {
    case 'UserSuspended':
      return { sellerId: event.data.userId, suspendedAt: event.metadata.occurredAt };
    case 'UserSuspensionLifted':
      return { sellerId: event.data.userId, suspendedAt: null };
    default:
      return undefined;
  }
};

/**
 * The owner hears of every action on what is theirs, with the reason; every admin hears of a
 * car that reports took off the market, which waits for them.
 */
export const moderationNotices: Notices = {
  types: ['CarHidden', 'CarRestored', 'UserSuspended', 'UserSuspensionLifted'],
  of: (event) => {
    switch (event.type) {
      case 'CarHidden': {
        const { carId, sellerId, reason, by } = event.data;
        const owner = { userId: sellerId, kind: 'car-hidden' as const, carId, details: { reason } };
        if (by === 'moderator') return [owner];
        return [
          owner,
          { userId: ADMINS_AUDIENCE, kind: 'car-reported' as const, carId, details: { reason } },
        ];
      }
      case 'CarRestored': {
        const { carId, sellerId, reason } = event.data;
        return [{ userId: sellerId, kind: 'car-restored', carId, details: { reason } }];
      }
      case 'UserSuspended':
      case 'UserSuspensionLifted':
        return [
          {
            userId: event.data.userId,
            kind: event.type === 'UserSuspended' ? 'account-suspended' : 'suspension-lifted',
            carId: null,
            details: { reason: event.data.reason },
          },
        ];
      default:
        return [];
    }
  },
};
