import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { applyForSeller, getBuyerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { RoleBadge } from '../../components/role-badge.tsx';
import { useCommand } from '../../components/use-command.ts';

export default function DashboardHomePage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const { data: record, isPending } = useUserRecord();
  const apply = useCommand<void>({
    run: () => applyForSeller(),
    success: 'You are a Seller now!',
    invalidate: [['user']],
  });

  // The user record carries no phone: the one the user gave with their latest booking is shown.
  const email = record?.email || user?.email || '';
  const lastBooking = useQuery({
    queryKey: ['bookings', 'buyer', email, 'latest'],
    queryFn: () => getBuyerBookings(email, 1, 1),
    enabled: email !== '' && record !== undefined,
  });
  const phone = lastBooking.data?.items[0]?.buyer_phone;

  if (isPending) return <PageLoader label="Loading your profile" />;
  const name = record?.name || user?.displayName || '';

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Dashboard
      </Heading>
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
            {phone || 'Not provided yet'}
          </Text>
          {record?.type === 'Buyer' ? (
            <Box pt="2">
              <Button
                colorPalette="purple"
                onClick={() => apply.mutate()}
                loading={apply.isPending}
              >
                Apply for Seller
              </Button>
            </Box>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
