import { Box, Container, Flex } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { useUserRecord } from '../auth/use-user-record.ts';
import { DashboardNav } from './dashboard-nav.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export default function DashboardLayout() {
  const { user } = useAuth();
  const { data: record } = useUserRecord();
  const name = record?.name || user?.displayName || user?.email || '';
  // The profile's picture once read (none when the user removed it); the sign-in's until then.
  const photoURL = record ? record.photoURL : (user?.photoURL ?? null);
  const navProps = { name, photoURL, role: record?.type };

  return (
    <Flex direction="column" minH="100vh">
      {/* Below large screens the dashboard's links are in the top bar's one menu. */}
      <SiteHeader dashboard={(close) => <DashboardNav {...navProps} onNavigate={close} />} />
      <Container maxW="7xl" py="6" flex="1">
        <Flex gap="8" align="flex-start">
          <Box
            as="aside"
            w="64"
            flexShrink={0}
            display={{ base: 'none', lg: 'block' }}
            borderWidth="1px"
            borderRadius="lg"
            p="5"
            position="sticky"
            top="20"
          >
            <DashboardNav {...navProps} />
          </Box>
          <Box as="main" flex="1" minW="0">
            <Outlet />
          </Box>
        </Flex>
      </Container>
      <SiteFooter />
    </Flex>
  );
}
