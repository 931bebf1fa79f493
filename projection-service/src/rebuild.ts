import type { EventStore } from '@second-gear/event-store';
import {
  carTriggersDisabled,
  checkpointMismatch,
  deriveCarTables,
  disableCarTriggers,
  isSchemaComplete,
  LIVE_SCHEMA,
  migrateReadModel,
  NEXT_SCHEMA,
  notifyReadModelChanged,
  type ReadModelDb,
  readCheckpoints,
  readModelPosition,
} from '@second-gear/read-model';
import { sql } from 'kysely';
import { applyBatch, readPosition, registerCheckpoints } from './apply-batch.ts';
import { buildDeferredIndexes, deferIndexes } from './deferred-indexes.ts';
import type { Projection } from './projection.ts';
import { allProjections } from './projections/index.ts';

export interface RebuildProgress {
  /** Events applied by this run. */
  applied: number;
  /** Where this run started (an interrupted rebuild continues from its checkpoint). */
  from: bigint | undefined;
  position: bigint | undefined;
  /** The store's head when the run started (it may grow while the rebuild runs). */
  head: bigint | undefined;
  elapsedMs: number;
  eventsPerSecond: number;
  /** Estimated from how far the position is between the start and the head. */
  remainingMs: number | undefined;
}

export interface RebuildOptions {
  store: EventStore;
  db: ReadModelDb;
  batchSize?: number;
  projections?: readonly Projection[];
  /** Start over even when an unfinished rebuild can be resumed. */
  fresh?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: RebuildProgress) => void;
  /** The schemas involved (tests use their own). */
  liveSchema?: string;
  nextSchema?: string;
}

export interface RebuildResult {
  applied: number;
  /** Events parked in the new tables: a projection could not apply them. */
  parked: number;
  /**
   * Batches that failed whole and were applied again one event at a time (an event that does
   * not parse, a projection that throws, a row COPY found already there): slower, same result.
   */
  retried: number;
  position: bigint | undefined;
  elapsedMs: number;
  eventsPerSecond: number;
  /** True when an unfinished rebuild was continued rather than started over. */
  resumed: boolean;
}

const RETIRED = (live: string) => `${live}_retired`;

/**
 * Replays every event into fresh tables in `read_model_next`, then, in one transaction,
 * renames it to `read_model` and drops the old one, so readers switch from the complete old
 * model to the complete new one. Until that transaction commits the live tables are never
 * touched: a crash leaves them as they were, and running it again continues the unfinished
 * schema from its own checkpoint (or starts over with `fresh`).
 *
 * The new tables load fast: without their secondary indexes (built at the end), with the
 * triggers on cars off (what they keep is derived at the end), new rows by COPY, each batch's
 * changes folded per row in memory, commits that do not wait for the disk, and the next batch
 * read while one is written.
 */
