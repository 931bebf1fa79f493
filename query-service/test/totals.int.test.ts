// A search's total over a catalogue larger than what is ever counted: exact up to
// EXACT_TOTAL_LIMIT, beyond it an estimate marked as one. The cars are written straight into
// the read model (10,050 of them), as the projections would leave them.

import { carSearchOf, totalOfCars } from '@second-gear/features';
import { EXACT_TOTAL_LIMIT } from '@second-gear/features/contract';
import {
  createReadModelDb,
  migrateReadModel,
  openPGlite,
  type ReadModelDb,
} from '@second-gear/read-model';
import { createTestPostgresDatabase } from '@second-gear/read-model/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCHEMA = 'read_model';
const CARS = EXACT_TOTAL_LIMIT + 50;

interface Opened {
  db: ReadModelDb;
  close: () => Promise<void>;
}

const databases: [string, () => Promise<Opened | undefined>][] = [
  [
    'PGlite',
    async () => {
      const pglite = await openPGlite();
      const db = createReadModelDb({ pglite });
      return {
        db,
        close: async () => {
          await db.destroy();
          await pglite.close();
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await createTestPostgresDatabase('sg_totals');
      if ('skipped' in database) return undefined;
      const db = createReadModelDb({ connectionString: database.connectionString });
      return {
        db,
        close: async () => {
          await db.destroy();
          await database.drop();
        },
      };
    },
  ],
];

describe.each(databases)('totals of a search on %s', (_name, open) => {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await open();
    if (!opened) return;
    await migrateReadModel(opened.db, SCHEMA);
    // Every car from 2015; one in ten is a 2024 car; the last five are booked.
    await sql`
      insert into ${sql.table(`${SCHEMA}.cars`)} (id, name, seller_id, seller_name, seller_email,
        category_id, category_name, image, original_price, price, location, years_of_use,
        booked, listed_at, listed_position, version, make, model, year, mileage)
      select 'car-' || n, 'Car ' || n, 's1', 'Sam', 'sam@example.com', 'k1', 'Sedan', '', 20000,
        10000 + n, 'Dhaka', 1, case when n > ${CARS - 5} then 1 else 0 end, now(), n, n,
        'Toyota', 'Corolla', case when n % 10 = 0 then 2024 else 2015 end, 1000 * n
      from generate_series(1, ${CARS}) n`.execute(opened.db);
    await sql`analyze ${sql.table(`${SCHEMA}.available_cars`)}`.execute(opened.db);
  }, 120_000);
  afterAll(() => opened?.close());

  const total = (query: Record<string, unknown>) => {
    if (!opened) throw new Error('not opened');
    return totalOfCars(
      { db: opened.db, schema: SCHEMA },
      carSearchOf(query as Parameters<typeof carSearchOf>[0]),
      undefined,
    );
  };

  it('counts exactly up to the limit, booked cars left out', async (context) => {
    if (!opened) return context.skip();
    expect(await total({ minYear: 2024 })).toEqual({ total: CARS / 10 - 1, estimated: false });
    expect(await total({ maxMileage: 9_000_000 })).toEqual({ total: 9_000, estimated: false });
    expect(await total({ minYear: 2024, booked: 'any' })).toEqual({
      total: CARS / 10,
      estimated: false,
    });
  });

  it('estimates beyond the limit, and says so', async (context) => {
    if (!opened) return context.skip();
    const beyond = await total({ minYear: 2000 });
    expect(beyond.estimated).toBe(true);
    expect(beyond.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(beyond.total).toBeLessThan(CARS * 10);
  });
});
