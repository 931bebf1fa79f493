import {
  CarRecord,
  type NotificationRecord,
  NotificationRecord as NotificationSchema,
  type NotificationStreamMessage,
  PageQuery,
  SavedSearchRecord,
  UNREAD_COUNT_HEADER,
} from '@second-gear/contracts';
import { ADMINS_AUDIENCE, type NotificationRow } from '@second-gear/read-model';
import {
  HttpProblem,
  isPosition,
  problemAnswers,
  type ServiceApp,
} from '@second-gear/service-http';
import { z } from 'zod';
import { countAll, type QueryContext } from '../context.ts';
import { offsetOf, setPageHeaders } from '../paging.ts';
import { type Viewer, viewerOf } from '../viewer.ts';
import { toCar } from './cars.ts';

/** How many favourites `GET /api/favourites/ids` answers at most: every one a member may keep. */
const MAX_FAVOURITE_IDS = 500;

const dollars = (value: unknown) =>
  `$${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

type NotificationWithCar = NotificationRow & { car_name: string | null; car_image: string | null };

/** A notification in words, made when it is read, with the car as it is named now. */
const toNotification = (row: NotificationWithCar, readUpTo: bigint): NotificationRecord => {
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
    read: position <= readUpTo,
    details: d,
  };
};

/** What a signed-in user keeps and hears: favourites, saved searches and notifications. */
export const memberRoutes = (app: ServiceApp, ctx: QueryContext): void => {
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

  const unreadCount = async (viewer: Viewer, upTo: bigint): Promise<number> =>
    (
      await tables()
        .selectFrom('notifications')
        .select(countAll)
        .where('user_id', 'in', audience(viewer))
        .where('position', '>', upTo.toString())
        .executeTakeFirstOrThrow()
    ).total;

  const notificationsOf = (viewer: Viewer) =>
    tables()
      .selectFrom('notifications as n')
      .leftJoin('cars as c', (join) =>
        join.onRef('c.id', '=', 'n.car_id').on('c.deleted_at', 'is', null),
      )
      .selectAll('n')
      .select(['c.name as car_name', 'c.image as car_image'])
      .where('n.user_id', 'in', audience(viewer));

  app.get(
    '/api/favourites',
    {
      config: { answerCache: 'private', reads: ['users', 'members', 'cars'] },
      schema: {
        operationId: 'listFavourites',
        tags: ['members'],
        summary: 'Your favourite cars, the latest kept first (sold ones too; deleted ones leave)',
        querystring: PageQuery,
        response: { 200: z.array(CarRecord), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const favourites = tables()
        .selectFrom('favourites as f')
        .innerJoin('cars as c', 'c.id', 'f.car_id')
        .where('f.user_id', '=', viewer.uid)
        .where('c.deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        favourites
          .selectAll('c')
          .orderBy('f.position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        favourites.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map(toCar);
    },
  );

  app.get(
    '/api/favourites/ids',
    {
      config: { answerCache: 'private', reads: ['users', 'members'] },
      schema: {
        operationId: 'listFavouriteIds',
        tags: ['members'],
        summary: 'The ids of every car you keep as a favourite, for the hearts on the cards',
        response: { 200: z.array(z.string()), ...problemAnswers(401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const rows = await tables()
        .selectFrom('favourites')
        .select('car_id')
        .where('user_id', '=', viewer.uid)
        .orderBy('position', 'desc')
        .limit(MAX_FAVOURITE_IDS)
        .execute();
      return rows.map((row) => row.car_id);
    },
  );

  app.get(
    '/api/saved-searches',
    {
      config: { answerCache: 'private', reads: ['users', 'members'] },
      schema: {
        operationId: 'listSavedSearches',
        tags: ['members'],
        summary: 'Your saved searches, newest first',
        querystring: PageQuery,
        response: { 200: z.array(SavedSearchRecord), ...problemAnswers(400, 401) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const searches = tables().selectFrom('saved_searches').where('user_id', '=', viewer.uid);
      const [rows, count] = await Promise.all([
        searches
          .selectAll()
          .orderBy('position', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        searches.select(countAll).executeTakeFirstOrThrow(),
      ]);
      setPageHeaders(request, reply, request.query, count.total);
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        query: row.query,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },
  );

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

  app.get(
    '/api/notifications/stream',
    {
      schema: {
        operationId: 'followNotifications',
        tags: ['members'],
        summary: 'Your notifications as they come, as server-sent events',
        description:
          'text/event-stream. First an `unread` message with the unread count; then, for each ' +
          'new notification, a `notification` message (`id: <position>`) with the unread count. ' +
          'Reconnect with Last-Event-ID to receive what came after it.',
        response: {
          200: {
            description: 'The notifications, as server-sent events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...problemAnswers(400, 401),
        },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const viewer = await viewerOf(ctx.db, ctx.schema, request);
      const header = request.headers['last-event-id'];
      const resume = (Array.isArray(header) ? header[0] : header)?.trim();
      if (resume !== undefined && resume !== '' && !isPosition(resume)) {
        throw HttpProblem.badRequest('Last-Event-ID must be a position the stream sent.', [
          { field: 'headers.last-event-id', message: 'Must be a non-negative integer' },
        ]);
      }
      // Without Last-Event-ID, only what comes from now on: the list has what came before.
      let after =
        resume !== undefined && resume !== ''
          ? BigInt(resume)
          : BigInt(
              (
                await tables()
                  .selectFrom('notifications')
                  .select((eb) => eb.fn.max('position').as('last'))
                  .where('user_id', 'in', audience(viewer))
                  .executeTakeFirst()
              )?.last ?? 0,
            );

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (message: NotificationStreamMessage, id?: string) => {
        res.write(
          `${id === undefined ? '' : `id: ${id}\n`}event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`,
        );
      };
      res.write('retry: 3000\n\n');

      let closed = false;
      let running: Promise<void> = Promise.resolve();
      let again = false;
      let lastUnread = -1;
      // One pass at a time; a change during a pass asks for one more after it.
      const push = () => {
        if (closed) return;
        again = true;
        running = running.then(async () => {
          while (again && !closed) {
            again = false;
            try {
              const upTo = await readUpTo(viewer.uid);
              const rows = await notificationsOf(viewer)
                .where('n.position', '>', after.toString())
                .orderBy('n.position', 'asc')
                .limit(100)
                .execute();
              const unread = await unreadCount(viewer, upTo);
              for (const row of rows) {
                const notification = toNotification(row as NotificationWithCar, upTo);
                send({ type: 'notification', notification, unread }, notification.position);
                after = BigInt(row.position);
              }
              if (rows.length === 0 && unread !== lastUnread) send({ type: 'unread', unread });
              lastUnread = unread;
              if (rows.length === 100) again = true;
            } catch (error) {
              request.log.warn(
                { err: error },
                'notification stream could not read; it tries again',
              );
            }
          }
        });
      };

      const unsubscribe = ctx.changes?.subscribe(() => push());
      // Without commit notifications (or should one be lost), look now and then.
      const poll = setInterval(push, ctx.changes ? 10_000 : 2_000);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), ctx.feed.heartbeatMs);
      res.once('close', () => {
        closed = true;
        unsubscribe?.();
        clearInterval(poll);
        clearInterval(heartbeat);
      });
      push();
    },
  );
};
