import { randomBytes } from 'node:crypto';
import { createEventStore } from '@second-gear/event-store';
import { rebuildReadModel } from '@second-gear/projection-service';
import { createReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import { marketplaceGenerator } from './dataset.ts';
import { type LoadResult, load } from './load.ts';
import { createDatabase } from './postgres.ts';
import { spawnServer } from './spawn-server.ts';
import { perSecond } from './stats.ts';

export interface RebuildRun {
  events: number;
  cars: number;
  /** Time to append the generated events through `appendMany`, before the rebuild. */
  loadMs: number;
  loadEventsPerSecond: number;
  rebuildMs: number;
  eventsPerSecond: number;
  batchSize: number;
}

export interface ReadRun {
  cars: number;
  endpoint: string;
  result: LoadResult;
  /** The bare Fastify route measured right before, and the ratio of requests per second. */
  bare: LoadResult;
  ofBare: number;
}

export interface ReadModelResult {
  connections: number;
  durationSeconds: number;
  rebuilds: RebuildRun[];
  reads: ReadRun[];
}

const REBUILD_BATCH = 1000;

/**
 * Parts 3 and 4 share their data: a generated marketplace of 10 events per car is appended
 * to a fresh PostgreSQL database through the event store, and `rebuildReadModel` replays every
 * event into fresh read tables (the operators' `projections rebuild`), timed. The rebuilt read
 * model is then served by the query service (in its own process) and loaded with autocannon.
 * The database grows from the first size to the next; every rebuild replays from the start.
 */
export const benchReadModel = async (options: {
  cars: readonly number[];
  reads: boolean;
  connections: number;
  durationSeconds: number;
  say: (line: string) => void;
}): Promise<ReadModelResult> => {
  const { say } = options;
  const database = await createDatabase('read_model');
  const result: ReadModelResult = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    rebuilds: [],
    reads: [],
  };
  const store = await createEventStore({ kind: 'postgres', connectionString: database.url });
  const db = createReadModelDb({ connectionString: database.url });
  try {
    const generator = marketplaceGenerator(store);
    for (const cars of options.cars) {
      say(`  appending a marketplace of ${cars.toLocaleString('en-US')} cars`);
      const before = generator.events();
      let started = performance.now();
      let lastSaid = started;
      await generator.growTo(cars, (n, events) => {
        if (performance.now() - lastSaid > 15_000) {
          lastSaid = performance.now();
          say(`    ${n.toLocaleString('en-US')} cars, ${events.toLocaleString('en-US')} events`);
        }
      });
      const loadMs = performance.now() - started;

      say(`  rebuilding the read model from ${generator.events().toLocaleString('en-US')} events`);
      started = performance.now();
      lastSaid = started;
      const rebuilt = await rebuildReadModel({
        store,
        db,
        fresh: true,
        batchSize: REBUILD_BATCH,
        onProgress: (progress) => {
          if (performance.now() - lastSaid > 30_000) {
            lastSaid = performance.now();
            say(
              `    ${progress.applied.toLocaleString('en-US')} events, ${progress.eventsPerSecond.toFixed(0)}/s`,
            );
          }
        },
      });
      const rebuildMs = performance.now() - started;
      const run: RebuildRun = {
        events: generator.events(),
        cars: generator.cars(),
        loadMs,
        loadEventsPerSecond: perSecond(generator.events() - before, loadMs),
        rebuildMs,
        eventsPerSecond: perSecond(rebuilt.applied, rebuildMs),
        batchSize: REBUILD_BATCH,
      };
      result.rebuilds.push(run);
      say(
        `  rebuilt ${run.events.toLocaleString('en-US')} events in ${(rebuildMs / 1000).toFixed(1)} s: ${run.eventsPerSecond.toFixed(0)} events/s`,
      );

      if (!options.reads) continue;
      // Statistics as autovacuum would have gathered them on a live model by now.
      await sql`analyze`.execute(db);
      const ids = generator.sampleCarIds().slice(-500);
      const endpoints: [string, string[]][] = [
        ['GET /api/products', ['/api/products']],
        ['GET /api/product/:id', ids.map((id) => `/api/product/${id}`)],
        ['GET /api/products/advertise', ['/api/products/advertise']],
      ];
      const bare = await spawnServer('bare');
      const query = await spawnServer('query', {
        BENCH_DATABASE_URL: database.url,
        BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
      });
      try {
        const url = query.info.queryUrl ?? '';
        const bareUrl = bare.info.url ?? '';
        // Warm both up (connections, JIT, caches) before measuring.
        await load(
          url,
          endpoints.flatMap(([, paths]) => paths.slice(0, 50)),
          { connections: 8, durationSeconds: 2 },
        );
        await load(bareUrl, ['/'], { connections: 8, durationSeconds: 1 });
        for (const [endpoint, paths] of endpoints) {
          const measuredBare = await load(bareUrl, ['/'], options);
          const measured = await load(url, paths, options);
          const read: ReadRun = {
            cars,
            endpoint,
            result: measured,
            bare: measuredBare,
            ofBare: measured.requestsPerSecond / measuredBare.requestsPerSecond,
          };
          result.reads.push(read);
          say(
            `  ${cars} cars, ${endpoint}: ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99} ms (bare ${measuredBare.requestsPerSecond.toFixed(0)} req/s)`,
          );
        }
      } finally {
        await query.stop();
        await bare.stop();
      }
    }
  } finally {
    await db.destroy();
    await store.close();
    await database.drop();
  }
  return result;
};
