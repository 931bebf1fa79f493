import type { RecordedEvent } from '@second-gear/event-store';
import { toProjectedEvent } from '@second-gear/features';
import {
  bulkLoadTables,
  type HeldInsert,
  holdAppends,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
  UnprojectableEvent,
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

/**
 * A projection held at an event that failed for a reason other than the event itself (a lock
 * timeout, a deadlock, a bug): its checkpoint stays before it, and it tries again later.
 */
export interface StalledProjection {
  projection: string;
  position: bigint;
  error: string;
}

export type BatchResult =
  /** The batch is committed; `position` is the projections' checkpoint now. */
  | {
      kind: 'applied';
      position: bigint | undefined;
      /** Each projection's checkpoint now. */
      positions: Record<string, bigint | undefined>;
      /** The most events any one projection applied. */
      applied: number;
      /** How many events each projection applied (those past its own checkpoint). */
      appliedBy: Record<string, number>;
      parked: ParkedEvent[];
      /** Projections held at an event, to try again (only when applied event by event). */
      stalled: StalledProjection[];
      /** How long the projections took to settle (`settle`), in milliseconds; 0 unasked. */
      settleMs: number;
    }
  /**
   * The stored checkpoint is behind what the caller had committed (a rebuild put an older
   * model in place, or an operator reset it): nothing was written; read again from `position`.
   */
  | { kind: 'moved'; position: bigint | undefined };

/** A failure of one projection in a batch applied at once: the batch is rolled back whole. */
export class ProjectionFailure extends Error {
  override name = 'ProjectionFailure';
  readonly projection: string;
  constructor(projection: string, cause: unknown) {
    super(`${projection}: ${describeFailure(cause)}`, { cause });
    this.projection = projection;
  }
}

export interface ApplyBatchOptions {
  schema: string;
  projections: readonly Projection[];
  events: readonly RecordedEvent[];
  /** The checkpoint the caller last committed; undefined skips the check (a rebuild). */
  expected?: { position: bigint | undefined };
  /**
   * Applies the batch event by event, each under a savepoint, for a batch that has failed as a
   * whole already. An event that a projection cannot apply because of the event itself
   * (`failureKind`) is parked for it, with its error, and the projection goes on; any other
   * failure holds that projection before the event (`stalled`) while the others go on; a lost
   * transaction (the connection, a shutdown) still fails the batch.
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
  /** Lets each projection settle what its batches left for later (`Projection.settle`). */
  settle?: boolean;
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
 * What a projection's failure on an event means:
 * - `park`: the event causes it, so applying it again fails again: its data breaks a rule of
 *   the tables (SQLSTATE classes 22, data, and 23, integrity), or the projection refuses it
 *   (`UnprojectableEvent`). An event that does not parse is parked too.
 * - `lost`: the transaction is gone: the connection (08), a shutdown or an operator's
 *   intervention (57P), the system (58, XX), a socket's error (`E...`). The batch fails whole.
 * - `retry`: anything else (a lock timeout, a deadlock, a shortage, a projector's bug): the
 *   projection stops before the event, its checkpoint with it, and tries again later.
 */
const failureKind = (error: unknown): 'park' | 'retry' | 'lost' => {
  if (error instanceof UnprojectableEvent) return 'park';
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return 'retry';
  if (/^(22|23)/.test(code)) return 'park';
  if (/^(08|57P|58|XX)/.test(code) || code.startsWith('E')) return 'lost';
  return 'retry';
};

export const describeFailure = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
};

/**
 * A projection's streams with an event parked for it, each with the first such position: the
 * projection parks every later event of such a stream too, so that a stream's events reach its
 * rows in order once the first is retried.
 */
type ParkedStreams = Map<string, bigint>;

/** What applying a projection's share of the batch gave. */
interface Outcome {
  parked: ParkedEvent[];
  /** The last event the projection is done with (applied, parked or none of its business). */
  through: RecordedEvent | undefined;
  /** How many events it is done with. */
  count: number;
  stalled?: StalledProjection;
}

const parkedFor = (projection: Projection, recorded: RecordedEvent, failure: unknown) => ({
  projection: projection.name,
  position: recorded.position,
  eventId: recorded.id,
  streamId: recorded.streamId,
  type: recorded.type,
  error: describeFailure(failure),
});

/** Why an event is parked behind another of its stream. */
const behindParked = (position: bigint) =>
  `an earlier event of its stream, at position ${position}, is parked for this projection; retrying that one applies this one after it`;

/**
 * Applies `todo` to the projection one event at a time, each under a savepoint. An event the
 * projection cannot apply because of the event itself is parked, and so is every later event
 * of its stream; on any other failure the projection stops before the event (`stalled`).
 * Rolling back to the savepoint fails only when the transaction itself is lost, which then
 * fails the batch.
 */
const applyOneByOne = async (
  trx: Transaction<ReadModelDatabase>,
  tables: ReadTables,
  projection: Projection,
  todo: readonly Parsed[],
  parkedStreams: ParkedStreams,
): Promise<Outcome> => {
  const outcome: Outcome = { parked: [], through: undefined, count: 0 };
  const park = (recorded: RecordedEvent, failure: unknown) => {
    outcome.parked.push(parkedFor(projection, recorded, failure));
    if (!parkedStreams.has(recorded.streamId)) {
      parkedStreams.set(recorded.streamId, recorded.position);
    }
  };
  for (const { recorded, event, failure } of todo) {
    const head = parkedStreams.get(recorded.streamId);
    if (head !== undefined) park(recorded, behindParked(head));
    else if (failure !== undefined) park(recorded, failure);
    else if (event) {
      await sql`savepoint apply_event`.execute(trx);
      try {
        await projection.apply(tables, event);
        await sql`release savepoint apply_event`.execute(trx);
      } catch (error) {
        const kind = failureKind(error);
        if (kind === 'lost') throw error;
        await sql`rollback to savepoint apply_event`.execute(trx);
        if (kind === 'retry') {
          const { position } = recorded;
          outcome.stalled = {
            projection: projection.name,
            position,
            error: describeFailure(error),
          };
          return outcome;
        }
        park(recorded, error);
      }
    }
    outcome.through = recorded;
    outcome.count++;
  }
  return outcome;
};

/**
 * Applies `todo` to the projection at once (`applyAll`, or `apply` in turn), but the events of
 * a stream with an event parked, which are parked behind it. A failure is the projection's:
 * the batch fails whole.
 */
const applyAtOnce = async (
  tables: ReadTables,
  projection: Projection,
  todo: readonly Parsed[],
  parkedStreams: ParkedStreams,
): Promise<Outcome> => {
  const parked: ParkedEvent[] = [];
  const known: ProjectedEvent[] = [];
  for (const { recorded, event } of todo) {
    const head = parkedStreams.get(recorded.streamId);
    if (head !== undefined) parked.push(parkedFor(projection, recorded, behindParked(head)));
    else if (event) known.push(event);
  }
  try {
    if (projection.applyAll) await projection.applyAll(tables, known);
    else for (const event of known) await projection.apply(tables, event);
  } catch (error) {
    throw new ProjectionFailure(projection.name, error);
  }
  return { parked, through: todo.at(-1)?.recorded, count: todo.length };
};

/** Records parked events; one parked again (a rebuild, a retry that failed) counts an attempt. */
const saveParked = async (tables: ReadTables, parked: readonly ParkedEvent[]): Promise<void> => {
  if (parked.length === 0) return;
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
};

/** A projection's checkpoint as stored when the batch began, and its streams parked. */
type Stored = Map<
  string,
  { position: bigint | undefined; applied: bigint; parkedStreams: ParkedStreams }
>;

/** The first parked position of each stream, from `[stream, position]` pairs. */
const parkedStreamsOf = (pairs: unknown): ParkedStreams => {
  const streams: ParkedStreams = new Map();
  for (const [stream, position] of (pairs ?? []) as [string, string][]) {
    const at = BigInt(position);
    const first = streams.get(stream);
    if (first === undefined || at < first) streams.set(stream, at);
  }
  return streams;
};

/**
 * Locks the projections' checkpoints for the batch and reads them, with each one's streams
 * parked (none, almost always: the parked events' index holds only those unresolved). The
 * commit's durability is set by this statement, so that it costs no round trip of its own
 * (each one is time the batch is not yet visible). Every projection has its checkpoint row
 * (`registerCheckpoints`), so it is evaluated.
 */
const lockCheckpoints = async (
  tables: ReadTables,
  projections: readonly Projection[],
  durable: boolean,
): Promise<Stored> => {
  const rows = await tables
    .selectFrom('projection_checkpoints')
    .select(['name', 'position', 'events_applied'])
    .select((eb) =>
      eb
        .selectFrom('parked_events as p')
        .whereRef('p.projection', '=', 'projection_checkpoints.name')
        .where('p.resolution', 'is', null)
        .select(sql<unknown>`json_agg(json_build_array(p.stream_id, p.position::text))`.as('s'))
        .as('parked_streams'),
    )
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
        parkedStreams: parkedStreamsOf(r.parked_streams),
      },
    ]),
  );
};

