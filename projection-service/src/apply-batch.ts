import type { RecordedEvent } from '@second-gear/event-store';
import { toProjectedEvent } from '@second-gear/features';
import {
  bulkLoadTables,
  type HeldInsert,
  holdAppends,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
} from '@second-gear/features/platform/projection.ts';
import {
  type ReadModelDatabase,
  type ReadModelDb,
  readModelChangedNotice,
  toPosition,
} from '@second-gear/read-model';
import { type Insertable, sql, type Transaction } from 'kysely';

/** An event a projection could not apply, parked by `applyBatch` with `parkFailures`. */
export interface ParkedEvent {
  projection: string;
  position: bigint;
  eventId: string;
  streamId: string;
  type: string;
  error: string;
}

export type BatchResult =
  /** The batch is committed; `position` is the projections' checkpoint now. */
  | {
      kind: 'applied';
      position: bigint | undefined;
      /** The most events any one projection applied. */
      applied: number;
      /** How many events each projection applied (those past its own checkpoint). */
      appliedBy: Record<string, number>;
      parked: ParkedEvent[];
    }
  /**
   * The stored checkpoint is behind what the caller had committed (a rebuild put an older
   * model in place, or an operator reset it): nothing was written; read again from `position`.
   */
  | { kind: 'moved'; position: bigint | undefined };

export interface ApplyBatchOptions {
  schema: string;
  projections: readonly Projection[];
  events: readonly RecordedEvent[];
  /** The checkpoint the caller last committed; undefined skips the check (a rebuild). */
  expected?: { position: bigint | undefined };
  /**
   * Applies the batch event by event, each under a savepoint, and parks an event that does not
   * parse or that a projection fails to apply, with its error, instead of failing the batch:
   * the projection goes on with the next event. For a batch that has failed as a whole
   * already; a failure of the database itself (its connection, a shutdown) still fails it.
   */
  parkFailures?: boolean;
  /** The event store's identity, recorded with each checkpoint (`EventStore.storeId`). */
  storeId?: string;
  /**
   * False commits without waiting for the write-ahead log to reach the disk. A crash may then
   * lose the last batches, checkpoint included, so they are applied again from the log: for
   * the live projections (a reader may see a batch that a crash then takes back, until it is
   * applied again) and a rebuild's tables (the swap itself waits).
   */
  durable?: boolean;
  /**
   * Loads new rows with COPY (`bulkLoadTables`): for a rebuild's tables. A row already there
   * then fails the batch rather than being passed over; with `parkFailures` it never applies.
   */
  bulkLoad?: boolean;
}

const behind = (stored: bigint | undefined, expected: bigint | undefined): boolean =>
  expected !== undefined && (stored === undefined || stored < expected);

/** A stored event with what parsing it gave: the event, none (a type not known), or an error. */
type Parsed = { recorded: RecordedEvent; event: ProjectedEvent | undefined; failure?: unknown };

const parseAll = (events: readonly RecordedEvent[], keepFailures: boolean): Parsed[] =>
  events.map((recorded) => {
    if (!keepFailures) return { recorded, event: toProjectedEvent(recorded) };
    try {
      return { recorded, event: toProjectedEvent(recorded) };
    } catch (failure) {
      return { recorded, event: undefined, failure };
    }
  });

/**
 * SQLSTATE classes of a database that failed, not of an event that cannot be applied: the
 * connection (08), a conflict to retry (40), resources (53), an operator's intervention or a
 * shutdown (57), the system (58). Such a failure fails the batch, to be retried whole.
 */
const DATABASE_FAILURE = /^(08|40|53|57|58)/;

const isDatabaseFailure = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (DATABASE_FAILURE.test(code) || code.startsWith('E'));
};

export const describeFailure = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
};

/**
 * Applies `todo` to the projection one event at a time, each under a savepoint, and answers the
 * events it parked. Rolling back to the savepoint fails only when the transaction itself is
 * lost, which then fails the batch.
 */
