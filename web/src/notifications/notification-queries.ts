// The notifications' reads and their keys: the unread count (which the stream keeps up to date),
// the latest few for the bell's menu, and the pages of the Notifications screen.
import { queryOptions } from '@tanstack/react-query';
import { getNotifications } from '../api/endpoints.ts';

/** How many notifications the bell's menu shows. */
export const LATEST_COUNT = 6;

export const notificationQueries = {
  all: ['notifications'] as const,
  unread: (user: string) =>
    queryOptions({
      queryKey: ['notifications', 'unread', user],
      queryFn: async () => (await getNotifications(1, 1)).unread,
      // The count beside the bell is a help: the stream says it again as soon as it connects.
      meta: { quiet: true },
    }),
  latest: (user: string) =>
    queryOptions({
      queryKey: ['notifications', 'latest', user],
      queryFn: () => getNotifications(1, LATEST_COUNT),
    }),
  /** The key of the screen's pages; the page number is added to it. */
  list: (user: string) => ['notifications', 'list', user] as const,
};
