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
  /**
   * It applied, then the events parked behind it in its stream, then every later event again
   * up to the projection's checkpoint: `reapplied` counts these last two.
   */
  | { retried: true; reapplied: number }
  /** It failed again, or changed no row; it stays parked with the reason. */
  | { retried: false; error: string };

/** Said of a retry of an event parked behind an earlier one of its stream. */
export class ParkedBehindError extends StartupError {
  override name = 'ParkedBehindError';
  constructor(projection: string, position: bigint, head: bigint) {
    super(
      `The event at ${position} waits for an earlier event of its stream, parked for ${projection} at ${head}: retry that one, which applies this one after it.`,
    );
  }
}

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

/** The stored events from `from` through `upTo`: the one at `from` (none: not an event's), then the rest. */
const eventsBetween = async (store: EventStore, from: bigint, upTo: bigint) => {
  const first = await store.eventAt(from);
  if (first === undefined) return [];
  const events: RecordedEvent[] = [first];
  let after = from;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    for (const event of page) if (event.position <= upTo) events.push(event);
    const last = page.at(-1)?.position;
    if (page.length < PAGE || last === undefined || last >= upTo) return events;
    after = last;
  }
};

/** The rows changed so far in the transaction, by every statement (triggers included). */
const rowsChanged = async (trx: Transaction<ReadModelDatabase>): Promise<bigint> => {
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text as n
    from pg_stat_xact_user_tables`.execute(trx);
  return BigInt(rows[0]?.n ?? 0);
};

/** Applies the events in turn, or answers the first that failed and why. */
const applyInTurn = async (
  tables: ReturnType<Transaction<ReadModelDatabase>['withSchema']>,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<{ failed: RecordedEvent; error: string } | undefined> => {
  for (const recorded of events) {
    try {
      const event = toProjectedEvent(recorded);
      if (event) await projection.apply(tables, event);
    } catch (error) {
      return { failed: recorded, error: describeFailure(error) };
    }
  }
  return undefined;
};

/**
 * Applies a parked event after all (the code or the data was mended), then the events of its
 * stream parked behind it, in order, then every event after it up to the projection's
 * checkpoint again, in one transaction that holds the projection's checkpoint: the rows end as
 * if the event had never failed. Applying an event again changes nothing (every projection's
 * rule), so the events after it only fill in what depended on it (a car's booking, after the
 * car's listing). Events still parked are left out. A retry that fails, or whose events change
 * no row, changes nothing and says why.
 *
 * The events are read before the transaction (the embedded database has one connection, which
 * the transaction holds); if the live projection moved on meanwhile, it reads again.
 */
export const retryParked = async (options: ResolveOptions): Promise<RetryResult> => {
  const { store, db, position } = options;
  const schema = options.schema ?? LIVE_SCHEMA;
  const projection = (options.projections ?? allProjections).find(
    (p) => p.name === options.projection,
  );
  if (!projection) throw new NotParkedError(options.projection, position);
  for (;;) {
    const upTo = await checkpointOf(db, schema, projection.name, false);
    if (upTo === undefined || upTo < position) throw new NotParkedError(projection.name, position);
    const events = await eventsBetween(store, position, upTo);
    if (events[0]?.position !== position) throw new NotParkedError(projection.name, position);
    const result = await db
      .transaction()
      .execute((trx) => retryIn(trx, { ...options, schema, target: projection, upTo, events }));
    if (result !== 'moved') return result;
  }
};

/** The retry's transaction: `retryParked` with the events read. */
const retryIn = async (
  trx: Transaction<ReadModelDatabase>,
  options: ResolveOptions & {
    schema: string;
    target: Projection;
    upTo: bigint;
    events: readonly RecordedEvent[];
  },
): Promise<RetryResult | 'moved'> => {
  const { schema, target: projection, upTo, events, position, by } = options;
  if ((await checkpointOf(trx, schema, projection.name, true)) !== upTo) return 'moved';
  const tables = trx.withSchema(schema);
  const parked = await tables
    .selectFrom('parked_events')
    .select(['position', 'stream_id'])
    .where('projection', '=', projection.name)
    .where('resolution', 'is', null)
    .forUpdate()
    .execute();
  const stillParked = new Map(parked.map((p) => [toPosition(p.position), p.stream_id]));
  const stream = stillParked.get(position);
  if (stream === undefined) throw new NotParkedError(projection.name, position);
  const ahead = [...stillParked].find(([at, id]) => id === stream && at < position)?.[0];
  if (ahead !== undefined) throw new ParkedBehindError(projection.name, position, ahead);

  const chain = events.filter(
    (e) => e.position === position || stillParked.get(e.position) === stream,
  );
  await sql`savepoint retry_event`.execute(trx);
  const before = await rowsChanged(trx);
  const failure = await applyInTurn(tables, projection, chain);
  const unchanged = failure === undefined && (await rowsChanged(trx)) === before;
  if (failure !== undefined || unchanged) {
    await sql`rollback to savepoint retry_event`.execute(trx);
    const error =
      failure?.error ??
      'applying it changed no row: what it would set is there already, or its rows are gone; skip it if that is right';
    await tables
      .updateTable('parked_events')
      .set({ error, attempts: sql`attempts + 1` })
      .where('projection', '=', projection.name)
      .where('position', '=', failure?.failed.position ?? position)
      .execute();
    return { retried: false, error };
  }
  const resolved = new Set(chain.map((e) => e.position));
  const after = events.filter((e) => !resolved.has(e.position) && !stillParked.has(e.position));
  const again = await applyInTurn(tables, projection, after);
  if (again) throw new Error(`${again.failed.type} at ${again.failed.position}: ${again.error}`);
  await tables
    .updateTable('parked_events')
    .set({ resolution: 'retried', resolved_at: new Date(), resolved_by: by })
    .where('projection', '=', projection.name)
    .where('position', 'in', [...resolved])
    .execute();
  // The checkpoint stays, but what readers see changed: its time moves, and with it the
  // version that kept answers are tagged with.
  await tables
    .updateTable('projection_checkpoints')
    .set({ updated_at: sql`greatest(now(), updated_at + interval '1 millisecond')` })
    .where('name', '=', projection.name)
    .execute();
  await notifyReadModelChanged(trx, schema);
  return { retried: true, reapplied: chain.length - 1 + after.length };
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
