import type { ServerResponse } from 'node:http';
import {
  HttpProblem,
  isPosition,
  problemAnswers,
  type ServiceApp,
  whenClosed,
} from '@second-gear/service-http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { NotificationStreamMessage } from '../contract/index.ts';
import {
  lastMessagePosition,
  messagesAfter,
  toMessage,
  unreadMessagesOf,
} from '../messages/index.ts';
import type { QueryContext } from '../platform/reads/context.ts';
import {
  closeEventStream,
  openEventStream,
  openStreamsOf,
} from '../platform/reads/event-stream.ts';
import { type Viewer, viewerOf } from '../platform/reads/viewer.ts';
import {
  type NotificationReads,
  type NotificationWithCar,
  notificationReads,
  toNotification,
} from './notification-reads.ts';

type Send = (message: NotificationStreamMessage, id?: string) => void;

/** The position a reconnecting client asks to resume after (its Last-Event-ID), if any. */
const resumePosition = (request: FastifyRequest): bigint | undefined => {
  const header = request.headers['last-event-id'];
  const resume = (Array.isArray(header) ? header[0] : header)?.trim();
  if (resume === undefined || resume === '') return undefined;
  if (!isPosition(resume)) {
    throw HttpProblem.badRequest('Last-Event-ID must be a position the stream sent.', [
      { field: 'headers.last-event-id', message: 'Must be a non-negative integer' },
    ]);
  }
  return BigInt(resume);
};

/** The newest notification a viewer has: the list already shows it and those before. */
const latestPosition = async (reads: NotificationReads, viewer: Viewer): Promise<bigint> =>
  BigInt(
    (
      await reads
        .tables()
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('position').as('last'))
        .where('user_id', 'in', reads.audience(viewer))
        .executeTakeFirst()
    )?.last ?? 0,
  );

/** The newest notification or message the viewer has: the lists already show it and those before. */
const newestFor = async (
  ctx: QueryContext,
  reads: NotificationReads,
  viewer: Viewer,
): Promise<bigint> => {
  const notification = await latestPosition(reads, viewer);
  const message = await lastMessagePosition(ctx, viewer.uid);
  if (message > notification) return message;
  return notification;
};

/** Takes the answer over from Fastify and opens it as an event stream of messages. */
const openNotificationStream = (
  reply: FastifyReply,
  open: Set<ServerResponse>,
): { res: ServerResponse; send: Send } => {
  const res = openEventStream(reply, open);
  const send: Send = (message, id) => {
    res.write(
      `${id === undefined ? '' : `id: ${id}\n`}event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`,
    );
  };
  return { res, send };
};

/**
 * Why the viewer may no longer follow this stream, read again from the users table: their
 * account was deleted, or their role changed (which changes what they are told).
 */
