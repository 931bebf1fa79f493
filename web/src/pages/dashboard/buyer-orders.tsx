import { Button, Heading, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { BookingRecord } from '@second-gear/contracts';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { cancelBooking, getBuyerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { BookingStatusBadge, buyerMayCancel } from '../../components/booking-status.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, wraps } from '../../components/data-table.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';

export default function BuyerOrdersPage() {
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
        columns={[
          'Sl No.',
          'Seller Name',
          'Seller Email',
          'Car Model',
          'Meetup Location',
          'Proposed Time',
          'Status',
          'Details',
          'Action',
        ]}
        loading={isPending}
        count={data?.items.length ?? 0}
        empty="You have not booked any car yet."
      >
        {data?.items.map((booking, index) => (
          <Table.Row key={booking._id}>
            <Table.Cell>{offset + index + 1}</Table.Cell>
            <Table.Cell>{booking.seller}</Table.Cell>
            <Table.Cell {...wraps} overflowWrap="anywhere">
              {booking.seller_email}
            </Table.Cell>
            <Table.Cell {...wraps}>{booking.product_name}</Table.Cell>
            <Table.Cell {...wraps}>{booking.meetup}</Table.Cell>
            <Table.Cell {...wraps}>
              {booking.proposed_time ? (
                formatDateTime(booking.proposed_time)
              ) : (
                <Text as="span" color="fg.muted">
                  None
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>
              <BookingStatusBadge status={booking.status} />
            </Table.Cell>
            <Table.Cell>
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
            </Table.Cell>
            <Table.Cell>
              {buyerMayCancel(booking) ? (
                <Button
                  size="xs"
                  colorPalette="red"
                  variant="outline"
                  aria-label={`Cancel: the booking of ${booking.product_name}`}
                  onClick={() => cancel.ask(booking)}
                >
                  Cancel
                </Button>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
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
