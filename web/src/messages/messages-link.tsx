import { IconButton } from '@chakra-ui/react';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { CountBadge } from '../components/count-badge.tsx';
import { useUnreadMessages } from '../notifications/use-notifications.ts';

/** The link's name says the count, since the badge is only seen. */
export const messagesLabel = (unread: number) =>
  unread === 0 ? 'Messages' : `Messages, ${unread} unread`;

// Beside the bell, loaded only once someone is signed in; the bell's stream keeps its count.
export default function MessagesLink() {
  const unread = useUnreadMessages();
  return (
    <IconButton asChild variant="ghost" size="sm" position="relative">
      <RouterLink to="/user/messages" aria-label={messagesLabel(unread)}>
        <LuMessageSquare />
        <CountBadge count={unread} />
      </RouterLink>
    </IconButton>
  );
}