const noLongerFollows = async (
  ctx: QueryContext,
  viewer: Viewer,
): Promise<{ reason: string; detail: string } | undefined> => {
  const user = await ctx.db
    .withSchema(ctx.schema)
    .selectFrom('users')
    .select('role')
    .where('id', '=', viewer.uid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return { reason: 'account-deleted', detail: 'This account was deleted.' };
  if (user.role !== viewer.role) {
    return {
      reason: 'role-changed',
      detail: `Your role is now ${user.role}: reconnect to follow what it lets you see.`,
    };
  }
  return undefined;
};

/** How many rows of each kind one pass reads at most. */
const PASS_ROWS = 100;

type Outgoing = { position: bigint; message: NotificationStreamMessage };

/**
 * What one pass sends, in position order: the viewer's notifications and the messages they
 * received after `after`. When a kind filled its page, nothing beyond that page's last position
 * is sent yet (the next pass continues from there), so that no row is passed over.
 */
const nextOutgoing = async (
  ctx: QueryContext,
  reads: NotificationReads,
  viewer: Viewer,
  after: bigint,
): Promise<{ outgoing: Outgoing[]; full: boolean; unread: number; messages: number }> => {
  const upTo = await reads.readUpTo(viewer.uid);
  const [rows, received, unread, messages] = await Promise.all([
    reads
      .notificationsOf(viewer)
      .where('n.position', '>', after.toString())
      .orderBy('n.position', 'asc')
      .limit(PASS_ROWS)
      .execute(),
    messagesAfter(ctx, viewer.uid, after, PASS_ROWS),
    reads.unreadCount(viewer, upTo),
    unreadMessagesOf(ctx, viewer.uid),
  ]);
  const outgoing: Outgoing[] = [
    ...rows.map((row) => {
      const notification = toNotification(row as NotificationWithCar, upTo);
      return {
        position: BigInt(row.position),
        message: { type: 'notification' as const, notification, unread },
      };
    }),
    ...received.map((row) => ({
      position: BigInt(row.position),
      message: {
        type: 'message' as const,
        conversationId: row.conversation_id,
        message: toMessage(row, viewer.uid),
        unreadMessages: messages,
      },
    })),
  ].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const lastOfFull = [rows, received]
    .filter((page) => page.length === PASS_ROWS)
    .map((page) => BigInt(page.at(-1)?.position ?? 0));
  let cut: bigint | undefined;
  for (const last of lastOfFull) if (cut === undefined || last < cut) cut = last;
  return {
    outgoing: cut === undefined ? outgoing : outgoing.filter((item) => item.position <= cut),
    full: cut !== undefined,
    unread,
    messages,
  };
};

/**
 * Sends the viewer's notifications and the messages they receive after `from` as they come,
 * with the unread counts, until the client goes away.
 */
const followNotifications = (options: {
  ctx: QueryContext;
  reads: NotificationReads;
  viewer: Viewer;
  from: bigint;
  res: ServerResponse;
  send: Send;
  log: FastifyBaseLogger;
}): void => {
  const { ctx, reads, viewer, res, send, log } = options;
  let after = options.from;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let lastCounts = '';
  // One pass at a time; a change during a pass asks for one more after it.
  const push = () => {
    if (closed) return;
    again = true;
    running = running.then(async () => {
      while (again && !closed) {
        again = false;
        try {
          const ended = await noLongerFollows(ctx, viewer);
          if (ended) {
            closeEventStream(res, ended.reason, ended.detail);
            return;
          }
          const pass = await nextOutgoing(ctx, reads, viewer, after);
          for (const { position, message } of pass.outgoing) {
            send(message, position.toString());
            after = position;
          }
          const counts = `${pass.unread}:${pass.messages}`;
          if (pass.outgoing.length === 0 && counts !== lastCounts) {
            send({ type: 'unread', unread: pass.unread, messages: pass.messages });
          }
          lastCounts = counts;
          if (pass.full) again = true;
        } catch (error) {
          // A read cut short by the stream's end (the service stopping) has no one to tell.
          if (!closed)
            log.warn({ err: error }, 'notification stream could not read; it tries again');
        }
      }
    });
  };

  const unsubscribe = ctx.changes?.subscribe(() => push());
  // Without commit notifications (or should one be lost), look now and then.
  const poll = setInterval(push, ctx.changes ? 10_000 : 2_000);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), ctx.feed.heartbeatMs);
  whenClosed(res, () => {
    closed = true;
    unsubscribe?.();
    clearInterval(poll);
    clearInterval(heartbeat);
  });
  push();
};

/** A member's notifications as server-sent events, from now or from a Last-Event-ID. */
export const notificationStreamRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  const reads = notificationReads(ctx);
  const open = openStreamsOf(app);

  app.get(
    '/api/notifications/stream',
    {
      schema: {
        operationId: 'followNotifications',
        tags: ['members'],
        summary:
          'Your notifications and the messages you receive as they come, as server-sent events',
        description:
          'text/event-stream. First an `unread` message with the unread counts (notifications, ' +
          'and messages of your conversations); then, for each new notification, a ' +
          '`notification` message, and for each message someone sends you, a `message` message ' +
          '(each with `id: <position>`); an `unread` message again when a count changes ' +
          'otherwise. Reconnect with Last-Event-ID to receive what came after it.',
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
      // Without Last-Event-ID, only what comes from now on: the list has what came before.
      const from = resumePosition(request) ?? (await newestFor(ctx, reads, viewer));
      const { res, send } = openNotificationStream(reply, open);
      followNotifications({ ctx, reads, viewer, from, res, send, log: request.log });
    },
  );
};
