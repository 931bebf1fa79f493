import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { BookingRecord } from '@second-gear/contracts';
import { Link as RouterLink } from 'react-router-dom';
import {
  acceptBooking,
  cancelBooking,
  declineBooking,
  getSellerBookings,
} from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import {
  BookingStatusBadge,
  sellerMayAnswer,
  sellerMayCancel,
} from '../../components/booking-status.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, wraps } from '../../components/data-table.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { useCommand } from '../../components/use-command.ts';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';

/** What an answer to a booking changes: the bookings, and whether its car is booked. */
const answered = [['bookings'], ['car'], ['cars']];

/** A button's name for screen readers: its word, then the booking it acts on. */
const named = (verb: string, booking: BookingRecord) =>
  `${verb}: the booking of ${booking.product_name} by ${booking.buyer}`;

export default function SellerBookingsPage() {
  usePageTitle('My Bookings');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['bookings', 'seller', email],
    (page) => getSellerBookings(email, page),
    { enabled: email !== '' },
  );
  const accept = useCommand<string>({
    run: acceptBooking,
    success: 'Booking accepted',
    invalidate: answered,
  });
  const decline = useConfirmedCommand<BookingRecord, unknown>({
    run: declineBooking,
    success: 'Booking declined',
    invalidate: answered,
  });
  const cancel = useConfirmedCommand<BookingRecord, unknown>({
    run: cancelBooking,
    success: 'Booking cancelled',
    invalidate: answered,
  });
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        My Bookings
      </Heading>
      <DataTable
        caption="Bookings of your cars"
        columns={[
          'Sl No.',
          'Buyer',
          'Buyer Email',
          'Phone',
          'Meetup Location',
          'Car',
          'Proposed Time',
          'Status',
          'Action',
        ]}
        loading={isPending}
        count={data?.items.length ?? 0}
        empty="Nobody has booked your cars yet."
      >
        {data?.items.map((booking, index) => (
          <Table.Row key={booking._id}>
            <Table.Cell>{offset + index + 1}</Table.Cell>
            <Table.Cell>{booking.buyer}</Table.Cell>
            <Table.Cell {...wraps} overflowWrap="anywhere">
              {booking.buyer_email}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{booking.buyer_phone}</Table.Cell>
            <Table.Cell {...wraps}>{booking.meetup}</Table.Cell>
            <Table.Cell {...wraps}>
              <Link asChild colorPalette="teal" variant="underline">
                <RouterLink to={`/car/${booking.product_id}`}>{booking.product_name}</RouterLink>
              </Link>
            </Table.Cell>
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
              <HStack gap="2" wrap="wrap">
                {sellerMayAnswer(booking) ? (
                  <>
                    <Button
                      size="xs"
                      colorPalette="teal"
                      loading={accept.isPending && accept.variables === booking._id}
                      aria-label={named('Accept', booking)}
                      onClick={() => accept.mutate(booking._id)}
                    >
                      Accept
                    </Button>
                    <Button
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      aria-label={named('Decline', booking)}
                      onClick={() => decline.ask(booking)}
                    >
                      Decline
                    </Button>
                  </>
                ) : null}
                {sellerMayCancel(booking) ? (
                  <Button
                    size="xs"
                    colorPalette="red"
                    variant="outline"
                    aria-label={named('Cancel', booking)}
                    onClick={() => cancel.ask(booking)}
                  >
                    Cancel
                  </Button>
                ) : null}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      <ConfirmDialog
        {...decline.dialog}
        title="Decline this booking?"
        description={`${decline.selected?.buyer ?? 'The buyer'} is told no, and ${decline.selected?.product_name ?? 'the car'} is free for others to book.`}
        cancelLabel="Back"
        confirmLabel="Decline booking"
      />
      <ConfirmDialog
        {...cancel.dialog}
        title="Cancel this booking?"
        description={`The accepted booking of ${cancel.selected?.product_name ?? 'the car'} by ${cancel.selected?.buyer ?? 'the buyer'} ends, and the car is free for others to book.`}
        cancelLabel="Keep booking"
        confirmLabel="Cancel booking"
      />
    </Stack>
  );
}
