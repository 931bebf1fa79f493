// Where the projections and the reactors stand against the event store: read by the projection
// service's CLI and health, and by the query service's operations page. It needs of the store
// only what `StatusStore` names, so the read model depends on no event store package.
import { sql } from 'kysely';
import { type Checkpoint, countParked, readCheckpoints } from './checkpoints.ts';
import type { ReadModelDb } from './database.ts';
import { isSchemaComplete, pendingMigrations } from './migrations.ts';
import { LIVE_SCHEMA, NEXT_SCHEMA, toPosition } from './schema.ts';

/**
 * What the status needs of an event store: its events in order, the one at a position, its head
 * and its identity.
 */
export interface StatusStore {
  readAll(options: {
    after?: bigint;
    limit: number;
  }): Promise<readonly { position: bigint; id: string; recordedAt: Date }[]>;
  eventAt(position: bigint): Promise<{ position: bigint; id: string } | undefined>;
  headPosition(): Promise<bigint | undefined>;
  storeId(): Promise<string>;
}

/** What an operator does when a checkpoint does not belong to the store it meets. */
export const REBUILD_ADVICE =
  'rebuild the read model from this store: npm run projections -- rebuild --fresh';

/**
 * Why the projection of `checkpoint` must not go on reading `store`, or undefined when it may.
 * Going on would skip events silently: positions up to the checkpoint count as applied, and
 * another store (a new database), a store restored from an older backup, or a copy failed over
 * to that lost its last events hand out those positions again to other events.
 */
export const checkpointMismatch = async (
  store: StatusStore,
  checkpoint: Pick<Checkpoint, 'position' | 'storeId' | 'eventId'>,
  storeId: string,
): Promise<string | undefined> => {
  if (checkpoint.storeId !== null && checkpoint.storeId !== storeId) {
    return `its checkpoint was written against another event store (${checkpoint.storeId}; this one is ${storeId})`;
  }
  const { position } = checkpoint;
  if (position === undefined) return undefined;
  const at = await store.eventAt(position);
  if (at === undefined) {
    const head = await store.headPosition();
    return `its checkpoint is at position ${position}, where the event store has no event (its head is ${head ?? 'empty'}): it was restored from an older backup, or failed over to a copy that lost its last events`;
  }
  if (checkpoint.eventId !== null && at.id !== checkpoint.eventId) {
    return `the event at its checkpoint (position ${position}) is ${at.id}, not ${checkpoint.eventId} it applied: the store hands out its positions again`;
  }
  return undefined;
};

/**
 * `checkpointMismatch` for several checkpoints, by name. Checkpoints mostly stand at one
 * position, so the store is asked for the event at each position once.
 */
export const checkpointMismatches = async (
  store: StatusStore,
  checkpoints: readonly Pick<Checkpoint, 'name' | 'position' | 'storeId' | 'eventId'>[],
  storeId: string,
): Promise<Map<string, string | undefined>> => {
  const read = new Map<bigint, ReturnType<StatusStore['eventAt']>>();
  const once: StatusStore = {
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    storeId: () => store.storeId(),
    eventAt: (position) => {
      const known = read.get(position);
      if (known) return known;
      const reading = store.eventAt(position);
      read.set(position, reading);
      return reading;
    },
  };
  const found = new Map<string, string | undefined>();
  for (const checkpoint of checkpoints) {
    found.set(checkpoint.name, await checkpointMismatch(once, checkpoint, storeId));
  }
  return found;
};

export interface ProjectionStatus {
  name: string;
  position: bigint | undefined;
  /** Positions between the checkpoint and the store's head (positions are not dense). */
  lagPositions: bigint | undefined;
  /** Events not yet applied, counted up to `LAG_COUNT_LIMIT`. */
  eventsBehind: number;
  eventsBehindCapped: boolean;
  /** Age of the oldest event it has not applied, in seconds; 0 when caught up. */
  lagSeconds: number;
  eventsApplied: number;
  /** Events it parked (could not apply) that nobody has retried or skipped yet. */
  parked: number;
  /**
   * Why it will not go on from its checkpoint, when that was written against another store (or
   * positions this store no longer has): the read model must be rebuilt.
   */
  refused: string | undefined;
  updatedAt: Date;
}

export interface ReadModelStatus {
  head: bigint | undefined;
  projections: ProjectionStatus[];
  /**
   * Migrations the live model still lacks (an older version created it); the projection
   * service applies them when it starts. Empty when it is up to date or not created yet.
   */
  pendingMigrations: string[];
  /** True when a rebuild was interrupted and can be resumed. */
  unfinishedRebuild: boolean;
}

export const LAG_COUNT_LIMIT = 10_000;

