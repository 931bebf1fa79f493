// A feature's read side in a test: an in-memory read model with every table, and the events a
// test gives applied through every feature's projection, one by one at the next position, as the
// projection engine applies them live; then each projection settles what it left for later. The
// rows are read back with Kysely (`tables`). The engine itself (batches, checkpoints, parking) is
// the projection service's, and tested there.
import { randomUUID } from 'node:crypto';
import {
  createReadModelDb,
  migrateReadModel,
  openPGlite,
  type ReadModelDb,
} from '@second-gear/read-model';
import type { ProjectedEvent } from '../src/platform/projection.ts';
import type { ReadContext } from '../src/platform/reads/context.ts';
import { type DomainEvent, schemaVersions } from '../src/registry/events.ts';
import { allProjections } from '../src/registry/projections.ts';
import { system } from './fixtures.ts';
import { streamOf } from './given.ts';

const schema = 'read_side';

export type ReadSide = {
  /** The read tables, to read what the projections left. */
  tables: ReturnType<ReadModelDb['withSchema']>;
  /** The same read model as the query service's reads take it. */
  context: ReadContext;
  /** Applies the events in order, in one transaction, each at the next position. */
  apply(...events: DomainEvent[]): Promise<void>;
  close(): Promise<void>;
};

export async function readSide(): Promise<ReadSide> {
  const pglite = await openPGlite();
  const db = createReadModelDb({ pglite });
  await migrateReadModel(db, schema);
  let position = 0n;
  let clock = Date.parse('2026-03-01T09:00:00.000Z');
  const projected = (event: DomainEvent): ProjectedEvent => {
    position += 1n;
    clock += 1000;
    const id = randomUUID();
    return {
      ...event,
      id,
      streamId: streamOf(event),
      position,
      metadata: {
        actor: system,
        occurredAt: new Date(clock).toISOString(),
        correlationId: id,
        causationId: id,
        schemaVersion: schemaVersions[event.type],
      },
    } as ProjectedEvent;
  };
  return {
    tables: db.withSchema(schema),
    context: { db, schema },
    async apply(...events) {
      await db.transaction().execute(async (trx) => {
        const tables = trx.withSchema(schema);
        for (const event of events.map(projected)) {
          for (const projection of allProjections) await projection.apply(tables, event);
        }
        for (const projection of allProjections) await projection.settle?.(tables);
      });
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
