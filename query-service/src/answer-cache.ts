import { TOTAL_COUNT_HEADER, TOTAL_ESTIMATED_HEADER } from '@second-gear/features/contract';
import {
  openEventStream,
  openStreamsOf,
} from '@second-gear/features/platform/reads/event-stream.ts';
import { type ReadModelChanges, type ReadModelDb, readCheckpoints } from '@second-gear/read-model';
import {
  type Copies,
  compressedCopies,
  counterIn,
  encodingFor,
  MIN_POSITION_HEADER,
  namesTag,
  READ_MODEL_VERSION_PATH,
  type Registry,
  type ServiceApp,
  whenClosed,
} from '@second-gear/service-http';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * How a route's answers may be kept. `public`: the same for everyone, so kept in memory and
 * revalidated by any cache; `private`: the caller's own, so only revalidated by their browser.
 */
export type AnswerCaching = 'public' | 'private';

declare module 'fastify' {
  interface FastifyContextConfig {
    answerCache?: AnswerCaching | ((request: FastifyRequest) => AnswerCaching);
  }
}

interface KeptAnswer {
  version: string;
  payload: Buffer;
  headers: Record<string, string>;
  /** Its compressed copies, once made (answers of `COMPRESSED_FROM` bytes and more). */
  copies?: Copies;
}

/** Answers this large and larger are also kept compressed; smaller ones gain nothing by it. */
const COMPRESSED_FROM = 1024;

// The headers an answer carries besides its body, kept with it.
const KEPT_HEADERS = [
  'content-type',
  TOTAL_COUNT_HEADER,
  TOTAL_ESTIMATED_HEADER,
  'link',
  'etag',
  'cache-control',
  'vary',
].map((h) => h.toLowerCase());

export interface AnswerCacheOptions {
  db: ReadModelDb;
  schema: string;
  /** The projectors' commit notifications; without them nothing is kept or tagged. */
  changes: ReadModelChanges;
  /** Most answers kept (default 5,000) and most bytes (default 64 MiB). */
  maxEntries?: number;
  maxBytes?: number;
  /** How often the version is read again in case a notification was lost (default 5 s). */
  recheckMs?: number;
  /** Where to count hits, misses and 304s. */
  metrics: Registry;
}

type Outcomes = ReturnType<typeof counterIn>;
type Stamp = { version: string; caching: AnswerCaching };

/** The read model's version as last read (undefined while unknown), and who hears it move. */
interface Version {
  current: string | undefined;
  listeners: Set<(version: string | undefined) => void>;
}

const setVersion = (version: Version, next: string | undefined) => {
  if (version.current === next) return;
  version.current = next;
  for (const listener of version.listeners) listener(next);
};

/**
 * The version answers are kept at, for whatever else keeps things made from the read model
 * (the server-rendered pages): undefined while unknown (a commit was heard and the version is
 * being read again), when nothing may be kept.
 */
export type ReadModelVersion = () => string | undefined;

const versions = new WeakMap<object, ReadModelVersion>();

/** The version a query service keeps its answers at; undefined when it keeps none. */
export const readModelVersionOf = (app: object): ReadModelVersion | undefined => versions.get(app);

const cacheOutcomes = (metrics: Registry): Outcomes => {
  const outcomes = counterIn(metrics, {
    name: 'second_gear_answer_cache_requests_total',
    help: 'Reads of routes whose answers may be kept, by caching (public, private) and outcome: hit (answered from memory), not_modified (304 to If-None-Match), miss (read from the database).',
    labelNames: ['caching', 'outcome'],
  });
  for (const caching of ['public', 'private'] as const) {
    for (const outcome of ['hit', 'miss', 'not_modified'] as const)
      outcomes.inc({ caching, outcome }, 0);
  }
  return outcomes;
};

/**
 * Keeps `version` from the checkpoints (count, sum, latest time): read when the app is ready, again at every
 * commit's notification (which clears `kept` and leaves the version unknown until then), and
 * every `recheckMs` in case a notification was lost.
 */