/** How far `position` is behind the store (undefined: nothing read yet). */
export interface LagBehind {
  /** Events after it, counted up to `LAG_COUNT_LIMIT`. */
  lagEvents: number;
  lagEventsCapped: boolean;
  /** Age of the oldest of them, in seconds, by `now`; 0 when there are none. */
  lagSeconds: number;
}

/**
 * Reads, once, the events after `position` (at most `LAG_COUNT_LIMIT`): positions are not
 * dense, so events are counted rather than positions subtracted.
 */
export const lagAfter = async (
  store: Pick<StatusStore, 'readAll'>,
  position: bigint | undefined,
  now: number = Date.now(),
): Promise<LagBehind> => {
  const behind = await store.readAll({
    ...(position === undefined ? {} : { after: position }),
    limit: LAG_COUNT_LIMIT,
  });
  const oldest = behind[0]?.recordedAt.getTime();
  return {
    lagEvents: behind.length,
    lagEventsCapped: behind.length >= LAG_COUNT_LIMIT,
    lagSeconds: oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000),
  };
};

/** Each projection's checkpoint and how far it is behind the store. */
export const readModelStatus = async (
  store: StatusStore,
  db: ReadModelDb,
  schema: string = LIVE_SCHEMA,
): Promise<ReadModelStatus> => {
  const head = await store.headPosition();
  // The checkpoints table is there from the first migration on, so a model that still awaits a
  // later migration reports its checkpoints too.
  const pending = await pendingMigrations(db, schema);
  const checkpoints = pending === undefined ? [] : await readCheckpoints(db, schema);
  const parked = await countParked(db, schema);
  const storeId = checkpoints.length > 0 ? await store.storeId() : '';
  const refusals = await checkpointMismatches(store, checkpoints, storeId);
  const projections: ProjectionStatus[] = [];
  for (const checkpoint of checkpoints) {
    const lag = await lagAfter(store, checkpoint.position);
    projections.push({
      name: checkpoint.name,
      position: checkpoint.position,
      lagPositions: head === undefined ? undefined : head - (checkpoint.position ?? 0n),
      eventsBehind: lag.lagEvents,
      eventsBehindCapped: lag.lagEventsCapped,
      lagSeconds: lag.lagSeconds,
      eventsApplied: checkpoint.eventsApplied,
      parked: parked[checkpoint.name] ?? 0,
      refused: refusals.get(checkpoint.name),
      updatedAt: checkpoint.updatedAt,
    });
  }
  return {
    head,
    projections,
    pendingMigrations: pending ?? [],
    unfinishedRebuild: await isSchemaComplete(db, NEXT_SCHEMA),
  };
};

/** Where a reactor stands, for status pages, health and logs. */
export interface ReactorState {
  name: string;
  /** The last event it has handled (or passed over); undefined before the first. */
  position: bigint | undefined;
  /** Set while an effect keeps failing: it is retried with backoff until it succeeds. */
  failing?: {
    position: bigint;
    attempts: number;
    since: Date;
    lastError: string;
    nextAttemptAt: Date;
  };
  /** Events it could not read at all, passed over and kept in `reactions.parked`. */
  parked: number;
  /**
   * Why it will not go on from its checkpoint, when that was written against another store (or
   * a position where the store now holds another event, or none).
   */
  refused?: string;
}

export const REACTIONS_SCHEMA = 'reactions';

type ReactorCheckpointRow = {
  name: string;
  position: string | number | bigint | null;
  attempts: number;
  failing_position: string | number | bigint | null;
  failing_since: Date | string | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  refused: string | null;
  parked: number;
};

/** Every reactor's state as stored (no rows before the reactors first ran). */
export const readReactorStates = async (db: ReadModelDb): Promise<ReactorState[]> => {
  const exists = await sql<{ t: string | null }>`
    select to_regclass(${`${REACTIONS_SCHEMA}.checkpoints`})::text as t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  const { rows } = await sql<ReactorCheckpointRow>`
    select c.*, (select count(*)::int from ${sql.table(`${REACTIONS_SCHEMA}.parked`)} p
                 where p.name = c.name) as parked
    from ${sql.table(`${REACTIONS_SCHEMA}.checkpoints`)} c order by c.name`.execute(db);
  return rows.map((row) => ({
    name: row.name,
    position: row.position === null ? undefined : toPosition(row.position),
    parked: row.parked,
    ...(row.refused ? { refused: row.refused } : {}),
    ...(row.failing_position === null
      ? {}
      : {
          failing: {
            position: toPosition(row.failing_position),
            attempts: row.attempts,
            since: new Date(row.failing_since ?? 0),
            lastError: row.last_error ?? '',
            nextAttemptAt: new Date(row.next_attempt_at ?? 0),
          },
        }),
  }));
};
