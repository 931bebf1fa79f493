import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { ReadModelDb } from './database.ts';
import { LIVE_SCHEMA, toPosition } from './schema.ts';

export interface Checkpoint {
  name: string;
  /** Undefined until the projection has applied its first event. */
  position: bigint | undefined;
  eventsApplied: number;
  /** The event store it was written against, and the id of the event at its position. */
  storeId: string | null;
  eventId: string | null;
  updatedAt: Date;
}

export const readCheckpoints = async (
  db: ReadModelDb,
  schema: string = LIVE_SCHEMA,
): Promise<Checkpoint[]> => {
  const rows = await db
    .withSchema(schema)
    .selectFrom('projection_checkpoints')
    .selectAll()
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    position: row.position === null ? undefined : toPosition(row.position),
    eventsApplied: Number(row.events_applied),
    storeId: row.store_id ?? null,
    eventId: row.event_id ?? null,
    updatedAt: new Date(row.updated_at),
  }));
};

/**
 * The position every projection has reached: the lowest checkpoint, or undefined when a
 * projection has applied nothing yet (or none is registered).
 */
export const readModelPosition = async (
  db: ReadModelDb,
  schema: string = LIVE_SCHEMA,
): Promise<bigint | undefined> => {
  const checkpoints = await readCheckpoints(db, schema);
  if (checkpoints.length === 0) return undefined;
  let lowest: bigint | undefined;
  for (const { position } of checkpoints) {
    if (position === undefined) return undefined;
    if (lowest === undefined || position < lowest) lowest = position;
  }
  return lowest;
};

export interface WaitResult {
  /** True when every projection had reached the position before the time ran out. */
  reached: boolean;
  /** The read model's position when the wait ended. */
  position: bigint | undefined;
}

/**
 * Waits until every projection has applied the event at `position`, for at most `timeoutMs`,
 * polling the checkpoints with a short, growing interval: for tests and tools that have no
 * commit notifications. The query service waits with `watchPositions`, one watcher released by
 * the commits for every waiting request.
 */
export const waitForPosition = async (
  db: ReadModelDb,
  position: bigint,
  timeoutMs: number,
  options: { schema?: string; signal?: AbortSignal } = {},
): Promise<WaitResult> => {
  const deadline = Date.now() + Math.max(0, timeoutMs);
  let interval = 5;
  for (;;) {
    const current = await readModelPosition(db, options.schema);
    if (current !== undefined && current >= position) return { reached: true, position: current };
    const left = deadline - Date.now();
    if (left <= 0 || options.signal?.aborted) return { reached: false, position: current };
    await sleep(Math.min(interval, left));
    interval = Math.min(interval * 2, 50);
  }
};

/**
 * How many events each projection has parked (could not apply) and nobody has retried or
 * skipped yet; empty before the projections have created the table.
 */
export const countParked = async (
  db: ReadModelDb,
  schema: string = LIVE_SCHEMA,
): Promise<Record<string, number>> => {
  const exists = await sql<{ t: string | null }>`
    select to_regclass(${`${schema}.parked_events`})::text as t`.execute(db);
  if (!exists.rows[0]?.t) return {};
  const rows = await db
    .withSchema(schema)
    .selectFrom('parked_events')
    .select(['projection', sql<number>`count(*)::int`.as('n')])
    .where('resolution', 'is', null)
    .groupBy('projection')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.projection, r.n]));
};
