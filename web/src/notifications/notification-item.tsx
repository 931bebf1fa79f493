import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { NotificationRecord } from '@second-gear/features/contract';
import { Link as RouterLink } from 'react-router-dom';
import { formatAgo, formatDateTime } from '../components/dates.ts';

/** One notification: an unread dot, its words as a link to where to look, and when. */
export function NotificationItem({
  notification,
  onFollow,
}: {
  notification: NotificationRecord;
  /** Called when the link is followed (the bell's menu closes). */
  onFollow?: () => void;
}) {
  const { read, message, link, at } = notification;
  return (
    <HStack as="li" align="flex-start" gap="3" py="2" listStyleType="none">
      <Box
        mt="2"
        boxSize="2"
        flexShrink={0}
        borderRadius="full"
        bg={read ? 'transparent' : 'teal.solid'}
        aria-hidden="true"
      />
      <Stack gap="0.5" minW="0">
        <Link asChild fontWeight={read ? 'normal' : 'semibold'} overflowWrap="anywhere">
          <RouterLink to={link} onClick={onFollow}>
            {read ? null : (
              <Box as="span" srOnly>
                Unread:{' '}
              </Box>
            )}
            {message}
          </RouterLink>
        </Link>
        <Text asChild fontSize="xs" color="fg.muted">
          <time dateTime={at} title={formatDateTime(at)}>
            {formatAgo(at)}
          </time>
        </Text>
      </Stack>
    </HStack>
  );
}
