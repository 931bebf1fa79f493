import { type CarState, requireRemainingCar } from '../cars/index.ts';
import type { AppendPair, Decision } from '../platform/decision.ts';
import { appendsOf } from '../platform/decision.ts';
import type { ModerationAction } from '../platform/rules.ts';
import { TEXT_MAX } from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { requiredWithin } from '../platform/validation.ts';
import { type DomainEvent, streams } from '../registry/events.ts';
import type { StreamReads } from '../registry/stream-state.ts';
import {
  initialReviewState,
  type ReviewState,
  requirePostedReview,
  reviewPartiesOf,
} from '../reviews/index.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveUser, requireAdmin } from '../users/index.ts';
import type { ReportSubject } from './file-report.ts';
import { type ReportsState, subjectKeyOf } from './reports.ts';
import { reject } from './rules.ts';

/** An admin settles the open reports on a subject with an action, and says why. */
export type ResolveReports = CommandOf<
  'ResolveReports',
  { groupId: string; action: ModerationAction; reason: string }
>;

/** An admin reads the conversation around a reported message: on the record. */
export type ViewReportedMessage = CommandOf<'ViewReportedMessage', { groupId: string }>;

type Owner = { id: string; user: UserState };

/** The car of a car's reports, as an action on it needs it: still there. */
const reportedCar = (subject: ReportSubject, car: CarState) => {
  if (subject.type !== 'car')
    return reject('action-not-for-subject', 'Only a car can be hidden or restored.', 'action');
  return requireRemainingCar(car);
};

/** The review of a review's reports, as hiding or showing it needs it: posted. */
const reportedReview = (subject: ReportSubject, review: ReviewState) => {
  if (subject.type !== 'review')
    return reject('action-not-for-subject', 'Only a review can be hidden or shown.', 'action');
  return requirePostedReview(review);
};

/** A review leaves its seller's profile and average, or comes back. */
const reviewEffect = (
  action: 'hide-review' | 'restore-review',
  input: { subject: ReportSubject; review: ReviewState; reason: string },
): AppendPair => {
  const review = reportedReview(input.subject, input.review);
  if (action === 'hide-review' && review.hidden)
    reject('review-already-hidden', 'This review is hidden already.');
  if (action === 'restore-review' && !review.hidden)
    reject('review-not-hidden', 'This review is not hidden.');
  const data = { ...reviewPartiesOf(review), rating: review.rating, reason: input.reason };
  const type = action === 'hide-review' ? 'ReviewHidden' : 'ReviewRestored';
  return [streams.review(review.reviewId), { type, data }];
};

/**
 * What an action changes besides the reports: the car's, the review's or the owner's stream, or
 * nothing.
 */
const effectOf = (
  action: ModerationAction,
  input: {
    subject: ReportSubject;
    car: CarState;
    review: ReviewState;
    owner: Owner;
    reason: string;
  },
): AppendPair | undefined => {
  const { subject, owner, reason } = input;
  switch (action) {
    case 'dismiss':
      return undefined;
    case 'hide-car': {
      const { car } = reportedCar(subject, input.car);
      const data = { carId: car.carId, sellerId: car.sellerId, reason, by: 'moderator' as const };
      return [streams.car(car.carId), { type: 'CarHidden', data }];
    }
    case 'restore-car': {
      const listed = reportedCar(subject, input.car);
      if (listed.hidden === null) reject('car-not-hidden', 'This car is not hidden.');
      const data = { carId: listed.car.carId, sellerId: listed.car.sellerId, reason };
      return [streams.car(listed.car.carId), { type: 'CarRestored', data }];
    }
    case 'hide-review':
    case 'restore-review':
      return reviewEffect(action, input);
    case 'suspend-user': {
      const user = requireActiveUser(owner.user, 'This user has no account.');
      if (user.role === 'Admin')
        reject('admin-not-suspendable', 'An admin cannot be suspended: remove their rights first.');
      if (user.suspension !== null) reject('user-already-suspended', 'This user is suspended.');
      return [
        streams.user(owner.id),
        { type: 'UserSuspended', data: { userId: owner.id, reason } },
      ];
    }
    case 'lift-suspension': {
      const user = owner.user;
      if (user.status !== 'active' || user.suspension === null)
        return reject('user-not-suspended', 'This user is not suspended.');
      const data = { userId: owner.id, reason };
      return [streams.user(owner.id), { type: 'UserSuspensionLifted', data }];
    }
  }
};

