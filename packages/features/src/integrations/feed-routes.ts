// The server-sent-events framing below is written by hand on purpose. Measured against the
// feed's wire format and its needs, the libraries fall short:
// - @fastify/sse (0.x, its options reshaped between minor versions) cannot write a comment, so
//   `: keep-alive` would bypass it anyway; a `retry:` or id-only message needs a message with
//   `data: undefined`; and a write waiting for 'drain' never settles when the client leaves
//   without a socket error, which would leave this handler and its event-store subscription
//   hanging.
// - better-sse writes `id:4711` (no space) where integrators were promised `id: 4711`, sends
//   2 kB of padding when the URL carries `?padding`, and writes without waiting for 'drain', so
//   a slow client replaying the whole history would be buffered in memory.
// The framing itself is three template strings; backpressure and disconnects are handled here.
import { once } from 'node:events';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import {
  HttpProblem,
  isPosition,
  problemAnswers,
  type ServiceApp,
  whenClosed,
} from '@second-gear/service-http';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type CarFeedEvent,
  carFeedEventOf,
  FeedQuery,
  isCarFeedEventType,
} from '../contract/index.ts';
import type { QueryContext } from '../platform/reads/context.ts';
import {
  closeEventStream,
  openEventStream,
  openStreamsOf,
} from '../platform/reads/event-stream.ts';
import { parseDomainEvent } from '../registry/events.ts';
import { type ApiKeyVerifier, keyRevokedInLog } from './read-access.ts';

const occurredAt = (event: RecordedEvent): string => {
  const value = (event.metadata as { occurredAt?: unknown }).occurredAt;
  return typeof value === 'string' ? value : event.recordedAt.toISOString();
};

/**
 * The public view of an event, or undefined: for an event that is not a car event, and for one
 * that cannot be read (its data or version is not what this code knows). Such an event is
 * logged and passed over, as the projections park it, so one bad event does not end every
 * integrator's feed at the same place.
 */
const publicViewOf = (
  event: RecordedEvent,
  log: Pick<FastifyBaseLogger, 'error'>,
): CarFeedEvent | undefined => {
  try {
    return toFeedEvent(event);
  } catch (error) {
    log.error(
      { err: error, position: event.position.toString(), type: event.type, eventId: event.id },
      'car feed passes over an event it cannot read',
    );
    return undefined;
  }
};

/**
 * The public view of a stored car event, as `carFeedEventOf` (the contract's, which webhooks
 * deliver too) makes it; undefined for every other event.
 */
export const toFeedEvent = (event: RecordedEvent): CarFeedEvent | undefined => {
  if (!isCarFeedEventType(event.type)) return undefined;
  return carFeedEventOf(parseDomainEvent(event), {
    position: event.position,
    occurredAt: occurredAt(event),
  });
};

/** Whether `event` revokes the key `keyId`: a stream opened with it ends there. */
const revokes = (event: RecordedEvent, keyId: string): boolean =>
  event.type === 'ApiKeyRevoked' && (event.data as { keyId?: unknown }).keyId === keyId;

/** Everything after `after` up to the head as it is now, page by page. */
async function* untilHead(
  store: EventStore,
  after: bigint | undefined,
  signal: AbortSignal,
): AsyncGenerator<RecordedEvent> {
  const head = await store.headPosition();
  let position = after;
  while (!signal.aborted && head !== undefined && (position === undefined || position < head)) {
    const page = await store.readAll({
      ...(position === undefined ? {} : { after: position }),
      limit: 500,
    });
    if (page.length === 0) return;
    for (const event of page) {
      if (event.position > head) return;
      yield event;
      position = event.position;
    }
  }
}

const startingPosition = (lastEventId: unknown, after: string | undefined): bigint | undefined => {
  const header = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  if (typeof header === 'string' && header.trim() !== '') {
    if (!isPosition(header.trim())) {
      throw HttpProblem.badRequest('Last-Event-ID must be a position the feed sent.', [
        { field: 'headers.last-event-id', message: 'Must be a non-negative integer' },
      ]);
    }
    return BigInt(header.trim());
  }
  return after === undefined ? undefined : BigInt(after);
};

/**
 * Without an API key, the feed starts at most `anonymousHistoryMs` back: replaying the whole
 * log is for integrators with a key. 403 when the first event after `after` is older.
 */
