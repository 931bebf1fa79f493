import { z } from 'zod';
import { id } from '../platform/event-fields.ts';
import { type PersonalValues, personalField } from '../platform/personal-data.ts';
import { moderationActions, reportReasons, reportSubjects, TEXT_MAX } from '../platform/rules.ts';

/** What a report is about: a car, a user or one message of a conversation. */
export const ReportedThing = z.object({ type: z.enum(reportSubjects), id });

// ---- reports: stream `reports-<subject type>-<subject id>`, every report on one subject

/**
 * A user reports a car, a user or a message. `ownerId` is whose the subject is (the car's
 * seller, the user, the message's author): the one a moderator's action reaches.
 */
export const ReportFiled = z.object({
  reportId: id,
  subject: ReportedThing,
  ownerId: id,
  reporterId: id,
  reason: z.enum(reportReasons),
  details: z.string().max(TEXT_MAX.reportDetails).nullable(),
  /** For a message: its conversation and place in it, so a moderator reads it in context. */
  conversationId: id.nullable(),
  seq: z.number().int().positive().nullable(),
});

/** A moderator settled every open report on a subject at once: what they did, and why. */
export const ReportsResolved = z.object({
  subject: ReportedThing,
  ownerId: id,
  /** The open reports it settled: none when it undoes an earlier action (a restore). */
  reportIds: z.array(id),
  action: z.enum(moderationActions),
  reason: z.string().max(TEXT_MAX.moderationReason),
  moderatorId: id,
});

/**
 * A moderator read the conversation around a reported message. Messages are private to their
 * parties: each such read is on the record.
 */
export const ReportedMessageViewed = z.object({
  subject: ReportedThing,
  /** The message's author. */
  ownerId: id,
  conversationId: id,
  moderatorId: id,
});

// ---- on the car's stream

/**
 * A car leaves the market pending review: a moderator hid it, or enough people reported it
 * (`by: 'reports'`). Its seller still sees it, with the reason.
 */
export const CarHidden = z.object({
  carId: id,
  sellerId: id,
  reason: z.string().max(TEXT_MAX.moderationReason),
  by: z.enum(['moderator', 'reports']),
});
/** A moderator put a hidden car back on the market. */
export const CarRestored = z.object({
  carId: id,
  sellerId: id,
  reason: z.string().max(TEXT_MAX.moderationReason),
});

// ---- on the user's stream

/**
 * A moderator suspended a user: they still sign in and read, every write of theirs is refused,
 * and their cars leave the market until the suspension is lifted.
 */
export const UserSuspended = z.object({
  userId: id,
  reason: z.string().max(TEXT_MAX.moderationReason),
});
export const UserSuspensionLifted = z.object({
  userId: id,
  reason: z.string().max(TEXT_MAX.moderationReason),
});

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const moderationEvents = {
  ReportFiled,
  ReportsResolved,
  ReportedMessageViewed,
  CarHidden,
  CarRestored,
  UserSuspended,
  UserSuspensionLifted,
} as const;

/** What a report's details say once their author is erased. */
export const ERASED_DETAILS = null;

/** The personal values of this feature's events: what a reporter wrote is theirs. */
export const moderationPersonalValues: PersonalValues = {
  ReportFiled: [personalField('details', 'reporterId', ERASED_DETAILS)],
};
