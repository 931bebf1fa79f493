import { randomBytes } from 'node:crypto';
import { createEventStore, type EventStore } from '@second-gear/event-store';
import { createReadModelDb, openPGlite, type ReadModelDb } from '@second-gear/read-model';
import { createTestPostgresDatabase } from '@second-gear/read-model/testing';
import { afterAll } from 'vitest';
import { readModelSnapshot } from './testing.ts';

export interface Setup {
  store: EventStore;
  db: ReadModelDb;
  schema: string;
  nextSchema: string;
  /** The schema of the store's tables, in the read model's database. */
  storeSchema: string;
  /** Another event store (a new database, as far as the projections can tell). */
  openAnotherStore: () => Promise<EventStore>;
  close: () => Promise<void>;
}

export interface Backend {
  name: string;
  open: () => Promise<Setup>;
}

const schemaName = () => `rm_${randomBytes(4).toString('hex')}`;

/**
 * Where a file's tests run. `both`: PGlite always, and PostgreSQL when the test server answers
 * (its own database, dropped after); for what the engines can do differently (the triggers,
 * COPY, the projection's SQL). `one`: PostgreSQL when it answers, else PGlite; for what only
 * builds on those (parking, reactions, webhooks). A file's PGlite tests share one database, as
 * its PostgreSQL tests do: starting PGlite costs seconds, a schema of its own for each test's
 * store and read model a fraction of one.
 */
export const backends = async (
  label: string,
  engines: 'one' | 'both' = 'both',
): Promise<Backend[]> => {
  let sharedPGlite: ReturnType<typeof openPGlite> | undefined;
  afterAll(async () => {
    await (await sharedPGlite)?.close();
  });
  const list: Backend[] = [
    {
      name: 'PGlite',
      open: async () => {
        sharedPGlite ??= openPGlite();
        const pglite = await sharedPGlite;
        const schema = schemaName();
        const store = await createEventStore({
          kind: 'pglite',
          db: pglite,
          schema: `${schema}_events`,
        });
        const db = createReadModelDb({ pglite });
        const others: EventStore[] = [];
        return {
          store,
          db,
          schema,
          nextSchema: `${schema}_next`,
          storeSchema: `${schema}_events`,
          openAnotherStore: async () => {
            const other = await createEventStore({
              kind: 'pglite',
              db: pglite,
              schema: `${schema}_another`,
            });
            others.push(other);
            return other;
          },
          close: async () => {
            for (const other of others) await other.close();
            await store.close();
            await db.destroy();
          },
        };
      },
    },
  ];
  const database = await createTestPostgresDatabase('sg_proj');
  if ('skipped' in database) {
    console.warn(`${label}: PostgreSQL backend skipped. ${database.skipped}`);
    return list;
  }
  if (engines === 'one') list.splice(0);
  afterAll(() => database.drop());
  list.push({
    name: 'PostgreSQL',
    open: async () => {
      const schema = schemaName();
      const store = await createEventStore({
        kind: 'postgres',
        connectionString: database.connectionString,
        schema: `${schema}_events`,
      });
      const db = createReadModelDb({
        connectionString: database.connectionString,
        maxConnections: 4,
      });
      const others: EventStore[] = [];
      return {
        store,
        db,
        schema,
        nextSchema: `${schema}_next`,
        storeSchema: `${schema}_events`,
        openAnotherStore: async () => {
          const other = await createEventStore({
            kind: 'postgres',
            connectionString: database.connectionString,
            schema: `${schema}_another`,
          });
          others.push(other);
          return other;
        },
        close: async () => {
          for (const other of others) await other.close();
          await store.close();
          await db.destroy();
        },
      };
    },
  });
  return list;
};

/** What a rebuild of the setup's model needs: its store, its database and both schemas. */
export const rebuildOptions = (setup: Setup) => ({
  store: setup.store,
  db: setup.db,
  liveSchema: setup.schema,
  nextSchema: setup.nextSchema,
});

/** Every read table's rows in key order (see `readModelSnapshot`). */
export const snapshot = readModelSnapshot;

/** Waits (bounded) until `check` holds. */
export const eventually = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};
