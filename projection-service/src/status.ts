import type { EventStore } from '@second-gear/event-store';
import {
  countParked,
  isSchemaComplete,
  LIVE_SCHEMA,
  NEXT_SCHEMA,
  pendingMigrations,
  type ReadModelDb,
  readCheckpoints,
} from '@second-gear/read-model';
import { checkpointMismatch } from './store-guard.ts';

export interface ProjectionStatus {
  name: string;
  position: bigint | undefined;
  /** Positions between the checkpoint and the store's head (positions are not dense). */
  lagPositions: bigint | undefined;
  /** Events not yet applied, counted up to `LAG_COUNT_LIMIT`. */
  eventsBehind: number;
  eventsBehindCapped: boolean;
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

/** Each projection's checkpoint and how far it is behind the store. */
export const readModelStatus = async (
  store: EventStore,
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
  const projections: ProjectionStatus[] = [];
  for (const checkpoint of checkpoints) {
    const behind = await store.readAll({
      ...(checkpoint.position === undefined ? {} : { after: checkpoint.position }),
      limit: LAG_COUNT_LIMIT,
    });
    projections.push({
      name: checkpoint.name,
      position: checkpoint.position,
      lagPositions: head === undefined ? undefined : head - (checkpoint.position ?? 0n),
      eventsBehind: behind.length,
      eventsBehindCapped: behind.length >= LAG_COUNT_LIMIT,
      eventsApplied: checkpoint.eventsApplied,
      parked: parked[checkpoint.name] ?? 0,
      refused: await checkpointMismatch(store, checkpoint, storeId),
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
