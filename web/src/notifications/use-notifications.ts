import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { readNotifications } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useCommand } from '../components/use-command.ts';
import { messageQueries } from '../messages/message-queries.ts';
import { notificationQueries } from './notification-queries.ts';
import { listenToNotifications } from './notification-stream.ts';

/** The signed-in user's unread count, kept up to date by the stream while the bell shows. */
export function useUnreadCount(): number {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  const { data } = useQuery({
    ...notificationQueries.unread(email),
    enabled: status === 'signed-in' && email !== '',
  });
  return data ?? 0;
}

/** The signed-in user's unread message count, kept up to date by the stream. */
export function useUnreadMessages(): number {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  const { data } = useQuery({
    ...messageQueries.unread(email),
    enabled: status === 'signed-in' && email !== '',
  });
  return data ?? 0;
}

/**
 * Follows the stream while signed in: each message sets the unread counts; a new notification
 * refreshes the lists and shows a toast with its words, and a new message refreshes the inbox
 * and its conversation.
 */
export function useNotificationStream(): void {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const email = status === 'signed-in' ? (user?.email ?? '') : '';
  useEffect(() => {
    if (email === '') return;
    // A count the stream sends is newer than a fetch of it still under way: that fetch is
    // cancelled first, so its older answer cannot land on top of the stream's.
    const setCount = (queryKey: readonly unknown[], unread: number) =>
      void queryClient
        .cancelQueries({ queryKey, exact: true })
        .then(() => queryClient.setQueryData(queryKey, unread));
    const setNotifications = (unread: number) =>
      setCount(notificationQueries.unread(email).queryKey, unread);
    const setMessages = (unread: number) => setCount(messageQueries.unread(email).queryKey, unread);
    return listenToNotifications(queryClient, email, (message) => {
      if (message.type === 'unread') {
        setNotifications(message.unread);
        setMessages(message.messages);
      } else if (message.type === 'message') {
        setMessages(message.unreadMessages);
        void queryClient.invalidateQueries({ queryKey: messageQueries.list(email) });
        void queryClient.invalidateQueries({
          queryKey: messageQueries.one(message.conversationId),
        });
      } else {
        setNotifications(message.unread);
        const { notification } = message;
        toast(notification.message, { icon: '🔔', id: `notification-${notification._id}` });
        void queryClient.invalidateQueries({ queryKey: ['notifications', 'latest'] });
        void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
      }
    });
  }, [email, queryClient]);
}

/**
 * Mark all read: up to the newest notification the user has been shown, so one that arrives
 * meanwhile stays unread; everything when none is known yet.
 */
export function useMarkAllRead() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useCommand<string | undefined>({
    run: (upTo) => readNotifications(upTo),
    invalidate: [notificationQueries.all],
    onSuccess: () => {
      queryClient.setQueryData(notificationQueries.unread(user?.email ?? '').queryKey, 0);
    },
  });
}