/**
 * Applies to each projection the events past its checkpoint, and answers what each applied,
 * parked and where it stalled, and the checkpoints that move.
 */
const applyEach = async (
  trx: Transaction<ReadModelDatabase>,
  tables: ReadTables,
  stored: Stored,
  parsed: Parsed[],
  {
    projections,
    parkFailures = false,
    storeId,
  }: Pick<ApplyBatchOptions, 'projections' | 'parkFailures' | 'storeId'>,
) => {
  let appliedMost = 0;
  const appliedBy: Record<string, number> = {};
  const positions: Record<string, bigint | undefined> = {};
  const parked: ParkedEvent[] = [];
  const stalled: StalledProjection[] = [];
  const checkpoints: Insertable<ReadModelDatabase['projection_checkpoints']>[] = [];
  for (const projection of projections) {
    const from = stored.get(projection.name);
    const todo = parsed.filter(
      (p) => from?.position === undefined || p.recorded.position > from.position,
    );
    const parkedStreams = from?.parkedStreams ?? new Map();
    const outcome = parkFailures
      ? await applyOneByOne(trx, tables, projection, todo, parkedStreams)
      : await applyAtOnce(tables, projection, todo, parkedStreams);
    parked.push(...outcome.parked);
    if (outcome.stalled) stalled.push(outcome.stalled);
    appliedMost = Math.max(appliedMost, outcome.count);
    appliedBy[projection.name] = outcome.count;
    positions[projection.name] = outcome.through?.position ?? from?.position;
    if (outcome.through === undefined) continue;
    checkpoints.push({
      name: projection.name,
      position: outcome.through.position,
      events_applied: (from?.applied ?? 0n) + BigInt(outcome.count),
      store_id: storeId ?? null,
      event_id: outcome.through.id,
      updated_at: new Date(),
    });
  }
  await saveParked(tables, parked);
  return { appliedMost, appliedBy, positions, parked, stalled, checkpoints };
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

/** The lowest of the projections' checkpoints (undefined while one has none). */
const lowestOf = (positions: readonly (bigint | undefined)[]): bigint | undefined => {
  let lowest: bigint | undefined;
  for (const position of positions) {
    if (position === undefined) return undefined;
    if (lowest === undefined || position < lowest) lowest = position;
  }
  return lowest;
};

/**
 * Applies a batch of events to the given projections in ONE transaction, together with their
 * checkpoints: either every row and checkpoint of the batch is committed or none is. Events at
 * or before a projection's stored checkpoint are skipped, so a batch delivered again (after a
 * crash, a retry or a rebuild's swap) changes nothing. Events of a stream with an event parked
 * for a projection are parked behind it. With `parkFailures`, an event a projection cannot
 * apply because of the event itself is parked in the same transaction, and its checkpoint moves
 * past it; one that fails otherwise holds that projection's checkpoint before it (`stalled`).
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
    const each = await applyEach(trx, tables, stored, parsed, options);
    const settleMs = options.settle && !bulkLoad ? await settleAll(tables, projections) : 0;
    await saveCheckpoints(tables, schema, held, each.checkpoints);
    const { positions, appliedBy, parked, stalled } = each;
    const position = lowestOf(projections.map((p) => positions[p.name]));
    return {
      kind: 'applied',
      position,
      positions,
      applied: each.appliedMost,
      appliedBy,
      parked,
      stalled,
      settleMs,
    };
  });
};

/** Lets each projection settle what its batches left for later; answers how long it took. */
const settleAll = async (tables: ReadTables, projections: readonly Projection[]) => {
  const startedAt = performance.now();
  for (const projection of projections) await projection.settle?.(tables);
  return performance.now() - startedAt;
};

/**
 * Settles, in a transaction of its own, what the projections' last batches left for later
 * (`Projection.settle`): for a pass whose log has gone quiet before a batch settled it. The
 * checkpoints are locked as a batch locks them, so it never runs beside one. Answers how long
 * the settling took, in milliseconds.
 */
export const settleProjections = async (
  db: ReadModelDb,
  options: { schema: string; projections: readonly Projection[]; durable?: boolean },
): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const tables = trx.withSchema(options.schema);
    await lockCheckpoints(tables, options.projections, options.durable ?? true);
    return settleAll(tables, options.projections);
  });

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