const withinAnonymousHistory = async (ctx: QueryContext, after: bigint | undefined) => {
  const [first] = await ctx.store.readAll({ ...(after === undefined ? {} : { after }), limit: 1 });
  if (!first || Date.now() - first.recordedAt.getTime() <= ctx.feed.anonymousHistoryMs) return;
  const hours = Math.round(ctx.feed.anonymousHistoryMs / 3_600_000);
  throw new HttpProblem(
    403,
    'Forbidden',
    `Without an API key the feed starts at most ${hours} hours back: start later (after=<a recent position>), or send a key with feed:read to read from further back.`,
    [
      {
        field: 'query.after',
        message: `Must be a position of the last ${hours} hours without an API key`,
      },
    ],
  );
};

/**
 * `GET /api/feed/cars`: car events as server-sent events (docs/integrator-feed.md), to anyone;
 * an API key sent with it must be live and hold `feed:read`, and its use is recorded. Each
 * message's `id` is the event's position; a client that reconnects with `Last-Event-ID`
 * continues strictly after it, read from the event store itself, so any past position works
 * and nothing is missed or repeated.
 */
export const feedRoutes = (app: ServiceApp, ctx: QueryContext, keys: ApiKeyVerifier): void => {
  const open = openStreamsOf(app);
  app.get(
    '/api/feed/cars',
    {
      schema: {
        operationId: 'followCarFeed',
        tags: ['feed'],
        summary: 'Car events for integrators, as server-sent events (public fields only)',
        description:
          'text/event-stream. Each message: `id: <position>`, `event: <its type: CarListed, CarSold, ...>`, ' +
          '`data: <CarFeedEvent JSON>`. Resume with the Last-Event-ID header. See docs/integrator-feed.md.',
        querystring: FeedQuery,
        response: {
          200: {
            description: 'The events, as server-sent events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...problemAnswers(400, 401, 403, 429),
        },
        // Open to anyone; an API key, when one is sent, must be live and may read the feed.
        security: [{}, { apiKey: [] }],
      },
      preHandler: keys.optionalApiKey('feed:read'),
    },
    async (request, reply) => {
      const asked = startingPosition(request.headers['last-event-id'], request.query.after);
      const follow = request.query.follow === 'true';
      // Nobody has seen past the head: a follower asking from further on starts there, so the
      // events it must notice (its key's revocation) are never skipped as already seen.
      const head = (await ctx.store.headPosition()) ?? 0n;
      const after = asked !== undefined && asked > head ? head : asked;
      if (!request.apiKey) await withinAnonymousHistory(ctx, after);
      // A key's streams count as its holder's, wherever they come from; others by address.
      const client = request.apiKey ? `key:${request.apiKey.id}` : `ip:${request.ip}`;
      const release = ctx.feed.streams.take(client, reply);

      const res = openEventStream(reply, open);
      const keyId = request.apiKey?.id;

      const ended = new AbortController();
      whenClosed(res, () => {
        ended.abort();
        release();
      });
      let sent = after;
      let scanned = after;
      // A heartbeat keeps proxies from closing a quiet stream; when other events went by since
      // the last car event, an id-only message moves the client's resume point past them.
      const heartbeat = setInterval(() => {
        if (scanned !== undefined && (sent === undefined || scanned > sent)) {
          res.write(`id: ${scanned}\n\n`);
          sent = scanned;
        } else {
          res.write(': keep-alive\n\n');
        }
      }, ctx.feed.heartbeatMs);

      try {
        const source = follow
          ? ctx.feed.live.follow(after, ended.signal)
          : untilHead(ctx.store, after, ended.signal);
        let lookedAt = Date.now();
        for await (const event of source) {
          scanned = event.position;
          // A replay of old history reaches the revocation late: the key's own stream is looked
          // at once a second besides.
          const looked = keyId !== undefined && Date.now() - lookedAt >= 1000;
          if (looked) lookedAt = Date.now();
          if (
            keyId !== undefined &&
            (revokes(event, keyId) || (looked && (await keyRevokedInLog(ctx.store, keyId))))
          ) {
            closeEventStream(res, 'api-key-revoked', 'The API key of this stream was revoked.');
            break;
          }
          const message = publicViewOf(event, request.log);
          if (!message) continue;
          const ok = res.write(
            `id: ${message.position}\nevent: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`,
          );
          sent = event.position;
          if (!ok) await once(res, 'drain', { signal: ended.signal });
        }
      } catch (error) {
        if (!ended.signal.aborted) request.log.error({ err: error }, 'car feed failed');
      } finally {
        clearInterval(heartbeat);
        release();
        res.end();
      }
    },
  );
};
