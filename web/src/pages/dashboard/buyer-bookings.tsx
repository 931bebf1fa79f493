import { Button, Heading, IconButton, Stack } from '@chakra-ui/react';
import type { BookingRecord } from '@second-gear/features/contract';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { cancelBooking, getBuyerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import {
  BookingStatusBadge,
  buyerMayCancel,
  ProposedTime,
} from '../../components/booking-status.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';

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
          { header: 'Seller Name', cell: (booking) => booking.seller },
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
