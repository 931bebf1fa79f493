// Where a booking stands, as both of its parties see it.
import { Badge, Text } from '@chakra-ui/react';
import type { BookingRecord, BookingStatus } from '@second-gear/features/contract';
import { isOpenBooking, type ReviewStage, reviewStageOf } from '@second-gear/features/rules';
import { formatDateTime } from './dates.ts';

/** Every status the contract knows, with its name and colour on screen. */
const statusBadges = {
  requested: { label: 'Requested', palette: 'blue' },
  accepted: { label: 'Accepted', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
  ended: { label: 'Ended', palette: 'gray' },
} as const satisfies Record<BookingStatus, { label: string; palette: string }>;

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, palette } = statusBadges[status];
  return (
    <Badge colorPalette={palette} whiteSpace="nowrap">
      {label}
    </Badge>
  );
}

// What each party may still do, by the server's rules: a step it refuses is not offered.
type Standing = Pick<BookingRecord, 'status'>;
/** The buyer cancels while the booking is requested or accepted. */
export const buyerMayCancel = ({ status }: Standing) => isOpenBooking(status);
/** The seller accepts or declines while it is requested. */
export const sellerMayAnswer = ({ status }: Standing) => status === 'requested';
/** The seller cancels once it is accepted. */
export const sellerMayCancel = ({ status }: Standing) => status === 'accepted';

/**
 * Where the booking stands for its buyer's review of the seller at `now`: not met, its meetup
 * still ahead, open to a review, or reviewed.
 */
export const reviewStage = (
  booking: Pick<BookingRecord, 'status' | 'accepted_at' | 'proposed_time' | 'reviewed'>,
  now = new Date(),
): ReviewStage =>
  reviewStageOf(
    {
      status: booking.status,
      accepted: booking.accepted_at !== undefined || booking.status === 'accepted',
      proposedTime: booking.proposed_time ?? null,
      reviewed: booking.reviewed,
    },
    now,
  );

/** The time the buyer proposed for the meetup, or "None". */
export function ProposedTime({ booking }: { booking: Pick<BookingRecord, 'proposed_time'> }) {
  if (!booking.proposed_time) {
    return (
      <Text as="span" color="fg.muted">
        None
      </Text>
    );
  }
  return formatDateTime(booking.proposed_time);
}
