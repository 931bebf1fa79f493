// The moderation's words, each written once: why something is reported, what is reported, what
// a moderator does with it, and why a car is off the market. The values are the domain's rules.
import {
  type ModerationAction,
  type OffMarketReason,
  type ReportReason,
  type ReportSubjectType,
  reportReasons,
} from '@second-gear/features/rules';

export const reasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or suspicious',
  'wrong-details': 'Wrong details',
  offensive: 'Offensive',
  sold: 'Already sold',
  duplicate: 'Duplicate',
  other: 'Something else',
};

/** The reasons a reporter chooses from, in the rules' order. */
export const reasonOptions = reportReasons.map((reason) => ({
  value: reason,
  label: reasonLabels[reason],
}));

export const subjectLabels: Record<ReportSubjectType, string> = {
  car: 'Car',
  user: 'User',
  message: 'Message',
  review: 'Review',
};

/** Each action as its button names it. */
export const actionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  'hide-car': 'Hide car',
  'restore-car': 'Restore car',
  'hide-review': 'Hide review',
  'restore-review': 'Restore review',
  'suspend-user': 'Suspend owner',
  'lift-suspension': 'Lift suspension',
};

/** The actions that take something from its owner: their buttons are red. */
export const severeActions: ReadonlySet<ModerationAction> = new Set([
  'hide-car',
  'hide-review',
  'suspend-user',
]);

/** Each action once taken, as a group's latest settlement says it. */
export const actionOutcomes: Record<ModerationAction, string> = {
  dismiss: 'Reports dismissed',
  'hide-car': 'Car hidden',
  'restore-car': 'Car restored',
  'hide-review': 'Review hidden',
  'restore-review': 'Review restored',
  'suspend-user': 'Owner suspended',
  'lift-suspension': 'Suspension lifted',
};

/** A car off the market, as its badge on the seller's list says it. */
export const offMarketLabels: Record<OffMarketReason, string> = {
  hidden: 'Hidden',
  'seller-suspended': 'Seller suspended',
  expired: 'Expired',
};

/** A car off the market, as its page tells a buyer instead of offering to book it. */
export const offMarketNotices: Record<OffMarketReason, string> = {
  hidden: 'This car is under review and cannot be booked for now.',
  'seller-suspended': 'This car is not available for now.',
  expired: 'This listing has expired.',
};

/** "1 open report", "3 open reports". */
export const openReports = (count: number) => `${count} open ${count === 1 ? 'report' : 'reports'}`;
