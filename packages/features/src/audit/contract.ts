// The audit log's HTTP contract: its entries, and a car, user or category as it was (time travel).

import { z } from 'zod';
import { PageQuery } from '../contract/fields.ts';

/** One entry of the audit log or of a car's history. */
export const AuditEntry = z.object({
  id: z.string().describe('The event position (decimal)'),
  position: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  action: z.string().describe('What happened, in words: "booked", "promoted to admin", ...'),
  at: z.string().describe('ISO-8601 time the command was accepted'),
  actor: z.object({ uid: z.string(), email: z.string(), role: z.string() }),
  subject: z.object({
    type: z.enum(['user', 'car', 'category', 'api-key', 'webhook']),
    id: z.string(),
    label: z.string(),
  }),
  correlationId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = PageQuery.extend({
  actor: z.string().trim().min(1).optional().describe("The actor's uid or email"),
  subject: z.string().trim().min(1).optional().describe("The subject's id (user, car or category)"),
  type: z.string().trim().min(1).optional().describe('An event type, e.g. CarListed'),
  subjectType: z.enum(['user', 'car', 'category', 'api-key', 'webhook']).optional(),
});

// ---- time travel: a car, user or category as it was (admins)

export const auditSubjectTypes = ['car', 'user', 'category'] as const;

export const AuditSubjectParams = z.object({
  type: z.enum(auditSubjectTypes, { error: 'Must be car, user or category' }),
  id: z.string().trim().min(1).max(200),
});
export type AuditSubjectParams = z.infer<typeof AuditSubjectParams>;

const moment = z.iso.datetime({ offset: true, error: 'Must be an ISO-8601 date and time' });
const storePosition = z.string().regex(/^\d{1,20}$/, 'Must be a position');

/** `GET /api/audit/state/:type/:id`: as it was at a moment, or at a position; now when neither. */
export const AuditStateQuery = z
  .object({
    at: moment.optional().describe('As it was at this moment'),
    position: storePosition
      .optional()
      .describe('As it was once the event at this position applied'),
  })
  .refine((q) => q.at === undefined || q.position === undefined, {
    error: 'Give a moment or a position, not both',
    path: ['position'],
  });
export type AuditStateQuery = z.infer<typeof AuditStateQuery>;

/** Who did it, and when: an event of the subject's stream. */
const AuditEventRef = z.object({
  position: z.string(),
  eventType: z.string(),
  at: z.string(),
  actor: z.object({ uid: z.string(), email: z.string(), role: z.string() }),
});

export const AuditState = z.object({
  subject: z.object({ type: z.enum(auditSubjectTypes), id: z.string() }),
  exists: z.boolean().describe('False before its first event'),
  version: z.number().int().describe('Events folded, minus one (-1: none)'),
  lastEvent: AuditEventRef.optional().describe('The last event folded'),
  state: z
    .record(z.string(), z.unknown())
    .describe(
      'The state the decisions see, folded by the same code (never a phone or email of a buyer)',
    ),
});
export type AuditState = z.infer<typeof AuditState>;

/** `GET /api/audit/changes/:type/:id`: what changed between two moments, event by event. */
export const AuditChangesQuery = PageQuery.extend({
  from: moment.optional().describe('After this moment (the first event when left out)'),
  to: moment.optional().describe('Up to this moment (now when left out)'),
});
export type AuditChangesQuery = z.infer<typeof AuditChangesQuery>;

export const AuditChange = AuditEventRef.extend({
  changes: z
    .array(
      z.object({
        path: z.string(),
        before: z.unknown().optional(),
        after: z.unknown().optional(),
        hidden: z
          .literal(true)
          .optional()
          .describe('A phone or an email: named, its values never shown'),
      }),
    )
    .describe(
      'Each field of the state the event changed, with its value before and after (a phone or an email by its name alone)',
    ),
});
export type AuditChange = z.infer<typeof AuditChange>;
