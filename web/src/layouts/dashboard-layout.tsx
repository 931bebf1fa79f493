import { Box, Button, CloseButton, Container, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { useUserRecord } from '../auth/use-user-record.ts';
import { DashboardNav } from './dashboard-nav.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export default function DashboardLayout() {
  const { user } = useAuth();
  const { data: record } = useUserRecord();
  const [open, setOpen] = useState(false);
  const name = record?.name || user?.displayName || user?.email || '';
  // The profile's picture once read (none when the user removed it); the sign-in's until then.
  const photoURL = record ? record.photoURL : (user?.photoURL ?? null);
  const navProps = { name, photoURL, role: record?.type };

  return (
    <Flex direction="column" minH="100vh">
      <SiteHeader />
      <Container maxW="7xl" py="6" flex="1">
        <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
          <Drawer.Trigger asChild>
            <Button
              variant="outline"
              size="sm"
              mb="4"
              display={{ base: 'inline-flex', lg: 'none' }}
            >
              <LuMenu /> Dashboard menu
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>Dashboard</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <DashboardNav {...navProps} onNavigate={() => setOpen(false)} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close the dashboard menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
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
