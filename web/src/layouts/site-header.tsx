import { Box, Button, Container, Flex, HStack, Link, Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { ColorModeToggle } from '../components/color-mode.tsx';
import { HeaderSearch } from './header-search.tsx';

const AccountMenu = lazy(() => import('./account-menu.tsx'));
// The bell and its stream reader come with the first signed-in page, not with a visitor's.
const NotificationBell = lazy(() => import('../notifications/notification-bell.tsx'));

const links = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Cars' },
  { to: '/blog', label: 'Blog' },
];

export function SiteHeader() {
  const { status } = useAuth();
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex
          minH="16"
          py="2"
          align="center"
          justify="space-between"
          columnGap="4"
          rowGap="1"
          wrap="wrap"
        >
          <Link asChild fontWeight="bold" fontSize="xl" color="teal.fg">
            <RouterLink to="/">Second Gear</RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap={{ base: '3', md: '6' }}>
            {links.map((link) => (
              <Link
                asChild
                key={link.to}
                fontWeight="medium"
                css={{ '&.active': { color: 'teal.fg', fontWeight: 'bold' } }}
              >
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavLink>
              </Link>
            ))}
          </HStack>
          <HeaderSearch />
          <HStack gap="2">
            <ColorModeToggle />
            {status === 'loading' ? (
              <Skeleton h="8" w="16" borderRadius="md" aria-hidden="true" />
            ) : status === 'signed-in' ? (
              <>
                <Suspense fallback={<Skeleton h="8" w="8" borderRadius="md" aria-hidden="true" />}>
                  <NotificationBell />
                </Suspense>
                <Suspense
                  fallback={<Skeleton h="8" w="8" borderRadius="full" aria-hidden="true" />}
                >
                  <AccountMenu />
                </Suspense>
              </>
            ) : (
              <Button asChild size="sm" colorPalette="teal">
                <RouterLink to="/login">Login</RouterLink>
              </Button>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
