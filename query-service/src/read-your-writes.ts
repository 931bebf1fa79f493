import type { EventStore } from '@second-gear/event-store';
import {
  type ProjectionName,
  type ReadModelChanges,
  type ReadModelDb,
  watchPositions,
} from '@second-gear/read-model';
import {
  MIN_POSITION_HEADER,
  POSITION_REACHED_HEADER,
  PROJECTION_POSITION_HEADER,
  positionFromHeader,
  type ServiceApp,
} from '@second-gear/service-http';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The projections whose tables the route reads (with `users` for a route that looks up its
     * caller's role): `X-Min-Position` waits for these alone. A route without it waits for all.
     */
    reads?: readonly ProjectionName[] | ((request: FastifyRequest) => readonly ProjectionName[]);
  }
}

export interface ReadYourWritesOptions {
  db: ReadModelDb;
  schema: string;
  /** The event store, for its head: a position beyond it is answered at once. */
  store: Pick<EventStore, 'headPosition'>;
  /** The projectors' commit notifications, which release the waiting requests. */
  changes: ReadModelChanges | undefined;
  timeoutMs: number;
  /** How often the checkpoints are read anyway while requests wait (see `watchPositions`). */
  recheckMs: number | undefined;
}

const readsOf = (request: FastifyRequest): readonly ProjectionName[] | undefined => {
  const reads = request.routeOptions.config.reads;
  return typeof reads === 'function' ? reads(request) : reads;
};

/**
 * Read-your-writes: a request with `X-Min-Position` waits, at most `timeoutMs`, until the
 * projections the route reads have applied that position, and then reads. One watcher of the
 * checkpoints serves every waiting request: it reads them once per projector commit and
 * releases whoever it can. A position beyond the store's head can never be reached and is
 * answered at once. The answer says honestly how it went: `X-Position-Reached: true|false` and
 * `X-Projection-Position: <the lowest checkpoint of those projections>`. It runs first
 * (onRequest), so even the role looked up for the caller is that fresh.
 */
export const readYourWrites = (app: ServiceApp, options: ReadYourWritesOptions): void => {
  const watcher = watchPositions({
    db: options.db,
    schema: options.schema,
    headPosition: () => options.store.headPosition(),
    ...(options.changes ? { changes: options.changes } : {}),
    ...(options.recheckMs === undefined ? {} : { recheckMs: options.recheckMs }),
  });
  app.addHook('onReady', () => watcher.start());
  app.addHook('onClose', async () => watcher.close());

  app.addHook('onRequest', async (request, reply) => {
    const wanted = positionFromHeader(request.headers, MIN_POSITION_HEADER);
    if (wanted === undefined) return;
    // Stop waiting when the client goes away (the response closes before it was sent).
    const ended = new AbortController();
    reply.raw.once('close', () => ended.abort());
    const result = await watcher.waitFor(wanted, {
      projections: readsOf(request),
      timeoutMs: options.timeoutMs,
      signal: ended.signal,
    });
    reply.header(POSITION_REACHED_HEADER, String(result.reached));
    if (result.position !== undefined) {
      reply.header(PROJECTION_POSITION_HEADER, result.position.toString());
    }
  });
};
