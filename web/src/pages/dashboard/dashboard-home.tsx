import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { getSellerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { RoleBadge } from '../../components/role-badge.tsx';
import { ApplyForSellerButton } from './apply-for-seller.tsx';

/**
 * What a seller has to do first: the booking requests still waiting for their answer. The
 * seller's bookings list them first, so the first page holds them (a full page of them is "20+").
 */
function ToDo({ email }: { email: string }) {
  const first = useQuery({
    queryKey: ['bookings', 'seller', email, 1],
    queryFn: () => getSellerBookings(email, 1),
    meta: { quiet: true },
  });
  const items = first.data?.items ?? [];
  const waiting = items.filter((booking) => booking.status === 'requested').length;
  if (waiting === 0) return null;
  const many = waiting === items.length && (first.data?.total ?? 0) > items.length;
  const count = `${waiting}${many ? '+' : ''}`;
  return (
    <HStack
      as="section"
      aria-label="To do"
      gap="4"
      justify="space-between"
      wrap="wrap"
      borderWidth="1px"
      borderColor="blue.emphasized"
      borderRadius="xl"
      p="5"
    >
      <Text fontWeight="semibold">
        {waiting === 1 ? '1 booking request' : `${count} booking requests`} waiting for your answer
      </Text>
      <Button asChild colorPalette="teal" size="sm">
        <RouterLink to="/user/bookings">Answer them</RouterLink>
      </Button>
    </HStack>
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
      {record?.type === 'Seller' && email !== '' ? <ToDo email={email} /> : null}
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
