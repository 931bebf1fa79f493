// The conversations' reads and their keys: the unread message count (which the stream keeps up
// to date), the inbox's pages, one conversation with its messages, the conversation about a car,
// and the seller's counts per car. Every key starts with `conversations`, so a write refreshes
// them all.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getConversation, getConversationCounts, getConversations } from '../api/endpoints.ts';

export const messageQueries = {
  all: ['conversations'] as const,
  unread: (user: string) =>
    queryOptions({
      queryKey: ['conversations', 'unread', user],
      queryFn: async () => (await getConversations(1, 1)).unread,
      // The count beside the messages link is a help: the stream says it again when it connects.
      meta: { quiet: true },
    }),
  /** The key of the inbox's pages; the page number is added to it. */
  list: (user: string) => ['conversations', 'list', user] as const,
  /** The caller's conversation about a car, if they have one. */
  aboutCar: (user: string, carId: string) =>
    queryOptions({
      queryKey: ['conversations', 'car', user, carId],
      queryFn: async () => (await getConversations(1, 1, carId)).items[0] ?? null,
    }),
  counts: (user: string) =>
    queryOptions({
      queryKey: ['conversations', 'counts', user],
      queryFn: getConversationCounts,
      meta: { quiet: true },
    }),
  /** Key of one conversation: the latest messages first, then earlier ones page by page. */
  one: (id: string) => ['conversations', 'one', id] as const,
  conversation: (id: string) =>
    infiniteQueryOptions({
      queryKey: messageQueries.one(id),
      queryFn: ({ pageParam }) => getConversation(id, pageParam),
      initialPageParam: undefined as number | undefined,
      // Earlier messages come before the first of the page; refetched pages follow on from the
      // fresh latest ones, so no message falls between two pages.
      getNextPageParam: (page) => (page.earlier ? page.messages[0]?.seq : undefined),
    }),
};
