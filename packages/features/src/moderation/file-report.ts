import type { CarState } from '../cars/index.ts';
import type { ConversationState } from '../messages/index.ts';
import { authorOf, messageRefOf } from '../messages/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import {
  REPORTERS_TO_HIDE,
  type ReportReason,
  type ReportSubjectType,
  TEXT_MAX,
} from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { optionalWithin } from '../platform/validation.ts';
import { type EventOf, streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import { initialReviewState, type ReviewState } from '../reviews/index.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import { type ReportsState, subjectKeyOf } from './reports.ts';
import { reject } from './rules.ts';

export type ReportSubject = { type: ReportSubjectType; id: string };

/** A signed-in user reports a car, a user or a message, with a reason and what they add. */
export type FileReport = CommandOf<
  'FileReport',
  { reportId: string; subject: ReportSubject; reason: ReportReason; details?: string | null }
>;

/** What a report is filed against, once found: whose it is and, for a message, where it is. */
type Found = { ownerId: string; conversationId: string | null; seq: number | null };

const notFound = (): never =>
  reject('report-subject-not-found', 'There is nothing to report there.');

/**
 * The subject as the reporter can see it: a car that is not deleted, a user with an account,
 * a message of a conversation the reporter is part of (to anyone else it does not exist), a
 * review posted (its author is its owner).
 */
const findSubject = (
  subject: ReportSubject,
  reporterId: string,
  seen: { car: CarState; user: UserState; conversation: ConversationState; review: ReviewState },
): Found => {
  switch (subject.type) {
    case 'car': {
      const { car } = seen;
      if (car.status === 'none' || car.status === 'deleted') return notFound();
      return { ownerId: car.car.sellerId, conversationId: null, seq: null };
    }
    case 'user':
      if (seen.user.status !== 'active') return notFound();
      return { ownerId: seen.user.userId, conversationId: null, seq: null };
    case 'message': {
      const ref = messageRefOf(subject.id);
      const { conversation } = seen;
      if (!ref || conversation.status !== 'open') return notFound();
      if (conversation.buyerId !== reporterId && conversation.sellerId !== reporterId)
        return notFound();
      const ownerId = authorOf(conversation, ref.seq);
      if (ownerId === undefined) return notFound();
      return { ownerId, conversationId: conversation.conversationId, seq: ref.seq };
    }
    case 'review':
      if (seen.review.status !== 'posted') return notFound();
      return { ownerId: seen.review.buyerId, conversationId: null, seq: null };
  }
};

/** Details are optional: blank is none; longer than the bound is refused. */
const detailsOf = (details: string | null | undefined): string | null =>
  optionalWithin(details, TEXT_MAX.reportDetails, 'details') || null;

/** The car leaves the market pending review once enough different people report it. */
const hiddenByReports = (
  car: CarState,
  reports: ReportsState,
  reporterId: string,
): EventOf<'CarHidden'> | undefined => {
  if (car.status !== 'listed' || car.hidden !== null) return undefined;
  const reporters = new Set([...reports.open.map((report) => report.reporterId), reporterId]);
  if (reporters.size < REPORTERS_TO_HIDE) return undefined;
  return {
    type: 'CarHidden',
    data: {
      carId: car.car.carId,
      sellerId: car.car.sellerId,
      reason: `Reported by ${reporters.size} people: hidden until a moderator reviews it.`,
      by: 'reports',
    },
  };
};

/**
 * A report stands once per reporter and subject while it is open; nobody reports themselves or
 * what is theirs. The report that makes `REPORTERS_TO_HIDE` different reporters of a listed car
 * also takes the car off the market, in the same append.
 */
export const fileReport = (input: {
  command: FileReport;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `reports-<type>-<id>` */
  reports: ReportsState;
  /** `car-<id>` for a car; an empty car otherwise */
  car: CarState;
  /** `user-<id>` for a user; unregistered otherwise */
  user: UserState;
  /** the message's conversation for a message; none otherwise */
  conversation: ConversationState;
  /** `review-<id>` for a review; none otherwise */
  review: ReviewState;
}): Decision => {
  const { command, reports } = input;
  const reporter = requireActiveActor(input.actorUser);
  const { subject, reportId, reason } = command.data;
  const details = detailsOf(command.data.details);
  const found = findSubject(subject, reporter.userId, input);
  if (found.ownerId === reporter.userId)
    reject('own-report-subject', 'You cannot report yourself or what is yours.');
  if (reports.open.some((report) => report.reporterId === reporter.userId))
    reject('report-already-open', 'You reported this already: a moderator will look at it.');
  const filed: EventOf<'ReportFiled'> = {
    type: 'ReportFiled',
    data: { reportId, subject, reporterId: reporter.userId, reason, details, ...found },
  };
  const hidden =
    subject.type === 'car' ? hiddenByReports(input.car, reports, reporter.userId) : undefined;
  return appendsOf([
    [streams.reports(subjectKeyOf(subject)), filed],
    ...(hidden ? [[streams.car(hidden.data.carId), hidden] as const] : []),
  ]);
};

/** The streams a subject is read from, each only for its own type. */
const subjectReads = (subject: ReportSubject, read: StreamReads) => {
  const ref = subject.type === 'message' ? messageRefOf(subject.id) : undefined;
  return {
    reports: read.reports(subjectKeyOf(subject)),
    car: subject.type === 'car' ? read.car(subject.id) : ({ status: 'none' } as CarState),
    user:
      subject.type === 'user' ? read.user(subject.id) : ({ status: 'unregistered' } as UserState),
    conversation: ref
      ? read.conversation(ref.conversationId)
      : ({ status: 'none' } as ConversationState),
    review: subject.type === 'review' ? read.review(subject.id) : initialReviewState(),
  };
};

export const fileReportSlice = commandSlice({
  reads: (command: FileReport, read: StreamReads) => ({
    actorUser: read.user(command.actor.uid),
    ...subjectReads(command.data.subject, read),
  }),
  decide: fileReport,
});
