import {
  Button,
  HStack,
  IconButton,
  Link,
  Popover,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { CountBadge } from '../components/count-badge.tsx';
import { NotificationItem } from './notification-item.tsx';
import { notificationQueries } from './notification-queries.ts';
import { useMarkAllRead, useNotificationStream, useUnreadCount } from './use-notifications.ts';

/** The bell's name says the count, since the badge is only seen. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

// Loaded only once someone is signed in, with the stream reader, so visitors download neither.
export default function NotificationBell() {
  useNotificationStream();
  const { user } = useAuth();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const latest = useQuery({ ...notificationQueries.latest(user?.email ?? ''), enabled: open });
  const markAllRead = useMarkAllRead();
  const items = latest.data?.items ?? [];

  return (
    <Popover.Root
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" position="relative" aria-label={bellLabel(unread)}>
          <LuBell />
          <CountBadge count={unread} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          {/* Named here too: with lazyMount the title is not there yet when the popover checks. */}
          <Popover.Content
            aria-label="Notifications"
            w={{ base: 'calc(100vw - 2rem)', sm: 'sm' }}
            maxW="sm"
          >
            <Popover.Header>
              <HStack justify="space-between" gap="3">
                <Popover.Title fontWeight="bold">Notifications</Popover.Title>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="teal"
                  disabled={unread === 0}
                  loading={markAllRead.isPending}
                  onClick={() => markAllRead.mutate(items[0]?.position)}
                >
                  Mark all read
                </Button>
              </HStack>
            </Popover.Header>
            <Popover.Body py="2" maxH="60vh" overflowY="auto">
              {latest.isPending ? (
                <Stack align="center" py="4" role="status">
                  <Spinner size="sm" aria-label="Loading notifications" />
                </Stack>
              ) : items.length === 0 ? (
                <Text color="fg.muted" py="2">
                  Nothing yet. You will hear here of your bookings, your favourites and your saved
                  searches.
                </Text>
              ) : (
                <Stack as="ul" gap="0" aria-label="Latest notifications">
                  {items.map((notification) => (
                    <NotificationItem
                      key={notification._id}
                      notification={notification}
                      onFollow={() => setOpen(false)}
                    />
                  ))}
                </Stack>
              )}
            </Popover.Body>
            <Popover.Footer borderTopWidth="1px" pt="3">
              <Link asChild fontSize="sm" colorPalette="teal">
                <RouterLink to="/user/notifications" onClick={() => setOpen(false)}>
                  See all notifications
                </RouterLink>
              </Link>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
