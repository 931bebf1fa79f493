import { Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { RoleBadge } from '../../components/role-badge.tsx';
import { ApplyForSellerButton } from './apply-for-seller.tsx';

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
