import { StartupError } from '@second-gear/config';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import { allProjections, toProjectedEvent } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import {
  LIVE_SCHEMA,
  notifyReadModelChanged,
  type ParkedEventRow,
  type ReadModelDatabase,
  type ReadModelDb,
  toPosition,
} from '@second-gear/read-model';
import { sql, type Transaction } from 'kysely';
import { describeFailure } from './apply-batch.ts';

/** A parked event as operators see it. */
export interface Parked {
  projection: string;
  position: bigint;
  eventId: string;
  streamId: string;
  type: string;
  error: string;
  attempts: number;
  parkedAt: Date;
  resolution: 'retried' | 'skipped' | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

const toParked = (row: ParkedEventRow): Parked => ({
  projection: row.projection,
  position: toPosition(row.position),
  eventId: row.event_id,
  streamId: row.stream_id,
  type: row.type,
  error: row.error,
  attempts: row.attempts,
  parkedAt: new Date(row.parked_at),
  resolution: row.resolution,
  resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
  resolvedBy: row.resolved_by,
});

/** Parked events in position order: those still parked, or with `all` the resolved ones too. */
export const listParked = async (
  db: ReadModelDb,
  options: { schema?: string; all?: boolean; limit?: number } = {},
): Promise<Parked[]> => {
  let query = db
    .withSchema(options.schema ?? LIVE_SCHEMA)
    .selectFrom('parked_events')
    .selectAll()
    .orderBy('position')
    .orderBy('projection')
    .limit(options.limit ?? 1000);
  if (!options.all) query = query.where('resolution', 'is', null);
  return (await query.execute()).map(toParked);
};

/** Said of a retry or skip of an event that is not parked; the message says where to look. */
export class NotParkedError extends StartupError {
  override name = 'NotParkedError';
  constructor(projection: string, position: bigint) {
    super(
      `No event of ${projection} is parked at position ${position}: npm run projections -- parked lists those that are.`,
    );
  }
}

export interface ResolveOptions {
  store: EventStore;
  db: ReadModelDb;
  projection: string;
  position: bigint;
  /** Who resolves it, as recorded on the parked event. */
  by: string;
  schema?: string;
  projections?: readonly Projection[];
}

export type RetryResult =
  /** It applied; so did the events after it, again, up to the projection's checkpoint. */
  | { retried: true; reapplied: number }
  /** It failed again; it stays parked with the new error. */
  | { retried: false; error: string };

const PAGE = 1000;

const checkpointOf = async (
  db: ReadModelDb | Transaction<ReadModelDatabase>,
  schema: string,
  projection: string,
  lock: boolean,
): Promise<bigint | undefined> => {
  const query = db
    .withSchema(schema)
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('name', '=', projection);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row?.position == null ? undefined : toPosition(row.position);
};

/** The stored events from `from` through `upTo`. */
const eventsBetween = async (store: EventStore, from: bigint, upTo: bigint) => {
  const events: RecordedEvent[] = [];
  let after = from - 1n;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    for (const event of page) if (event.position <= upTo) events.push(event);
    const last = page.at(-1)?.position;
    if (page.length < PAGE || last === undefined || last >= upTo) return events;
    after = last;
  }
};

/**
 * Applies a parked event after all (the code or the data was mended), then every event after it
 * up to the projection's checkpoint again, in one transaction that holds the projection's
 * checkpoint: the rows end as if the event had never failed. Applying an event again changes
 * nothing (every projection's rule), so the events after it only fill in what depended on it
 * (a car's booking, after the car's listing). Events still parked are left out.
 *
 * The events are read before the transaction (the embedded database has one connection, which
 * the transaction holds); if the live projection moved on meanwhile, it reads again.
 */
export const retryParked = async (options: ResolveOptions): Promise<RetryResult> => {
  const { store, db, position, by } = options;
  const schema = options.schema ?? LIVE_SCHEMA;
  const projection = (options.projections ?? allProjections).find(
    (p) => p.name === options.projection,
  );
  if (!projection) throw new NotParkedError(options.projection, position);
  for (;;) {
    const upTo = await checkpointOf(db, schema, projection.name, false);
    if (upTo === undefined || upTo < position) throw new NotParkedError(projection.name, position);
    const events = await eventsBetween(store, position, upTo);
    const [target] = events;
    if (target?.position !== position) throw new NotParkedError(projection.name, position);

    const result = await db.transaction().execute(async (trx): Promise<RetryResult | 'moved'> => {
      if ((await checkpointOf(trx, schema, projection.name, true)) !== upTo) return 'moved';
      const tables = trx.withSchema(schema);
      const parked = await tables
        .selectFrom('parked_events')
        .select('position')
        .where('projection', '=', projection.name)
        .where('resolution', 'is', null)
        .forUpdate()
        .execute();
      const stillParked = new Set(parked.map((p) => toPosition(p.position)));
      if (!stillParked.has(position)) throw new NotParkedError(projection.name, position);

      await sql`savepoint retry_event`.execute(trx);
      try {
        const event = toProjectedEvent(target);
        if (event) await projection.apply(tables, event);
      } catch (error) {
        await sql`rollback to savepoint retry_event`.execute(trx);
        const text = describeFailure(error);
        await tables
          .updateTable('parked_events')
          .set({ error: text, attempts: sql`attempts + 1` })
          .where('projection', '=', projection.name)
          .where('position', '=', position)
          .execute();
        return { retried: false, error: text };
      }

      let reapplied = 0;
      for (const recorded of events.slice(1)) {
        if (stillParked.has(recorded.position)) continue;
        const event = toProjectedEvent(recorded);
        if (event) await projection.apply(tables, event);
        reapplied++;
      }
      await tables
        .updateTable('parked_events')
        .set({ resolution: 'retried', resolved_at: new Date(), resolved_by: by })
        .where('projection', '=', projection.name)
        .where('position', '=', position)
        .execute();
      await notifyReadModelChanged(trx, schema);
      return { retried: true, reapplied };
    });
    if (result !== 'moved') return result;
  }
};

/** Leaves a parked event out for good, recording who decided so and when. */
export const skipParked = async (
  options: Omit<ResolveOptions, 'store' | 'projections'>,
): Promise<void> => {
  const result = await options.db
    .withSchema(options.schema ?? LIVE_SCHEMA)
    .updateTable('parked_events')
    .set({ resolution: 'skipped', resolved_at: new Date(), resolved_by: options.by })
    .where('projection', '=', options.projection)
    .where('position', '=', options.position)
    .where('resolution', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotParkedError(options.projection, options.position);
};
