import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { BookingRecord } from '@second-gear/features/contract';
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
  ProposedTime,
  sellerMayAnswer,
  sellerMayCancel,
} from '../../components/booking-status.tsx';
import { CarPicture } from '../../components/car-picture.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { formatAgo } from '../../components/dates.ts';
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

/** The Action column: accept or decline a request; cancel an accepted booking. */
function BookingActions({
  booking,
  accepting,
  onAccept,
  onDecline,
  onCancel,
}: {
  booking: BookingRecord;
  accepting: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onCancel: () => void;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      {sellerMayAnswer(booking) ? (
        <>
          <Button
            size="xs"
            colorPalette="teal"
            loading={accepting}
            aria-label={named('Accept', booking)}
            onClick={onAccept}
          >
            Accept
          </Button>
          <Button
            size="xs"
            colorPalette="red"
            variant="outline"
            aria-label={named('Decline', booking)}
            onClick={onDecline}
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
          onClick={onCancel}
        >
          Cancel
        </Button>
      ) : null}
    </HStack>
  );
}

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
        rows={data?.items}
        rowKey={(booking) => booking._id}
        loading={isPending}
        empty="Nobody has booked your cars yet."
        columns={[
          { header: 'Sl No.', card: 'number', cell: (_, index) => offset + index + 1 },
          { header: 'Buyer', card: 'title', cell: (booking) => booking.buyer },
          { header: 'Buyer Email', wraps: true, cell: (booking) => booking.buyer_email },
          {
            header: 'Phone',
            // A tap calls the buyer on a phone.
            cell: (booking) => (
              <Link href={`tel:${booking.buyer_phone.replace(/[^\d+]/g, '')}`} colorPalette="teal">
                {booking.buyer_phone}
              </Link>
            ),
            cellProps: { whiteSpace: 'nowrap' },
          },
          { header: 'Meetup Location', wraps: true, cell: (booking) => booking.meetup },
          {
            header: 'Car',
            wraps: true,
            // The car's picture above its name: which car, at a glance, in no more width than
            // the name takes (the Action column stays in sight at 1440 px).
            cell: (booking) => (
              <Stack gap="1" align="flex-start">
                <CarPicture
                  src={booking.product_image}
                  alt=""
                  sizes="4rem"
                  w="16"
                  aspectRatio={4 / 3}
                  borderRadius="md"
                  flexShrink={0}
                />
                <Link asChild colorPalette="teal" variant="underline">
                  <RouterLink to={`/car/${booking.product_id}`}>{booking.product_name}</RouterLink>
                </Link>
              </Stack>
            ),
          },
          {
            header: 'Proposed Time',
            wraps: true,
            cell: (booking) => <ProposedTime booking={booking} />,
          },
          {
            // Its state, and under it when the request came: one column, so Action keeps its
            // place at 1440 px.
            header: 'Status',
            wraps: true,
            cell: (booking) => (
              <Stack gap="1" align="flex-start">
                <BookingStatusBadge status={booking.status} />
                <Text fontSize="sm" color="fg.muted">
                  Received {formatAgo(booking.booked_at)}
                </Text>
              </Stack>
            ),
          },
          {
            header: 'Action',
            card: 'actions',
            cell: (booking) => (
              <BookingActions
                booking={booking}
                accepting={accept.isPending && accept.variables === booking._id}
                onAccept={() => accept.mutate(booking._id)}
                onDecline={() => decline.ask(booking)}
                onCancel={() => cancel.ask(booking)}
              />
            ),
          },
        ]}
      />
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
