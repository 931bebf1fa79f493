import {
  Avatar,
  Box,
  Button,
  Container,
  Flex,
  HStack,
  Link,
  Menu,
  Portal,
  Skeleton,
} from '@chakra-ui/react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { ColorModeToggle } from '../components/color-mode.tsx';
import { notifyError } from '../components/notify.ts';

const links = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Cars' },
  { to: '/blog', label: 'Blog' },
];

function AccountMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const name = user?.displayName || user?.email || 'Account';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1"
          borderRadius="full"
          aria-label={`Account menu for ${name}`}
        >
          <Avatar.Root size="sm">
            <Avatar.Fallback name={name} />
            {user?.photoURL ? <Avatar.Image src={user.photoURL} alt="" /> : null}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onSelect={() => navigate('/user')}>
              Profile
            </Menu.Item>
            <Menu.Item
              value="logout"
              onSelect={() => {
                signOut()
                  .then(() => navigate('/'))
                  .catch((error: unknown) => notifyError(error));
              }}
            >
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function SiteHeader() {
  const { status } = useAuth();
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="4" wrap="wrap">
          <Link
            asChild
            fontWeight="bold"
            fontSize="xl"
            color="teal.600"
            _dark={{ color: 'teal.300' }}
          >
            <RouterLink to="/">Second Gear</RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap={{ base: '3', md: '6' }}>
            {links.map((link) => (
              <Link
                asChild
                key={link.to}
                fontWeight="medium"
                css={{ '&.active': { color: 'teal.500' } }}
              >
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavLink>
              </Link>
            ))}
          </HStack>
          <HStack gap="2">
            <ColorModeToggle />
            {status === 'loading' ? (
              <Skeleton h="8" w="16" borderRadius="md" aria-hidden="true" />
            ) : status === 'signed-in' ? (
              <AccountMenu />
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
