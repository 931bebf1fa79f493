// The moderation's HTTP contract: a report as a user files it, a moderator's resolution, and the
// Reports page's groups (every report on one subject) as the reads answer them.

import { z } from 'zod';
import {
  entityId,
  IdParams,
  InsertAnswer,
  optionalText,
  PageQuery,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { moderationActions, reportReasons, reportSubjects, TEXT_MAX } from '../platform/rules.ts';

/** POST /api/reports */
export const FileReportBody = z.strictObject({
  subject: z.strictObject({
    type: z.enum(reportSubjects).describe('What is reported'),
    id: entityId.describe("The car's or the user's id, or a message's `_id`"),
  }),
  reason: z.enum(reportReasons),
  details: optionalText(TEXT_MAX.reportDetails).describe(
    `What the reporter adds, ${TEXT_MAX.reportDetails} characters at most`,
  ),
});
export type FileReportBody = z.input<typeof FileReportBody>;

/** POST /api/reports/:id/resolve (`:id` a group's `_id`) */
export const ResolveReportsBody = z.strictObject({
  action: z.enum(moderationActions),
  reason: requiredText(TEXT_MAX.moderationReason).describe(
    'Why: the owner of the car or account acted on is told it',
  ),
});
export type ResolveReportsBody = z.input<typeof ResolveReportsBody>;

/** The write calls of reports and moderation, by operation id (see `writeCalls`). */
export const moderationWriteCalls = {
  fileReport: {
    method: 'POST',
    path: '/api/reports',
    body: FileReportBody,
    answer: InsertAnswer,
    auth: 'user',
    summary:
      'Report a car, a user or a message of your conversations (once while your report is open)',
  },
  resolveReports: {
    method: 'POST',
    path: '/api/reports/:id/resolve',
    params: IdParams,
    body: ResolveReportsBody,
    answer: UpdateAnswer,
    auth: 'admin',
    summary:
      "Settle a subject's open reports: dismiss them, hide or restore the car, suspend its owner or lift the suspension",
  },
  viewReportedMessage: {
    method: 'POST',
    path: '/api/reports/:id/view',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'admin',
    summary:
      'Record reading the conversation around a reported message (the audit log shows it); then read it',
  },
} as const;

export const ReportsQuery = PageQuery.extend({
  status: z
    .enum(['open', 'resolved'])
    .default('open')
    .describe('Groups with open reports (default), or those all settled'),
});

/** One report of a group, as a moderator reads it. */
export const ReportRecord = z.object({
  _id: z.string(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  reporter: z.object({ _id: z.string(), name: z.string() }),
  at: z.string().describe('ISO-8601'),
});

/** What a group is about, as the Reports page previews it. */
export const ReportedSubject = z.object({
  type: z.enum(reportSubjects),
  _id: z.string(),
  label: z
    .string()
    .describe(
      "The car's or the user's name; for a message, its author's; for a review, its stars and words",
    ),
  link: z.string().nullable().describe('A path of the web app to open it, when there is one'),
  image: z.string().nullable(),
  hidden_reason: z.string().nullable().describe('A car off the market or a review hidden: why'),
  deleted: z.boolean(),
});

/** GET /api/reports: every report on one subject, with who owns it and the latest outcome. */
export const ReportGroupRecord = z.object({
  _id: z.string().describe('The group: resolve with POST /api/reports/:id/resolve'),
  subject: ReportedSubject,
  owner: z.object({
    _id: z.string(),
    name: z.string(),
    suspended: z.boolean(),
    suspension_reason: z.string().nullable(),
  }),
  open: z.number().int().describe('Reports not yet settled'),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  reports: z.array(ReportRecord).describe('The open ones, or the latest ones once settled'),
  last_reported_at: z.string(),
  resolution: z
    .object({
      action: z.enum(moderationActions),
      reason: z.string(),
      at: z.string(),
    })
    .nullable()
    .describe('The latest settlement, if any'),
});
export type ReportGroupRecord = z.infer<typeof ReportGroupRecord>;

/** A message of a reported conversation, as a moderator reads it. */
export const ModeratedMessage = z.object({
  seq: z.number().int(),
  author: z.object({ _id: z.string(), name: z.string() }),
  text: z.string(),
  at: z.string(),
  reported: z.boolean().describe('The message reported'),
});

/** GET /api/reports/:id/messages: the reported message and the ones around it. */
export const ReportedConversationAnswer = z.object({
  conversationId: z.string(),
  messages: z.array(ModeratedMessage),
});
export type ReportedConversationAnswer = z.infer<typeof ReportedConversationAnswer>;

/** How many messages before and after the reported one a moderator reads. */
export const MESSAGES_AROUND = 3;
