// The members' HTTP contract: favourites, saved searches and notifications, written and read.

import { z } from 'zod';
import { savedSearchQuery } from '../cars/contract.ts';
import {
  DeleteAnswer,
  IdParams,
  InsertAnswer,
  position,
  requiredText,
  UpdateAnswer,
} from '../contract/fields.ts';
import { LiveMessage } from '../messages/contract.ts';

/** POST /api/saved-searches */
export const SaveSearchBody = z.strictObject({
  name: requiredText(60),
  query: savedSearchQuery,
});
export type SaveSearchBody = z.input<typeof SaveSearchBody>;

/** POST /api/notifications/read: up to the newest one read; without `upTo`, all of them. */
export const ReadNotificationsBody = z.strictObject({
  upTo: position
    .optional()
    .describe('The position of the newest notification read; all of them when left out'),
});
export type ReadNotificationsBody = z.input<typeof ReadNotificationsBody>;

// ---- what members keep and hear

/** `GET /api/saved-searches`: the caller's saved searches, newest first. */
export const SavedSearchRecord = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.string().describe('The search page’s query: link back with /products?<query>'),
  created_at: z.string().describe('ISO-8601'),
});
export type SavedSearchRecord = z.infer<typeof SavedSearchRecord>;

export const notificationKinds = [
  'booking-requested',
  'booking-accepted',
  'booking-declined',
  'booking-cancelled',
  'booking-ended',
  'price-dropped',
  'favourite-sold',
  'search-matched',
  'webhook-failing',
  'message-received',
  'car-hidden',
  'car-restored',
  'car-reported',
  'account-suspended',
  'suspension-lifted',
  'listing-expiring',
  'listing-expired',
  'review-posted',
  'review-answered',
  'review-hidden',
  'review-restored',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Header of `GET /api/notifications`: how many of the caller's notifications are unread. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** One notification: what happened, in words, and where to look. */
export const NotificationRecord = z.object({
  _id: z.string(),
  position: z.string().describe('The position of the event it was made from; mark read up to it'),
  kind: NotificationKind,
  message: z.string(),
  link: z.string().describe('A path of the web app to open'),
  car_id: z.string().optional().describe('Absent when it is not about a car'),
  car_name: z.string().optional().describe('Absent when the car is gone'),
  car_image: z.string().optional(),
  at: z.string().describe('ISO-8601'),
  read: z.boolean(),
  details: z.record(z.string(), z.unknown()),
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;

/** The messages of `GET /api/notifications/stream` (server-sent events). */
export const NotificationStreamMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notification'),
    notification: NotificationRecord,
    unread: z.number(),
  }),
  z.object({
    type: z.literal('unread'),
    unread: z.number(),
    messages: z.number().describe('Unread messages of all your conversations'),
  }),
  // A message to the caller, in one of their conversations.
  LiveMessage,
  // The last message: the caller may no longer follow this stream (the stream then ends).
  z.object({
    type: z.literal('closed'),
    reason: z.enum(['account-deleted', 'role-changed']),
    detail: z.string(),
  }),
]);
export type NotificationStreamMessage = z.infer<typeof NotificationStreamMessage>;

/** The write calls of this feature, by operation id (see `writeCalls`). */
export const memberWriteCalls = {
  favouriteCar: {
    method: 'PUT',
    path: '/api/favourites/:id',
    params: IdParams,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Keep a car for sale as a favourite (modifiedCount 0: it was one already)',
  },
  unfavouriteCar: {
    method: 'DELETE',
    path: '/api/favourites/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'user',
    summary: 'Let a favourite go (deletedCount 0: it was not one)',
  },
  saveSearch: {
    method: 'POST',
    path: '/api/saved-searches',
    body: SaveSearchBody,
    answer: InsertAnswer,
    auth: 'user',
    summary: 'Save a search under a name, to come back to it and hear of new matches',
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    params: IdParams,
    answer: DeleteAnswer,
    auth: 'user',
    summary: 'Delete one of your saved searches',
  },
  readNotifications: {
    method: 'POST',
    path: '/api/notifications/read',
    body: ReadNotificationsBody,
    answer: UpdateAnswer,
    auth: 'user',
    summary: 'Mark your notifications read, up to a position or all of them',
  },
} as const;
