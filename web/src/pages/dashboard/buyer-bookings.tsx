import { Box, Button, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import type { BookingRecord } from '@second-gear/features/contract';
import { useState } from 'react';
import { LuCircleCheck, LuExternalLink, LuStar } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { cancelBooking, getBuyerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import {
  BookingStatusBadge,
  buyerMayCancel,
  ProposedTime,
  reviewStage,
} from '../../components/booking-status.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { reviewPath, sellerPath } from '../../reviews/links.ts';
import { ReviewSellerDialog } from '../../reviews/review-dialog.tsx';

/**
 * The booking's review of its seller: Review seller once the meetup has passed, a word while it
 * is ahead, Reviewed (to the review on the seller's profile) once done; nothing for a booking
 * the seller never accepted.
 */
function ReviewCell({ booking, onReview }: { booking: BookingRecord; onReview: () => void }) {
  switch (reviewStage(booking)) {
    case 'open':
      return (
        <Button size="xs" colorPalette="teal" onClick={onReview}>
          <LuStar /> Review seller
          <Box as="span" srOnly>
            {' '}
            of {booking.product_name}
          </Box>
        </Button>
      );
    case 'not-yet':
      return (
        <Text as="span" fontSize="sm" color="fg.muted">
          You can review the seller after your meetup
        </Text>
      );
    case 'reviewed':
      return (
        <HStack as="span" gap="1" color="green.fg">
          <LuCircleCheck aria-hidden="true" />
          <Link asChild colorPalette="green" fontWeight="medium">
            <RouterLink to={reviewPath(booking.seller_id, booking._id)}>
              Reviewed
              <Box as="span" srOnly>
                : your review of {booking.seller}
              </Box>
            </RouterLink>
          </Link>
        </HStack>
      );
    case 'not-met':
      return null;
  }
}

/** The booking whose seller is being reviewed stays while the dialog closes. */
interface Reviewing {
  booking: BookingRecord | null;
  open: boolean;
}

export default function BuyerBookingsPage() {
  usePageTitle('My Bookings');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['bookings', 'buyer', email],
    (page) => getBuyerBookings(email, page),
    { enabled: email !== '' },
  );
  const cancel = useConfirmedCommand<BookingRecord, unknown>({
    run: cancelBooking,
    success: 'Booking cancelled',
    invalidate: [['bookings'], ['car'], ['cars']],
  });
  const [reviewing, setReviewing] = useState<Reviewing>({ booking: null, open: false });
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        My Bookings
      </Heading>
      <DataTable
        caption="Cars you booked"
        rows={data?.items}
        rowKey={(booking) => booking._id}
        loading={isPending}
        empty="You have not booked any car yet."
        columns={[
          { header: 'Sl No.', card: 'number', cell: (_, index) => offset + index + 1 },
          {
            header: 'Seller Name',
            wraps: true,
            cell: (booking) => (
              <Link asChild colorPalette="teal">
                <RouterLink to={sellerPath(booking.seller_id)}>{booking.seller}</RouterLink>
              </Link>
            ),
          },
          { header: 'Seller Email', wraps: true, cell: (booking) => booking.seller_email },
          {
            header: 'Car Model',
            card: 'title',
            wraps: true,
            cell: (booking) => booking.product_name,
          },
          { header: 'Meetup Location', wraps: true, cell: (booking) => booking.meetup },
          {
            header: 'Proposed Time',
            wraps: true,
            cell: (booking) => <ProposedTime booking={booking} />,
          },
          { header: 'Status', cell: (booking) => <BookingStatusBadge status={booking.status} /> },
          {
            header: 'Review',
            wraps: true,
            cell: (booking) => (
              <ReviewCell
                booking={booking}
                onReview={() => setReviewing({ booking, open: true })}
              />
            ),
          },
          {
            header: 'Details',
            card: 'actions',
            cell: (booking) => (
              <Tooltip label="See Car Details">
                <IconButton
                  asChild
                  size="sm"
                  variant="outline"
                  aria-label={`See Car Details of ${booking.product_name}`}
                >
                  <RouterLink to={`/car/${booking.product_id}`}>
                    <LuExternalLink />
                  </RouterLink>
                </IconButton>
              </Tooltip>
            ),
          },
          {
            header: 'Action',
            card: 'actions',
            cell: (booking) =>
              buyerMayCancel(booking) ? (
                <Button
                  size="xs"
                  colorPalette="red"
                  variant="outline"
                  aria-label={`Cancel: the booking of ${booking.product_name}`}
                  onClick={() => cancel.ask(booking)}
                >
                  Cancel
                </Button>
              ) : null,
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      {reviewing.booking ? (
        <ReviewSellerDialog
          booking={reviewing.booking}
          open={reviewing.open}
          onClose={() => setReviewing((current) => ({ ...current, open: false }))}
          onExitComplete={() => setReviewing({ booking: null, open: false })}
        />
      ) : null}
      <ConfirmDialog
        {...cancel.dialog}
        title="Cancel this booking?"
        description={`Your booking of ${cancel.selected?.product_name ?? 'the car'} ends, and the car is free for others to book.`}
        cancelLabel="Keep booking"
        confirmLabel="Cancel booking"
      />
    </Stack>
  );
}
