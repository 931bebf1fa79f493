import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { createEventStore, type ExpectedVersion } from '@second-gear/event-store';
import { createDatabase } from './postgres.ts';
import { median, perSecond, type Summary, summarize } from './stats.ts';

export interface AppendRun {
  store: 'second-gear' | 'emmett';
  writers: number;
  appends: number;
  elapsedMs: number;
  /** The median of the rounds' rates. */
  appendsPerSecond: number;
  /** Each round's appends per second. */
  rounds: number[];
  /** Latency of one append over all rounds, in milliseconds. */
  latency: Summary;
}

export interface EventStoreResult {
  /** Duration of one round; every store and writer count runs `rounds` times. */
  durationMs: number;
  roundCount: number;
  streamsPerWriter: number;
  eventBytes: number;
  runs: AppendRun[];
}

/** One append: the stream, the version it must be at (undefined: must not exist). */
type Appender = (stream: string, expected: number | undefined) => Promise<number>;

const STREAMS_PER_WRITER = 10;

/** An event like a car listing, the same for both stores. */
const eventBody = (writer: number, n: number) => ({
  type: 'CarListed',
  data: {
    carId: randomUUID(),
    name: `Benchmark car ${writer}-${n}`,
    sellerId: `seller-${writer}`,
    sellerName: 'Bench Seller',
    sellerEmail: `seller-${writer}@bench.test`,
    categoryId: 'c0ffee00-0000-4000-8000-000000000000',
    categoryName: 'Sedan',
    image: '/images/bench.webp',
    originalPrice: 24000,
    price: 18500,
    location: 'Austin, TX',
    yearsOfUse: 3,
  },
  metadata: {
    actor: { uid: `seller-${writer}`, email: `seller-${writer}@bench.test`, role: 'Seller' },
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion: 1,
  },
});

export const EVENT_BYTES = JSON.stringify(eventBody(1, 1)).length;

/**
 * `writers` loops for `durationMs`, each appending one event at a time to its own streams
 * (round robin over ten), each append expecting the version the writer last saw.
 */
const drive = async (append: Appender, writers: number, durationMs: number, runId: string) => {
  const latencies: number[] = [];
  let appends = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const versions = new Map<string, number>();
      for (let n = 0; performance.now() < deadline; n++) {
        const stream = `bench-${runId}-${writer}-${n % STREAMS_PER_WRITER}`;
        const before = performance.now();
        versions.set(stream, await append(stream, versions.get(stream)));
        latencies.push(performance.now() - before);
        appends++;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return {
    appends,
    elapsedMs,
    appendsPerSecond: perSecond(appends, elapsedMs),
    latencies,
  };
};

const openOurs = async (url: string) => {
  const store = await createEventStore({ kind: 'postgres', connectionString: url });
  let writer = 0;
  const append: Appender = async (stream, expected) => {
    const version: ExpectedVersion = expected === undefined ? 'no_stream' : expected;
    const body = eventBody(writer++, 0);
    const result = await store.append(stream, version, [{ id: randomUUID(), ...body }]);
    return result.versions[0]?.version ?? -1;
  };
  return { append, close: () => store.close() };
};

const openEmmett = async (url: string) => {
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  let writer = 0;
  const append: Appender = async (stream, expected) => {
    const body = eventBody(writer++, 0);
    const result = await store.appendToStream(stream, [body], {
      expectedStreamVersion: expected === undefined ? 'STREAM_DOES_NOT_EXIST' : BigInt(expected),
    });
    return Number(result.nextExpectedStreamVersion);
  };
  return { append, close: () => store.close() };
};

/**
 * Part 2: appends per second on PostgreSQL, this project's store and emmett-postgresql's, each
 * in a fresh database of its own on the same server, alternating so that both see the same
 * machine load.
 */
export const benchEventStores = async (options: {
  writers: readonly number[];
  durationMs: number;
  rounds: number;
  say: (line: string) => void;
}): Promise<EventStoreResult> => {
  const ours = await createDatabase('store_ours');
  const theirs = await createDatabase('store_emmett');
  const runs: AppendRun[] = [];
  try {
    const stores = [
      { name: 'second-gear' as const, opened: await openOurs(ours.url) },
      { name: 'emmett' as const, opened: await openEmmett(theirs.url) },
    ];
    try {
      for (const { opened } of stores) await drive(opened.append, 4, 300, 'warmup');
      const measured = new Map<
        string,
        { appends: number; elapsedMs: number; rates: number[]; latencies: number[] }
      >();
      // Rounds, and the two stores alternating inside each, so that a burst of other work on the
      // shared machine lands on both and on one round only.
      for (let round = 0; round < options.rounds; round++) {
        for (const writers of options.writers) {
          for (const { name, opened } of stores) {
            const run = await drive(
              opened.append,
              writers,
              options.durationMs,
              randomUUID().slice(0, 8),
            );
            const key = `${name}/${writers}`;
            const sum = measured.get(key) ?? { appends: 0, elapsedMs: 0, rates: [], latencies: [] };
            sum.appends += run.appends;
            sum.elapsedMs += run.elapsedMs;
            sum.rates.push(run.appendsPerSecond);
            sum.latencies.push(...run.latencies);
            measured.set(key, sum);
            options.say(
              `  round ${round + 1}: ${name.padEnd(11)} ${String(writers).padStart(2)} writers: ${run.appendsPerSecond.toFixed(0)} appends/s`,
            );
          }
        }
      }
      for (const writers of options.writers) {
        for (const { name } of stores) {
          const sum = measured.get(`${name}/${writers}`);
          if (!sum) continue;
          runs.push({
            store: name,
            writers,
            appends: sum.appends,
            elapsedMs: sum.elapsedMs,
            appendsPerSecond: median(sum.rates),
            rounds: sum.rates,
            latency: summarize(sum.latencies),
          });
        }
      }
    } finally {
      for (const { opened } of stores) await opened.close();
    }
  } finally {
    await ours.drop();
    await theirs.drop();
  }
  return {
    durationMs: options.durationMs,
    roundCount: options.rounds,
    streamsPerWriter: STREAMS_PER_WRITER,
    eventBytes: EVENT_BYTES,
    runs,
  };
};
