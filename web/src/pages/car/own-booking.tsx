// Where the signed-in buyer's own request for this car stands, read from their bookings of it:
// the car's page says so instead of the "Already Booked" everyone else sees.
import { Link, Stack, Text } from '@chakra-ui/react';
import type { BookingRecord, CarRecord } from '@second-gear/features/contract';
import { isOpenBooking } from '@second-gear/features/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { getBookingsOfCar } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { sameEmail } from '../../messages/message-seller.tsx';

/** Under the car's own key, so a booking made from its page refreshes it. */
const ownBookingQuery = (email: string, carId: string) =>
  queryOptions({
    queryKey: ['car', carId, 'own-booking', email],
    queryFn: async () => (await getBookingsOfCar(email, carId)).items[0] ?? null,
  });

/** Who is looking at the car: its seller, a signed-in buyer (with their open booking), or anyone. */
export interface Viewer {
  /** Whether the session is known yet: until then nothing opens the booking form. */
  settled: boolean;
  own: boolean;
  openBooking: BookingRecord | undefined;
}

export function useViewer(car: CarRecord): Viewer {
  const { status, user, settled } = useAuth();
  const email = status === 'signed-in' ? (user?.email ?? '') : '';
  const own = email !== '' && sameEmail(car.email, email);
  const booking = useQuery({
    ...ownBookingQuery(email, car._id),
    enabled: email !== '' && !own,
    meta: { quiet: true },
  });
  const latest = booking.data ?? undefined;
  return {
    settled: settled && !(email !== '' && !own && booking.isPending),
    own,
    openBooking: latest !== undefined && isOpenBooking(latest.status) ? latest : undefined,
  };
}

/** "You asked to book this car on …: waiting for the seller", or the meetup once accepted. */
export function OwnBookingNotice({ booking }: { booking: BookingRecord }) {
  const when = booking.proposed_time ? `, ${formatDateTime(booking.proposed_time)}` : '';
  return (
    <Stack
      gap="1"
      role="status"
      borderWidth="1px"
      borderColor={booking.status === 'accepted' ? 'green.emphasized' : 'blue.emphasized'}
      borderRadius="lg"
      p="4"
    >
      <Text fontWeight="semibold">
        {booking.status === 'accepted'
          ? `${booking.seller} accepted your booking`
          : 'You asked to book this car'}
      </Text>
      <Text fontSize="sm">
        {booking.status === 'accepted'
          ? `Meet at ${booking.meetup}${when}.`
          : `Sent ${formatDateTime(booking.booked_at)}: waiting for ${booking.seller} to accept or decline. You will be notified.`}
      </Text>
      <Link asChild colorPalette="teal" fontSize="sm" alignSelf="flex-start">
        <RouterLink to="/user/orders">See My Bookings</RouterLink>
      </Link>
    </Stack>
  );
}