const followVersion = (
  app: ServiceApp,
  options: AnswerCacheOptions,
  kept: LRUCache<string, KeptAnswer>,
): Version => {
  const version: Version = { current: undefined, listeners: new Set() };
  let reading: Promise<void> | undefined;
  let again = false;
  const readVersion = async (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          const checkpoints = await readCheckpoints(options.db, options.schema);
          const sum = checkpoints.reduce((total, c) => total + (c.position ?? 0n), 0n);
          const latest = Math.max(...checkpoints.map((c) => c.updatedAt.getTime()));
          // A notification that arrived while reading leaves the version unknown until the
          // next read, which then sees its commit.
          setVersion(
            version,
            again || checkpoints.length === 0
              ? undefined
              : `${checkpoints.length}.${sum}.${latest}`,
          );
        } catch {
          setVersion(version, undefined);
        }
      } while (again);
      reading = undefined;
    })();
    return reading;
  };
  const changed = (schema: string | undefined) => {
    if (schema !== undefined && schema !== options.schema) return;
    setVersion(version, undefined);
    kept.clear();
    void readVersion();
  };
  const unsubscribe = options.changes.subscribe(changed);
  const recheck = setInterval(() => void readVersion(), options.recheckMs ?? 5000);
  recheck.unref();
  app.addHook('onReady', readVersion);
  app.addHook('onClose', async () => {
    unsubscribe();
    clearInterval(recheck);
  });
  return version;
};

const cachingOf = (request: FastifyRequest): AnswerCaching | undefined => {
  const setting = request.routeOptions.config.answerCache;
  if (setting === undefined || request.method !== 'GET') return undefined;
  if (request.headers[MIN_POSITION_HEADER.toLowerCase()] !== undefined) return undefined;
  return typeof setting === 'function' ? setting(request) : setting;
};

const etagOf = (request: FastifyRequest, stamp: Stamp) =>
  stamp.caching === 'public'
    ? `W/"${stamp.version}"`
    : `W/"${stamp.version}.${request.actor?.uid ?? 'anonymous'}"`;

const matches = (request: FastifyRequest, etag: string) =>
  namesTag(request.headers['if-none-match'], etag);

/**
 * Before the handler: a kept public answer, or a 304 for a public one the caller has; every
 * cacheable request is stamped with the version it is answered at.
 */
const answerEarly = (
  app: ServiceApp,
  version: Version,
  kept: LRUCache<string, KeptAnswer>,
  outcomes: Outcomes,
  stamps: WeakMap<FastifyRequest, Stamp>,
): void => {
  // The version is read before the handler reads the database, so an answer is never older
  // than its tag. An answer kept for this very URL is sent before validation: the request that
  // made it passed validation with the same URL. Everything else is settled after validation
  // (so a bad parameter is a 400 whatever the request's If-None-Match), public answers here and
  // private ones once the route has named its caller (in onSend).
  app.addHook('preValidation', async (request, reply) => {
    const now = version.current;
    if (now === undefined || cachingOf(request) !== 'public') return;
    const answer = kept.get(request.url);
    if (
      answer?.version !== now ||
      matches(request, etagOf(request, { version: now, caching: 'public' }))
    )
      return;
    outcomes.inc({ caching: 'public', outcome: 'hit' });
    const encoding = encodingFor(request.headers['accept-encoding']);
    const copy = encoding === 'identity' ? undefined : answer.copies?.[encoding];
    reply.headers(answer.headers);
    if (copy === undefined) return reply.send(answer.payload);
    return reply.header('content-encoding', encoding).send(copy);
  });
  app.addHook('preHandler', async (request, reply) => {
    const caching = cachingOf(request);
    const now = version.current;
    if (caching === undefined) return;
    if (now === undefined) {
      outcomes.inc({ caching, outcome: 'miss' });
      return;
    }
    const stamp = { version: now, caching };
    stamps.set(request, stamp);
    if (caching === 'private') return;
    const etag = etagOf(request, stamp);
    if (matches(request, etag)) {
      outcomes.inc({ caching, outcome: 'not_modified' });
      return reply.code(304).headers(cacheHeaders(etag, caching)).send();
    }
    outcomes.inc({ caching, outcome: 'miss' });
  });
};

