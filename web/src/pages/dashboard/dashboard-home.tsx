import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { getSellerBookings, getSellerCars } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { RoleBadge } from '../../components/role-badge.tsx';
import { messageQueries } from '../../messages/message-queries.ts';
import { ApplyForSellerButton } from './apply-for-seller.tsx';
import { renewable } from './car-term.ts';

/** One thing to do: what it is, and the link to where it is done. */
type Task = { what: string; link: string; to: string };

/** "1 booking request" or "3 booking requests", and "20+" for a full page of them. */
const counted = (count: number, full: boolean, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count}${full ? '+' : ''} ${many}`;

/**
 * What a member has to do first: unread messages, and for a seller the booking requests still
 * waiting for their answer and the cars whose term ends soon or has ended. The seller's bookings
 * list requests first and their cars come newest first, so the first page of each is read (a
 * full page of requests is "20+").
 */
function ToDo({ email, seller }: { email: string; seller: boolean }) {
  const bookings = useQuery({
    queryKey: ['bookings', 'seller', email, 1],
    queryFn: () => getSellerBookings(email, 1),
    enabled: seller,
    meta: { quiet: true },
  });
  const cars = useQuery({
    queryKey: ['cars', 'seller', email, 1],
    queryFn: () => getSellerCars(email, 1),
    enabled: seller,
    meta: { quiet: true },
  });
  const unread = useQuery(messageQueries.unread(email)).data ?? 0;
  const requests = bookings.data?.items ?? [];
  const waiting = requests.filter((booking) => booking.status === 'requested').length;
  const ending = (cars.data?.items ?? []).filter((car) => renewable(car)).length;
  const tasks: Task[] = [];
  if (waiting > 0) {
    const full = waiting === requests.length && (bookings.data?.total ?? 0) > requests.length;
    const what = counted(waiting, full, 'booking request', 'booking requests');
    tasks.push({
      what: `${what} waiting for your answer`,
      link: 'Answer them',
      to: '/user/bookings',
    });
  }
  if (unread > 0) {
    const what = counted(unread, false, 'unread message', 'unread messages');
    tasks.push({ what, link: 'Read them', to: '/user/messages' });
  }
  if (ending > 0) {
    const what = ending === 1 ? "1 car's time" : `${ending} cars' time`;
    tasks.push({
      what: `${what} in search ends soon or has ended: renew to keep ${ending === 1 ? 'it' : 'them'} on the market`,
      link: 'Renew',
      to: '/user/products',
    });
  }
  if (tasks.length === 0) return null;
  return (
    <Stack
      as="section"
      aria-label="To do"
      gap="3"
      borderWidth="1px"
      borderColor="blue.emphasized"
      borderRadius="xl"
      p="5"
    >
      {tasks.map((task) => (
        <HStack key={task.to} gap="4" justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">{task.what}</Text>
          <Button asChild colorPalette="teal" size="sm">
            <RouterLink to={task.to}>{task.link}</RouterLink>
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}

export default function DashboardHomePage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const { data: record, isPending } = useUserRecord();

  if (isPending) return <PageLoader label="Loading your profile" />;
  const name = record?.name || user?.displayName || '';
  const email = record?.email || user?.email || '';
  const phone = record?.phone;

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Dashboard
      </Heading>
      {record && email !== '' ? <ToDo email={email} seller={record.type === 'Seller'} /> : null}
      <Box borderWidth="1px" borderRadius="xl" p="6">
        <Stack gap="3">
          <HStack gap="3">
            <Heading as="h2" size="xl">
              {name}
            </Heading>
            <RoleBadge role={record?.type} />
          </HStack>
          <Text>
            <Text as="span" fontWeight="semibold">
              Email:
            </Text>{' '}
            {email}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Phone:
            </Text>{' '}
            {phone || (
              <>
                None set yet.{' '}
                <Link asChild variant="underline" colorPalette="teal">
                  <RouterLink to="/user/profile">Add one in your profile</RouterLink>
                </Link>
              </>
            )}
          </Text>
          {record?.type === 'Buyer' ? (
            <Box pt="2">
              <ApplyForSellerButton />
            </Box>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
