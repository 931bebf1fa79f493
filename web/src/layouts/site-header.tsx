import { Box, Button, Container, Flex, HStack, IconButton, Link, Skeleton } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { ColorModeToggle } from '../components/color-mode.tsx';
import { HEADER_HEIGHT_REM } from './header-height.ts';
import { HeaderSearch } from './header-search.tsx';

const AccountMenu = lazy(() => import('./account-menu.tsx'));
// The bell and its stream reader come with the first signed-in page, not with a visitor's.
const NotificationBell = lazy(() => import('../notifications/notification-bell.tsx'));
const MessagesLink = lazy(() => import('../messages/messages-link.tsx'));
// The small screens' menu (a drawer) comes when it is first opened, or about to be.
const loadSiteMenu = () => import('./site-menu.tsx');
const SiteMenu = lazy(loadSiteMenu);

/** The top bar's links: Home, Cars and Blog. */
export const siteLinks = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Cars' },
  { to: '/blog', label: 'Blog' },
];

/**
 * The top bar, one row on every screen. On large screens: the links, the search box, the theme
 * toggle, and Login or the messages link, the bell and the account menu. Below them (`lg`) the
 * links, the theme, and signing in or out move into a menu (a drawer) opened by its button, the
 * messages link and the bell staying in the bar; on phones (below `md`) the search box moves there
 * too. On a dashboard's pages that one menu leads with the dashboard's own links (`dashboard`,
 * given the function that closes the menu), so a small screen never shows two menu buttons.
 */
export function SiteHeader({ dashboard }: { dashboard?: (close: () => void) => ReactNode } = {}) {
  const { status } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const signedIn = status === 'signed-in';
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex
          h={`${HEADER_HEIGHT_REM}rem`}
          align="center"
          justify="space-between"
          gap={{ base: '2', md: '4' }}
        >
          <Link asChild fontWeight="bold" fontSize="xl" color="teal.fg" flexShrink={0}>
            <RouterLink to="/">Second Gear</RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap="6" display={{ base: 'none', lg: 'flex' }}>
            {siteLinks.map((link) => (
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
          <Box display={{ base: 'none', md: 'block' }} flex={{ md: '1', lg: '0 1 20rem' }}>
            <HeaderSearch />
          </Box>
          <HStack gap="2" flexShrink={0}>
            <Box display={{ base: 'none', lg: 'block' }}>
              <ColorModeToggle />
            </Box>
            {status === 'loading' ? (
              // The messages link, the bell and the avatar, until the session is restored.
              <Skeleton h="9" w={{ base: '20', lg: '28' }} borderRadius="md" aria-hidden="true" />
            ) : signedIn ? (
              <>
                <Suspense fallback={<Skeleton h="9" w="9" borderRadius="md" aria-hidden="true" />}>
                  <MessagesLink />
                </Suspense>
                <Suspense fallback={<Skeleton h="9" w="9" borderRadius="md" aria-hidden="true" />}>
                  <NotificationBell />
                </Suspense>
                <Box display={{ base: 'none', lg: 'block' }}>
                  <Suspense
                    fallback={<Skeleton h="9" w="9" borderRadius="full" aria-hidden="true" />}
                  >
                    <AccountMenu />
                  </Suspense>
                </Box>
              </>
            ) : (
              <Button
                asChild
                size="sm"
                colorPalette="teal"
                display={{ base: 'none', lg: 'inline-flex' }}
              >
                <RouterLink to="/login">Login</RouterLink>
              </Button>
            )}
            <IconButton
              aria-label="Menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              variant="ghost"
              display={{ base: 'inline-flex', lg: 'none' }}
              onPointerEnter={() => void loadSiteMenu()}
              onFocus={() => void loadSiteMenu()}
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
            >
              <LuMenu />
            </IconButton>
          </HStack>
        </Flex>
      </Container>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SiteMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            {...(dashboard ? { dashboard } : {})}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
