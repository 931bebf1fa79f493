import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { getNotifications } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { NotificationItem } from '../../notifications/notification-item.tsx';
import { notificationQueries } from '../../notifications/notification-queries.ts';
import { useMarkAllRead } from '../../notifications/use-notifications.ts';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage } = usePagedQuery(
    notificationQueries.list(email),
    (page) => getNotifications(page),
    { enabled: email !== '' },
  );
  const markAllRead = useMarkAllRead();
  const unread = data?.unread ?? 0;
  // The newest one is first on the first page; on another page, all of them are marked.
  const newest = page === 1 ? data?.items[0]?.position : undefined;

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="3xl">
          Notifications
        </Heading>
        <Button
          colorPalette="teal"
          variant="outline"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate(newest)}
        >
          Mark all read
        </Button>
      </HStack>
      <Text color="fg.muted" aria-live="polite">
        {unread === 0 ? 'All read.' : unread === 1 ? '1 unread' : `${unread} unread`}
      </Text>
      {isPending ? (
        <PageLoader label="Loading your notifications" />
      ) : !data || data.items.length === 0 ? (
        <Text color="fg.muted">
          Nothing yet. You will hear here when a booking of yours changes, a favourite's price drops
          or it is sold, and a new car matches one of your saved searches.
        </Text>
      ) : (
        <Box borderWidth="1px" borderRadius="lg" px="4" py="2">
          <Stack
            as="ul"
            gap="0"
            aria-label="Notifications"
            css={{ '& > li + li': { borderTopWidth: '1px' } }}
          >
            {data.items.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} />
            ))}
          </Stack>
        </Box>
      )}
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