/**
 * As a stamped answer is sent: tagged; a private one the caller has becomes a 304, and a
 * public one is kept while the version has not moved.
 */
const keepAnswers = (
  app: ServiceApp,
  version: Version,
  kept: LRUCache<string, KeptAnswer>,
  outcomes: Outcomes,
  stamps: WeakMap<FastifyRequest, Stamp>,
): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    const stamp = stamps.get(request);
    if (stamp === undefined || reply.statusCode !== 200) return payload;
    const etag = etagOf(request, stamp);
    reply.headers(cacheHeaders(etag, stamp.caching));
    if (stamp.caching === 'private') {
      if (!matches(request, etag)) {
        outcomes.inc({ caching: 'private', outcome: 'miss' });
        return payload;
      }
      outcomes.inc({ caching: 'private', outcome: 'not_modified' });
      reply.code(304);
      return null;
    }
    if (typeof payload === 'string' && stamp.version === version.current) {
      // Kept with every header it is sent with, the body already encoded: a hit is one write.
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const answer: KeptAnswer = { version: stamp.version, payload: Buffer.from(payload), headers };
      kept.set(request.url, answer);
      if (answer.payload.byteLength >= COMPRESSED_FROM) compressKept(kept, request.url, answer);
    }
    return payload;
  });
};

/** Adds its compressed copies to an answer kept at `url`, unless it was replaced meanwhile. */
const compressKept = (kept: LRUCache<string, KeptAnswer>, url: string, answer: KeptAnswer) => {
  void compressedCopies(answer.payload).then(
    (copies) => {
      if (kept.peek(url) === answer) kept.set(url, { ...answer, copies });
    },
    () => {},
  );
};

/**
 * Answers from memory while the read model stands still. The read model only changes when a
 * projector commits (a batch moves a checkpoint; a retried parked event touches its
 * projection's checkpoint's time; a rebuild swaps in checkpoints written later), so the
 * checkpoints' count, sum and latest time are a version of everything a reader can see. Answers are tagged with it (`ETag`, `304` on
 * `If-None-Match`), and public ones are kept, serialized (and, from 1 kB, compressed with
 * Brotli and gzip for the clients that take them), until the version moves: a commit's
 * notification sets it unknown at once (nothing is kept or answered from memory meanwhile) and
 * it is read again. A request with `X-Min-Position` is always answered from the database.
 */
export const answerCache = (app: ServiceApp, options: AnswerCacheOptions): void => {
  const kept = new LRUCache<string, KeptAnswer>({
    max: options.maxEntries ?? 5000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: ({ payload, copies }) =>
      payload.byteLength + (copies ? copies.br.byteLength + copies.gzip.byteLength : 0) + 200,
  });
  const outcomes = cacheOutcomes(options.metrics);
  const version = followVersion(app, options, kept);
  versions.set(app, () => version.current);
  versionStream(app, version);
  const stamps = new WeakMap<FastifyRequest, Stamp>();
  answerEarly(app, version, kept, outcomes, stamps);
  keepAnswers(app, version, kept, outcomes, stamps);
};

const cacheHeaders = (etag: string, caching: AnswerCaching): Record<string, string> =>
  caching === 'public'
    ? { etag, 'cache-control': 'public, no-cache', vary: 'Accept-Encoding' }
    : { etag, 'cache-control': 'private, no-cache', vary: 'Authorization' };

/**
 * The version as server-sent events: `event: version` with the version as its data, at once
 * and whenever it moves; empty data while it is unknown (nothing may be kept meanwhile).
 */
const versionStream = (app: ServiceApp, version: Version): void => {
  const open = openStreamsOf(app);
  app.get(READ_MODEL_VERSION_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const res = openEventStream(reply, open);
    const send = (current: string | undefined) =>
      res.write(`event: version\ndata: ${current ?? ''}\n\n`);
    send(version.current);
    version.listeners.add(send);
    whenClosed(res, () => version.listeners.delete(send));
  });
};
