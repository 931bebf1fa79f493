// The top bar's menu below large screens: a drawer with the dashboard's links (on its pages), the
// search box (on phones), the links, signing in or out, and the theme. Its own chunk, loaded when
// the menu button is near use.
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Link,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { type ReactNode, useRef } from 'react';
import { LuLogIn, LuLogOut, LuMoon, LuSun } from 'react-icons/lu';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { useLogOut } from '../auth/use-log-out.ts';
import { HeaderSearch } from './header-search.tsx';
import { currentLinkStyle } from './nav-styles.ts';
import { siteLinks } from './site-header.tsx';

/** A link of the menu: a whole row, a fingertip tall. */
function MenuLink({ to, label, onClose }: { to: string; label: string; onClose: () => void }) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      minH="11"
      px="3"
      borderRadius="md"
      fontWeight="medium"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      css={{ '&.active': currentLinkStyle }}
    >
      <NavLink to={to} end onClick={onClose}>
        {label}
      </NavLink>
    </Link>
  );
}

export default function SiteMenu({
  open,
  onClose,
  dashboard,
}: {
  open: boolean;
  onClose: () => void;
  /** On a dashboard's pages, its links (they include Dashboard and Profile). */
  dashboard?: (close: () => void) => ReactNode;
}) {
  const { status, user } = useAuth();
  const logOut = useLogOut();
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  // Focus starts on the close button: on a phone, a focused search box would raise the keyboard.
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      placement="end"
      initialFocusEl={() => close.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                {dashboard ? (
                  <>
                    {dashboard(onClose)}
                    <Separator />
                  </>
                ) : null}
                <Box display={{ base: 'block', md: 'none' }}>
                  <HeaderSearch onSearch={onClose} />
                </Box>
                <Stack as="nav" aria-label="Menu" gap="1">
                  {siteLinks.map((link) => (
                    <MenuLink key={link.to} {...link} onClose={onClose} />
                  ))}
                  {status === 'signed-in' && !dashboard ? (
                    <>
                      <MenuLink to="/user" label="Dashboard" onClose={onClose} />
                      <MenuLink to="/user/profile" label="Profile" onClose={onClose} />
                    </>
                  ) : null}
                </Stack>
                <Separator />
                {status === 'signed-in' ? (
                  <Stack gap="2">
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      Signed in as {user?.displayName || user?.email}
                    </Text>
                    <Button
                      variant="outline"
                      onClick={() => {
                        onClose();
                        logOut();
                      }}
                    >
                      <LuLogOut /> Logout
                    </Button>
                  </Stack>
                ) : status === 'signed-out' ? (
                  <Stack gap="2">
                    <Button asChild colorPalette="teal">
                      <RouterLink to="/login" onClick={onClose}>
                        <LuLogIn /> Login
                      </RouterLink>
                    </Button>
                    <Button asChild variant="outline">
                      <RouterLink to="/register" onClick={onClose}>
                        Create an account
                      </RouterLink>
                    </Button>
                  </Stack>
                ) : null}
                <Button
                  variant="ghost"
                  justifyContent="flex-start"
                  onClick={() => setTheme(dark ? 'light' : 'dark')}
                >
                  {dark ? <LuSun /> : <LuMoon />}
                  {dark ? 'Switch to light theme' : 'Switch to dark theme'}
                </Button>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton ref={close} size="sm" aria-label="Close the menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
