import { ADMINS_AUDIENCE, type NotificationRow } from '@second-gear/read-model';
import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import type { SqlBool } from 'kysely';
import { z } from 'zod';
import {
  type NotificationRecord,
  NotificationRecord as NotificationSchema,
  PageQuery,
  UNREAD_COUNT_HEADER,
} from '../contract/index.ts';
import { readInConversation } from '../messages/index.ts';
import { countAll, type QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { type Viewer, viewerOf } from '../platform/reads/viewer.ts';

const dollars = (value: unknown) =>
  `$${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

export type NotificationWithCar = NotificationRow & {
  car_name: string | null;
  car_image: string | null;
  /** A message's notification whose conversation was read since. */
  conversation_read: SqlBool;
};

/** A notification in words, made when it is read, with the car as it is named now. */
export const toNotification = (row: NotificationWithCar, readUpTo: bigint): NotificationRecord => {
  const car = row.car_name ?? 'A car';
  const d = row.details;
  const carLink = `/car/${row.car_id ?? ''}`;
  const words: Record<NotificationRecord['kind'], () => { message: string; link: string }> = {
    'booking-requested': () => ({
      message: `${String(d.buyer ?? 'A buyer')} asked to book ${car}`,
      link: '/user/bookings',
    }),
    'booking-accepted': () => ({
      message: `The seller accepted your booking of ${car}`,
      link: '/user/orders',
    }),
    'booking-declined': () => ({
      message: `The seller declined your booking of ${car}`,
      link: '/user/orders',
    }),
    'booking-cancelled': () =>
      d.by === 'buyer'
        ? { message: `The buyer cancelled their booking of ${car}`, link: '/user/bookings' }
        : { message: `The seller cancelled your booking of ${car}`, link: '/user/orders' },
    'booking-ended': () => ({
      message: `${car} was ${d.reason === 'car-sold' ? 'sold' : 'removed'}: your booking has ended`,
      link: '/user/orders',
    }),
    'price-dropped': () => ({
      message: `${car} dropped from ${dollars(d.oldPrice)} to ${dollars(d.price)}`,
      link: carLink,
    }),
    'favourite-sold': () => ({
      message: `${car}, one of your favourites, was sold`,
      link: carLink,
    }),
    'search-matched': () => ({
      message: `A new car matches your search “${String(d.search ?? '')}”: ${car}`,
      link: carLink,
    }),
    'webhook-failing': () => ({
      message: 'A webhook is failing: a message was given up after its last attempt',
      link: '/user/webhooks',
    }),
    'message-received': () => ({
      message: `New message about ${car}`,
      link: `/user/messages/${String(d.conversationId ?? '')}`,
    }),
    'car-hidden': () => ({
      message: `${car} was taken off the market: ${String(d.reason ?? '')}`,
      link: carLink,
    }),
    'car-restored': () => ({
      message: `${car} is back on the market: ${String(d.reason ?? '')}`,
      link: carLink,
    }),
    'car-reported': () => ({
      message: `${car} was reported by several people and is hidden until an admin reviews it`,
      link: '/user/reports',
    }),
    'account-suspended': () => ({
      message: `Your account is suspended: ${String(d.reason ?? '')}`,
      link: '/user',
    }),
    'listing-expiring': () => ({
      message: `${car} leaves search on ${String(d.expiresAt ?? '').slice(0, 10)}: renew it to keep it there`,
      link: '/user/my-products',
    }),
    'listing-expired': () => ({
      message: `${car} expired and left search: renew it in one click`,
      link: '/user/my-products',
    }),
    'review-posted': () => ({
      message: `A buyer you met for ${car} gave you ${String(d.rating ?? '')} stars: answer if you wish`,
      link: `/seller/${row.user_id}#review-${String(d.reviewId ?? '')}`,
    }),
    'review-answered': () => ({
      message: `The seller answered your review of your meetup for ${car}`,
      link: `/seller/${String(d.sellerId ?? '')}#review-${String(d.reviewId ?? '')}`,
    }),
    'review-hidden': () => ({
      message: `Your review of the seller of ${car} was hidden: ${String(d.reason ?? '')}`,
      link: `/seller/${String(d.sellerId ?? '')}`,
    }),
    'review-restored': () => ({
      message: `Your review of the seller of ${car} shows again: ${String(d.reason ?? '')}`,
      link: `/seller/${String(d.sellerId ?? '')}`,
    }),
    'suspension-lifted': () => ({
      message: `Your account's suspension was lifted: ${String(d.reason ?? '')}`,
      link: '/user',
    }),
  };
  const position = BigInt(row.position);
  return {
    _id: row.id,
    position: position.toString(),
    kind: row.kind,
    ...words[row.kind](),
    ...(row.car_id === null ? {} : { car_id: row.car_id }),
    ...(row.car_name === null ? {} : { car_name: row.car_name }),
    ...(row.car_image === null ? {} : { car_image: row.car_image }),
    at: new Date(row.created_at).toISOString(),
    read: position <= readUpTo || Boolean(row.conversation_read),
    details: d,
  };
};

