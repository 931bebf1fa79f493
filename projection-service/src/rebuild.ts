import type { EventStore } from '@second-gear/event-store';
import { allProjections } from '@second-gear/features';
import type { Projection } from '@second-gear/features/platform/projection.ts';
import {
  type Checkpoint,
  carTriggersDisabled,
  checkpointMismatches,
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

/** What every phase of the rebuild works with, settled once at the start. */
interface Rebuild {
  options: RebuildOptions;
  db: ReadModelDb;
  store: EventStore;
  projections: readonly Projection[];
  live: string;
  next: string;
  batchSize: number;
  storeId: string;
  /** When the run started (`Date.now()`). */
  started: number;
  /** The position the run started from, if any. */
  startedAt: bigint | undefined;
  head: bigint | undefined;
}

/** How far the run has come. */
interface Tally {
  position: bigint | undefined;
  applied: number;
  parked: number;
  retried: number;
}

/**
 * Makes the schema the rebuild loads ready: the unfinished one, when it can be resumed (not
 * `fresh`, complete, and with checkpoints of this very store), or a new one without its
 * secondary indexes and with the cars' triggers off. Answers whether it resumes.
 */
const prepareNext = async ({
  db,
  store,
  projections,
  next,
  storeId,
  options,
}: Omit<Rebuild, 'startedAt' | 'head'>): Promise<boolean> => {
  // An interrupted rebuild is continued only from checkpoints of this very store.
  let resumable = !options.fresh && (await isSchemaComplete(db, next));
  if (resumable) resumable = !(await anyMismatch(store, await readCheckpoints(db, next), storeId));
  if (!resumable) await sql.raw(`drop schema if exists ${next} cascade`).execute(db);
  await migrateReadModel(db, next);
  if (!resumable) {
    await deferIndexes(db, next, new Set(projections.flatMap((p) => p.readsIndexes ?? [])));
    await disableCarTriggers(db, next);
  }
  await registerCheckpoints(db, next, projections);
  return resumable;
};

const progressOf = (run: Rebuild, { applied, position }: Tally): RebuildProgress => {
  const { head, startedAt } = run;
  const from = startedAt ?? 0n;
  const elapsedMs = Date.now() - run.started;
  const eventsPerSecond = elapsedMs > 0 ? (applied * 1000) / elapsedMs : 0;
  let remainingMs: number | undefined;
  if (head !== undefined && position !== undefined && head > from && position > from) {
    const done = Number(position - from) / Number(head - from);
    remainingMs = done >= 1 ? 0 : (elapsedMs * (1 - done)) / done;
  }
  return { applied, from: startedAt, position, head, elapsedMs, eventsPerSecond, remainingMs };
};

/** Applies every event after `tally.position` to the new tables, reporting each batch. */
const catchUp = async (run: Rebuild, tally: Tally): Promise<void> => {
  const { options, db, store, projections, next, batchSize, storeId } = run;
  const read = (after: bigint | undefined) => {
    const reading = store.readAll({ ...(after === undefined ? {} : { after }), limit: batchSize });
    // Awaited by the next turn of the loop; a failure before then is not an unhandled one.
    reading.catch(() => {});
    return reading;
  };
  let reading = read(tally.position);
  for (;;) {
    options.signal?.throwIfAborted();
    const events = await reading;
    if (events.length === 0) return;
    // The next batch is read while this one is written.
    const full = events.length === batchSize;
    if (full) reading = read(events.at(-1)?.position);
    // A batch that fails is tried once more event by event, parking what the events cause, so
    // one bad event does not stop a rebuild; any other failure stops it.
    // Nobody reads these tables before the swap, which waits for the disk: a crash loses at
    // most the last batches, their checkpoints with them, and they are applied again. New
    // rows go in by COPY; the cars' triggers are off and their tables made at the end.
    const batch = { schema: next, projections, events, storeId, durable: false, bulkLoad: true };
    const result = await applyBatch(db, batch).catch(() => {
      tally.retried++;
      return applyBatch(db, { ...batch, parkFailures: true });
    });
    if (result.kind === 'applied' && result.stalled.length > 0) {
      // Not the events' fault (a lock, a deadlock, a bug): the rebuild stops, to be run again.
      const [first] = result.stalled;
      throw new Error(
        `the rebuild stopped: ${first?.projection} failed at position ${first?.position}: ${first?.error}`,
      );
    }
    if (result.kind === 'applied') tally.parked += result.parked.length;
    tally.position = result.position;
    tally.applied += result.kind === 'applied' ? result.applied : 0;
    options.onProgress?.(progressOf(run, tally));
    if (!full) return;
  }
};

/** Whether any of the checkpoints belongs to another store than `store`. */
const anyMismatch = async (
  store: EventStore,
  checkpoints: readonly Checkpoint[],
  storeId: string,
): Promise<boolean> =>
  [...(await checkpointMismatches(store, checkpoints, storeId)).values()].some(
    (why) => why !== undefined,
  );

/**
 * Whether the live model is of another store: it is then replaced whatever its position, as
 * positions of another store say nothing about this one's.
 */
const liveIsForeign = async ({ db, store, live, storeId }: Rebuild): Promise<boolean> => {
  if (!(await isSchemaComplete(db, live))) return false;
  return anyMismatch(store, await readCheckpoints(db, live), storeId);
};

/**
 * Switches readers to the new model in one transaction, but only if the live model is not ahead
 * of it (its projector kept going meanwhile) or is of another store. Answers whether it did.
 */
const switchReaders = (
  { db, live, next }: Rebuild,
  position: bigint | undefined,
  foreign: boolean,
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
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
        !foreign &&
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
  const started = Date.now();
  const live = options.liveSchema ?? LIVE_SCHEMA;
  await sql.raw(`drop schema if exists ${RETIRED(live)} cascade`).execute(db);
  const settled = {
    options,
    db,
    store,
    projections: options.projections ?? allProjections,
    live,
    next: options.nextSchema ?? NEXT_SCHEMA,
    batchSize: options.batchSize ?? 10_000,
    storeId: await store.storeId(),
    started,
  };
  const resumable = await prepareNext(settled);
  const position = await readPosition(db, settled.next, settled.projections);
  const run: Rebuild = { ...settled, startedAt: position, head: await store.headPosition() };
  const tally: Tally = { position, applied: 0, parked: 0, retried: 0 };

  // Asked before the switch's transaction, which on the embedded database holds its only
  // connection.
  const foreign = await liveIsForeign(run);
  for (let attempt = 0; ; attempt++) {
    await catchUp(run, tally);
    if (await carTriggersDisabled(db, run.next)) await deriveCarTables(db, run.next);
    await buildDeferredIndexes(db, run.next);
    // What a bulk load leaves to the end (the cars' market values), done before readers switch.
    for (const projection of run.projections) await projection.prepare?.(db.withSchema(run.next));
    // Not switched: the live model is ahead; catch up the difference and try again.
    if (await switchReaders(run, tally.position, foreign)) break;
    if (attempt > 50) throw new Error('The live read model keeps moving ahead; rebuild gave up');
  }

  const result = progressOf(run, tally);
  return {
    applied: tally.applied,
    parked: tally.parked,
    retried: tally.retried,
    position: tally.position,
    elapsedMs: result.elapsedMs,
    eventsPerSecond: result.eventsPerSecond,
    resumed: resumable,
  };
};