/**
 * Settles every open report on a subject at once. Dismissing needs open reports; the other
 * actions may also undo an earlier one (restore a car, lift a suspension) after its reports
 * were settled. The reason is required: the owner is told it.
 */
export const resolveReports = (input: {
  command: ResolveReports;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `reports-<type>-<id>` */
  reports: ReportsState;
  /** `car-<id>` for a car; an empty car otherwise */
  car: CarState;
  /** `review-<id>` for a review; none otherwise */
  review: ReviewState;
  /** `user-<owner>`, once the reports name their owner */
  ownerUser: UserState;
}): Decision => {
  const { command, reports } = input;
  requireAdmin(command.actor, input.actorUser);
  const { action } = command.data;
  const reason = requiredWithin(command.data.reason, TEXT_MAX.moderationReason, 'reason');
  const { subject, ownerId } = reports;
  if (subject === null || ownerId === null)
    return reject('report-not-found', 'Nobody reported this.');
  if (action === 'dismiss' && reports.open.length === 0)
    reject('reports-resolved', 'These reports were settled already.');
  const owner = { id: ownerId, user: input.ownerUser };
  const effect = effectOf(action, { subject, car: input.car, review: input.review, owner, reason });
  const resolved: DomainEvent = {
    type: 'ReportsResolved',
    data: {
      subject,
      ownerId,
      reportIds: reports.open.map((report) => report.reportId),
      action,
      reason,
      moderatorId: command.actor.uid,
    },
  };
  return appendsOf([
    [streams.reports(subjectKeyOf(subject)), resolved],
    ...(effect ? [effect] : []),
  ]);
};

/** Only a message's reports have a conversation to read; reading it changes nothing else. */
export const viewReportedMessage = (input: {
  command: ViewReportedMessage;
  actorUser: UserState;
  reports: ReportsState;
  conversationId: string | null;
}): Decision => {
  const { command, reports, conversationId } = input;
  requireAdmin(command.actor, input.actorUser);
  const { subject, ownerId } = reports;
  if (subject === null || ownerId === null || conversationId === null)
    return reject('report-not-found', 'Nobody reported a message there.');
  return appendsOf([
    [
      streams.reports(subjectKeyOf(subject)),
      {
        type: 'ReportedMessageViewed',
        data: { subject, ownerId, conversationId, moderatorId: command.actor.uid },
      },
    ],
  ]);
};

export const resolveReportsSlice = commandSlice({
  reads: (command: ResolveReports, read: StreamReads) => {
    const reports = read.reports(command.data.groupId);
    const { subject } = reports;
    return {
      actorUser: read.user(command.actor.uid),
      reports,
      car: subject?.type === 'car' ? read.car(subject.id) : ({ status: 'none' } as CarState),
      review: subject?.type === 'review' ? read.review(subject.id) : initialReviewState(),
      ownerUser: reports.ownerId
        ? read.user(reports.ownerId)
        : ({ status: 'unregistered' } as UserState),
    };
  },
  decide: resolveReports,
});

export const viewReportedMessageSlice = commandSlice({
  reads: (command: ViewReportedMessage, read: StreamReads) => {
    const reports = read.reports(command.data.groupId);
    return {
      actorUser: read.user(command.actor.uid),
      reports,
      conversationId: reports.conversationId,
    };
  },
  decide: viewReportedMessage,
});