/** The reads the notification list and its stream share. */
export const notificationReads = (ctx: QueryContext) => {
  const tables = () => ctx.db.withSchema(ctx.schema);

  const readUpTo = async (uid: string): Promise<bigint> => {
    const row = await tables()
      .selectFrom('notification_reads')
      .select('up_to')
      .where('user_id', '=', uid)
      .executeTakeFirst();
    return row ? BigInt(row.up_to) : 0n;
  };

  /** Whose notifications a viewer reads: their own, and an admin also those of every admin. */
  const audience = (viewer: Viewer): string[] =>
    viewer.role === 'Admin' ? [viewer.uid, ADMINS_AUDIENCE] : [viewer.uid];

  /** The notifications after `upTo`, but those of conversations read since. */
  const unreadCount = async (viewer: Viewer, upTo: bigint): Promise<number> =>
    (
      await tables()
        .selectFrom('notifications as n')
        .select(countAll)
        .where('n.user_id', 'in', audience(viewer))
        .where('n.position', '>', upTo.toString())
        .where((eb) => eb.not(readInConversation(eb)))
        .executeTakeFirstOrThrow()
    ).total;

  const notificationsOf = (viewer: Viewer) =>
    tables()
      .selectFrom('notifications as n')
      .leftJoin('cars as c', (join) =>
        join.onRef('c.id', '=', 'n.car_id').on('c.deleted_at', 'is', null),
      )
      .selectAll('n')
      .select([
        'c.name as car_name',
        'c.image as car_image',
        (eb) => readInConversation(eb).as('conversation_read'),
      ])
      .where('n.user_id', 'in', audience(viewer));

  return { tables, readUpTo, audience, unreadCount, notificationsOf };
};

export type NotificationReads = ReturnType<typeof notificationReads>;

/** A member's notifications, with how many of them are unread. */
export const notificationRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const { tables, readUpTo, audience, unreadCount, notificationsOf } = notificationReads(ctx);

  app.get(
    '/api/notifications',
    {
      config: { answerCache: 'private', reads: ['users', 'members', 'cars'] },
      schema: {
        operationId: 'listNotifications',
        tags: ['members'],
        summary: `Your notifications, newest first; ${UNREAD_COUNT_HEADER} says how many are unread`,
        querystring: PageQuery,
        response: { 200: z.array(NotificationSchema), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const upTo = await readUpTo(viewer.uid);
      const [rows, count, unread] = await Promise.all([
        notificationsOf(viewer)
          .orderBy('n.position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        tables()
          .selectFrom('notifications')
          .select(countAll)
          .where('user_id', 'in', audience(viewer))
          .executeTakeFirstOrThrow(),
        unreadCount(viewer, upTo),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      reply.header(UNREAD_COUNT_HEADER, String(unread));
      return rows.map((row) => toNotification(row as NotificationWithCar, upTo));
    },
  );
};