const applyParkingFailures = async (
  trx: Transaction<ReadModelDatabase>,
  tables: ReadTables,
  projection: Projection,
  todo: readonly Parsed[],
): Promise<ParkedEvent[]> => {
  const parked: ParkedEvent[] = [];
  const park = (recorded: RecordedEvent, failure: unknown) =>
    parked.push({
      projection: projection.name,
      position: recorded.position,
      eventId: recorded.id,
      streamId: recorded.streamId,
      type: recorded.type,
      error: describeFailure(failure),
    });
  for (const { recorded, event, failure } of todo) {
    if (failure !== undefined) {
      park(recorded, failure);
      continue;
    }
    if (!event) continue;
    await sql`savepoint apply_event`.execute(trx);
    try {
      await projection.apply(tables, event);
      await sql`release savepoint apply_event`.execute(trx);
    } catch (error) {
      if (isDatabaseFailure(error)) throw error;
      await sql`rollback to savepoint apply_event`.execute(trx);
      park(recorded, error);
    }
  }
  if (parked.length > 0) {
    await tables
      .insertInto('parked_events')
      .values(
        parked.map((p) => ({
          projection: p.projection,
          position: p.position,
          event_id: p.eventId,
          stream_id: p.streamId,
          type: p.type,
          error: p.error,
        })),
      )
      .onConflict((c) =>
        c.columns(['projection', 'position']).doUpdateSet((eb) => ({
          error: eb.ref('excluded.error'),
          attempts: sql`${sql.ref('parked_events.attempts')} + 1`,
          parked_at: sql`now()`,
          resolution: null,
          resolved_at: null,
          resolved_by: null,
        })),
      )
      .execute();
  }
  return parked;
};

/** A projection's checkpoint as stored when the batch began. */
type Stored = Map<string, { position: bigint | undefined; applied: bigint }>;

/**
 * Locks the projections' checkpoints for the batch and reads them. The commit's durability is
 * set by this statement, so that it costs no round trip of its own (each one is time the batch
 * is not yet visible). Every projection has its checkpoint row (`registerCheckpoints`), so it
 * is evaluated.
 */
const lockCheckpoints = async (
  tables: ReadTables,
  projections: readonly Projection[],
  durable: boolean,
): Promise<Stored> => {
  const rows = await tables
    .selectFrom('projection_checkpoints')
    .select(['name', 'position', 'events_applied'])
    .$if(!durable, (query) =>
      query.select(sql<string>`set_config('synchronous_commit', 'off', true)`.as('durability')),
    )
    .where(
      'name',
      'in',
      projections.map((p) => p.name),
    )
    .forUpdate()
    .execute();
  return new Map(
    rows.map((r) => [
      r.name,
      {
        position: r.position === null ? undefined : toPosition(r.position),
        applied: BigInt(r.events_applied),
      },
    ]),
  );
};

/**
 * Applies to each projection the events past its checkpoint, and answers what each applied and
 * parked, and the checkpoints that move.
 */
const applyEach = async (
  trx: Transaction<ReadModelDatabase>,
  tables: ReadTables,
  stored: Stored,
  parsed: Parsed[],
  {
    projections,
    events,
    parkFailures = false,
    storeId,
  }: Pick<ApplyBatchOptions, 'projections' | 'events' | 'parkFailures' | 'storeId'>,
) => {
  const last = events.at(-1)?.position;
  const lastId = events.at(-1)?.id ?? null;
  let appliedMost = 0;
  const appliedBy: Record<string, number> = {};
  const parked: ParkedEvent[] = [];
  const checkpoints: Insertable<ReadModelDatabase['projection_checkpoints']>[] = [];
  for (const projection of projections) {
    const from = stored.get(projection.name);
    const todo = parsed.filter(
      (p) => from?.position === undefined || p.recorded.position > from.position,
    );
    if (parkFailures) {
      parked.push(...(await applyParkingFailures(trx, tables, projection, todo)));
    } else {
      const known = todo.flatMap(({ event }) => (event ? [event] : []));
      if (projection.applyAll) await projection.applyAll(tables, known);
      else for (const event of known) await projection.apply(tables, event);
    }
    appliedMost = Math.max(appliedMost, todo.length);
    appliedBy[projection.name] = todo.length;
    if (last === undefined || todo.length === 0) continue;
    checkpoints.push({
      name: projection.name,
      position: last,
      events_applied: (from?.applied ?? 0n) + BigInt(todo.length),
      store_id: storeId ?? null,
      event_id: lastId,
      updated_at: new Date(),
    });
  }
  return { appliedMost, appliedBy, parked, checkpoints };
};

/**
 * Every checkpoint that moved, the rows held back and the notice that readers which keep
 * answers act on once this commits, in one statement: a round trip saved is time the batch is
 * not visible. (The held inserts only add rows nothing here reads: run as parts of one
 * statement, they cannot see each other, and need not.)
 */