export const rebuildReadModel = async (options: RebuildOptions): Promise<RebuildResult> => {
  const { db, store } = options;
  const projections = options.projections ?? allProjections;
  const live = options.liveSchema ?? LIVE_SCHEMA;
  const next = options.nextSchema ?? NEXT_SCHEMA;
  const batchSize = options.batchSize ?? 10_000;
  const started = Date.now();

  await sql.raw(`drop schema if exists ${RETIRED(live)} cascade`).execute(db);
  const storeId = await store.storeId();
  // An interrupted rebuild is continued only from checkpoints of this very store.
  let resumable = !options.fresh && (await isSchemaComplete(db, next));
  for (const checkpoint of resumable ? await readCheckpoints(db, next) : []) {
    if (await checkpointMismatch(store, checkpoint, storeId)) resumable = false;
  }
  if (!resumable) await sql.raw(`drop schema if exists ${next} cascade`).execute(db);
  await migrateReadModel(db, next);
  if (!resumable) {
    await deferIndexes(db, next, new Set(projections.flatMap((p) => p.readsIndexes ?? [])));
    await disableCarTriggers(db, next);
  }
  await registerCheckpoints(db, next, projections);

  let position = await readPosition(db, next, projections);
  const startedAt = position;
  const from = position ?? 0n;
  const head = await store.headPosition();
  let applied = 0;
  let parked = 0;
  let retried = 0;

  const progress = (): RebuildProgress => {
    const elapsedMs = Date.now() - started;
    const eventsPerSecond = elapsedMs > 0 ? (applied * 1000) / elapsedMs : 0;
    let remainingMs: number | undefined;
    if (head !== undefined && position !== undefined && head > from && position > from) {
      const done = Number(position - from) / Number(head - from);
      remainingMs = done >= 1 ? 0 : (elapsedMs * (1 - done)) / done;
    }
    return { applied, from: startedAt, position, head, elapsedMs, eventsPerSecond, remainingMs };
  };

  const read = (after: bigint | undefined) => {
    const reading = store.readAll({ ...(after === undefined ? {} : { after }), limit: batchSize });
    // Awaited by the next turn of the loop; a failure before then is not an unhandled one.
    reading.catch(() => {});
    return reading;
  };
  const catchUp = async () => {
    let reading = read(position);
    for (;;) {
      options.signal?.throwIfAborted();
      const events = await reading;
      if (events.length === 0) return;
      // The next batch is read while this one is written.
      const full = events.length === batchSize;
      if (full) reading = read(events.at(-1)?.position);
      // A batch that fails is tried once more event by event, parking what cannot be applied,
      // so one bad event does not stop a rebuild; a database that fails stops it either way.
      // Nobody reads these tables before the swap, which waits for the disk: a crash loses at
      // most the last batches, their checkpoints with them, and they are applied again. New
      // rows go in by COPY; the cars' triggers are off and their tables made at the end.
      const batch = { schema: next, projections, events, storeId, durable: false, bulkLoad: true };
      const result = await applyBatch(db, batch).catch(() => {
        retried++;
        return applyBatch(db, { ...batch, parkFailures: true });
      });
      if (result.kind === 'applied') parked += result.parked.length;
      position = result.position;
      applied += result.kind === 'applied' ? result.applied : 0;
      options.onProgress?.(progress());
      if (!full) return;
    }
  };

  // A live model of another store is replaced whatever its position: positions of another
  // store say nothing about this one's. (Asked before the switch's transaction, which on the
  // embedded database holds its only connection.)
  const liveIsForeign = await (async () => {
    if (!(await isSchemaComplete(db, live))) return false;
    for (const checkpoint of await readCheckpoints(db, live)) {
      if (await checkpointMismatch(store, checkpoint, storeId)) return true;
    }
    return false;
  })();

  for (let attempt = 0; ; attempt++) {
    await catchUp();
    if (await carTriggersDisabled(db, next)) await deriveCarTables(db, next);
    await buildDeferredIndexes(db, next);
    // Switch readers in one transaction, but only if the live model is not ahead of the new
    // one (its projector kept going meanwhile); otherwise catch up the difference and retry.
    const switched = await db.transaction().execute(async (trx) => {
      const liveExists = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_schema = ${live} and table_name = 'projection_checkpoints'`.execute(trx);
      if ((liveExists.rows[0]?.n ?? 0) > 0) {
        // Holds off the live projector (its batches start by locking this table) and waits
        // for the batch in flight, so the live position cannot move while we compare.
        await sql
          .raw(`lock table ${live}.projection_checkpoints in access exclusive mode`)
          .execute(trx);
        const livePosition = await readModelPosition(trx, live);
        if (
          !liveIsForeign &&
          livePosition !== undefined &&
          (position === undefined || livePosition > position)
        ) {
          return false;
        }
        // An event an operator skipped in the live model, parked again here, stays skipped.
        const liveParked = await sql<{ t: string | null }>`
          select to_regclass(${`${live}.parked_events`})::text as t`.execute(trx);
        if (liveParked.rows[0]?.t) {
          await sql
            .raw(
              `update ${next}.parked_events n
               set resolution = l.resolution, resolved_at = l.resolved_at, resolved_by = l.resolved_by
               from ${live}.parked_events l
               where n.projection = l.projection and n.position = l.position
                 and n.resolution is null and l.resolution = 'skipped'`,
            )
            .execute(trx);
        }
        await sql.raw(`alter schema ${live} rename to ${RETIRED(live)}`).execute(trx);
        await sql.raw(`alter schema ${next} rename to ${live}`).execute(trx);
        await sql.raw(`drop schema ${RETIRED(live)} cascade`).execute(trx);
      } else {
        await sql.raw(`alter schema ${next} rename to ${live}`).execute(trx);
      }
      await notifyReadModelChanged(trx, live);
      return true;
    });
    if (switched) break;
    if (attempt > 50) throw new Error('The live read model keeps moving ahead; rebuild gave up');
  }

  const result = progress();
  return {
    applied,
    parked,
    retried,
    position,
    elapsedMs: result.elapsedMs,
    eventsPerSecond: result.eventsPerSecond,
    resumed: resumable,
  };
};
