import { Avatar, Link, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReadRole } from '@second-gear/features/contract';
import { NavLink } from 'react-router-dom';
import { RoleBadge } from '../components/role-badge.tsx';
import { currentLinkStyle } from './nav-styles.ts';

export interface DashboardLink {
  to: string;
  label: string;
  /** Also the current link on the pages below it (a conversation, under Messages). */
  nested?: boolean;
}

/** What every signed-in user keeps and hears, after the links of their role. */
const memberLinks: DashboardLink[] = [
  { to: '/user/favourites', label: 'Favourites' },
  { to: '/user/searches', label: 'Saved searches' },
  { to: '/user/messages', label: 'Messages', nested: true },
  { to: '/user/notifications', label: 'Notifications' },
  { to: '/user/profile', label: 'Profile' },
];

/** The drawer's links: Dashboard for everyone, those of the user's role, then their own. */
export function dashboardLinks(role: ReadRole | undefined): DashboardLink[] {
  const links: DashboardLink[] = [{ to: '/user', label: 'Dashboard' }];
  if (role === 'Buyer') links.push({ to: '/user/orders', label: 'My Orders' });
  if (role === 'Seller') {
    links.push({ to: '/user/products', label: 'My Products' });
    links.push({ to: '/user/bookings', label: 'My Bookings' });
  }
  if (role === 'Admin') {
    links.push({ to: '/user/categories', label: 'All Categories' });
    links.push({ to: '/user/allusers', label: 'All users' });
    links.push({ to: '/user/reports', label: 'Reports' });
    links.push({ to: '/user/audit', label: 'Audit Log' });
    links.push({ to: '/user/operations', label: 'Operations' });
    links.push({ to: '/user/api-keys', label: 'API keys' });
    links.push({ to: '/user/webhooks', label: 'Webhooks' });
  }
  if (role !== undefined) links.push(...memberLinks);
  return links;
}

export { currentLinkStyle };

export function DashboardNav({
  name,
  photoURL,
  role,
  onNavigate,
}: {
  name: string;
  photoURL: string | null;
  role: ReadRole | undefined;
  onNavigate?: () => void;
}) {
  return (
    <Stack gap="6">
      <VStack gap="2">
        <Avatar.Root size="2xl">
          <Avatar.Fallback name={name} />
          {photoURL ? <Avatar.Image src={photoURL} alt="" /> : null}
        </Avatar.Root>
        <Text fontWeight="bold" textAlign="center">
          {name}
        </Text>
        <RoleBadge role={role} />
      </VStack>
      <Stack as="nav" aria-label="Dashboard" gap="1">
        {dashboardLinks(role).map((link) => (
          <Link
            asChild
            key={link.to}
            display="flex"
            alignItems="center"
            minH={{ base: '11', md: '10' }}
            px="3"
            borderRadius="md"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            css={{ '&.active': currentLinkStyle }}
          >
            <NavLink to={link.to} end={!link.nested} onClick={onNavigate}>
              {link.label}
            </NavLink>
          </Link>
        ))}
      </Stack>
    </Stack>
  );
}