const saveCheckpoints = async (
  tables: ReadTables,
  schema: string,
  held: HeldInsert[],
  checkpoints: Insertable<ReadModelDatabase['projection_checkpoints']>[],
): Promise<void> => {
  const withHeld = held.reduce<ReadTables>(
    (on, insert, i) => on.with(`held_${i}`, (cte) => insert(cte) as never) as unknown as ReadTables,
    tables,
  );
  if (checkpoints.length > 0) {
    await withHeld
      .with('saved', (db) =>
        db
          .insertInto('projection_checkpoints')
          .values(checkpoints)
          .onConflict((c) =>
            c.column('name').doUpdateSet((eb) => ({
              position: eb.ref('excluded.position'),
              events_applied: eb.ref('excluded.events_applied'),
              store_id: sql<
                string | null
              >`coalesce(${eb.ref('excluded.store_id')}, ${eb.ref('projection_checkpoints.store_id')})`,
              event_id: eb.ref('excluded.event_id'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning('name'),
      )
      .selectNoFrom(readModelChangedNotice(schema).as('notified'))
      .execute();
  } else if (held.length > 0) {
    await withHeld.selectNoFrom(sql<number>`1`.as('held')).execute();
  }
};

/** The projections' lowest checkpoint, each now the later of where it stood and `last`. */
const positionAfter = (
  projections: readonly Projection[],
  stored: Stored,
  last: bigint | undefined,
): bigint | undefined => {
  const after = projections.map((p) => {
    const before = stored.get(p.name)?.position;
    if (last === undefined) return before;
    return before === undefined || last > before ? last : before;
  });
  return after.includes(undefined)
    ? undefined
    : after.reduce((a, b) => ((b as bigint) < (a as bigint) ? b : a));
};

/**
 * Applies a batch of events to the given projections in ONE transaction, together with their
 * checkpoints: either every row and checkpoint of the batch is committed or none is. Events at
 * or before a projection's stored checkpoint are skipped, so a batch delivered again (after a
 * crash, a retry or a rebuild's swap) changes nothing. With `parkFailures`, an event that
 * cannot be applied is parked in the same transaction, and the checkpoint moves past it.
 */
export const applyBatch = async (
  db: ReadModelDb,
  options: ApplyBatchOptions,
): Promise<BatchResult> => {
  const { schema, projections, events, expected, parkFailures = false } = options;
  const { durable = true, bulkLoad = false } = options;
  const parsed = parseAll(events, parkFailures);

  return db.transaction().execute(async (trx) => {
    const tables = bulkLoad && !parkFailures ? bulkLoadTables(trx, schema) : trx.withSchema(schema);
    // A live batch's inserts that nothing reads afterwards go out with its checkpoints. Not when
    // applying event by event: an event rolled back to its savepoint must take its rows along.
    const held = bulkLoad || parkFailures ? [] : holdAppends(tables);
    const stored = await lockCheckpoints(tables, projections, durable);
    for (const projection of projections) {
      const position = stored.get(projection.name)?.position;
      if (expected && behind(position, expected.position)) return { kind: 'moved', position };
    }
    const { appliedMost, appliedBy, parked, checkpoints } = await applyEach(
      trx,
      tables,
      stored,
      parsed,
      options,
    );
    await saveCheckpoints(tables, schema, held, checkpoints);
    const position = positionAfter(projections, stored, events.at(-1)?.position);
    return { kind: 'applied', position, applied: appliedMost, appliedBy, parked };
  });
};

/** Registers the projections' checkpoint rows (position unknown) where they are missing. */
export const registerCheckpoints = async (
  db: ReadModelDb,
  schema: string,
  projections: readonly Projection[],
): Promise<void> => {
  if (projections.length === 0) return;
  await db
    .withSchema(schema)
    .insertInto('projection_checkpoints')
    .values(
      projections.map((p) => ({
        name: p.name,
        position: null,
        events_applied: 0,
        updated_at: new Date(),
      })),
    )
    .onConflict((c) => c.column('name').doNothing())
    .execute();
};

/** The lowest checkpoint of the given projections in a schema (undefined: none yet). */
export const readPosition = async (
  db: ReadModelDb,
  schema: string,
  projections: readonly Projection[],
): Promise<bigint | undefined> => {
  const rows = await db
    .withSchema(schema)
    .selectFrom('projection_checkpoints')
    .select(['name', 'position'])
    .where(
      'name',
      'in',
      projections.map((p) => p.name),
    )
    .execute();
  if (rows.length < projections.length) return undefined;
  let lowest: bigint | undefined;
  for (const row of rows) {
    if (row.position === null) return undefined;
    const position = toPosition(row.position);
    if (lowest === undefined || position < lowest) lowest = position;
  }
  return lowest;
};
