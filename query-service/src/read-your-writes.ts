import type { EventStore } from '@second-gear/event-store';
import {
  type ProjectionName,
  type ReadModelChanges,
  type ReadModelDb,
  watchPositions,
} from '@second-gear/read-model';
import {
  counterIn,
  histogramIn,
  MIN_POSITION_HEADER,
  POSITION_REACHED_HEADER,
  PROJECTION_POSITION_HEADER,
  positionFromHeader,
  type Registry,
  type ServiceApp,
  whenClosed,
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
  /** Where to time the waits. */
  metrics: Registry;
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
  const waits = histogramIn(options.metrics, {
    name: 'second_gear_read_your_writes_wait_seconds',
    help: 'How long reads with X-Min-Position waited for the projections, by outcome: reached, timed-out, beyond-head (answered at once), cancelled (the client left).',
    labelNames: ['outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
  });
  const timeouts = counterIn(options.metrics, {
    name: 'second_gear_read_your_writes_timeouts_total',
    help: 'Reads with X-Min-Position answered without reaching it because the wait ran out.',
  });
  timeouts.inc(0);
  app.addHook('onReady', () => watcher.start());
  app.addHook('onClose', async () => watcher.close());

  app.addHook('onRequest', async (request, reply) => {
    const wanted = positionFromHeader(request.headers, MIN_POSITION_HEADER);
    if (wanted === undefined) return;
    // Stop waiting when the client goes away (the response closes before it was sent).
    const ended = new AbortController();
    whenClosed(reply.raw, () => ended.abort());
    const started = performance.now();
    const result = await watcher.waitFor(wanted, {
      projections: readsOf(request),
      timeoutMs: options.timeoutMs,
      signal: ended.signal,
    });
    waits.observe({ outcome: result.outcome }, (performance.now() - started) / 1000);
    if (result.outcome === 'timed-out') timeouts.inc();
    reply.header(POSITION_REACHED_HEADER, String(result.reached));
    if (result.position !== undefined) {
      reply.header(PROJECTION_POSITION_HEADER, result.position.toString());
    }
  });
};
