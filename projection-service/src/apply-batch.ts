import type { RecordedEvent } from '@second-gear/event-store';
import { notifyReadModelChanged, type ReadModelDb, toPosition } from '@second-gear/read-model';
import { type ProjectedEvent, type Projection, toProjectedEvent } from './projection.ts';

export type BatchResult =
  /** The batch is committed; `position` is the projections' checkpoint now. */
  | { kind: 'applied'; position: bigint | undefined; applied: number }
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
}

const behind = (stored: bigint | undefined, expected: bigint | undefined): boolean =>
  expected !== undefined && (stored === undefined || stored < expected);

/**
 * Applies a batch of events to the given projections in ONE transaction, together with their
 * checkpoints: either every row and checkpoint of the batch is committed or none is. Events at
 * or before a projection's stored checkpoint are skipped, so a batch delivered again (after a
 * crash, a retry or a rebuild's swap) changes nothing.
 */
export const applyBatch = async (
  db: ReadModelDb,
  { schema, projections, events, expected }: ApplyBatchOptions,
): Promise<BatchResult> => {
  const last = events.at(-1)?.position;
  const parsed: { position: bigint; event: ProjectedEvent | undefined }[] = events.map((e) => ({
    position: e.position,
    event: toProjectedEvent(e),
  }));

  return db.transaction().execute(async (trx) => {
    const tables = trx.withSchema(schema);
    const rows = await tables
      .selectFrom('projection_checkpoints')
      .select(['name', 'position', 'events_applied'])
      .where(
        'name',
        'in',
        projections.map((p) => p.name),
      )
      .forUpdate()
      .execute();
    const stored = new Map(
      rows.map((r) => [
        r.name,
        {
          position: r.position === null ? undefined : toPosition(r.position),
          applied: BigInt(r.events_applied),
        },
      ]),
    );

    for (const projection of projections) {
      const position = stored.get(projection.name)?.position;
      if (expected && behind(position, expected.position)) return { kind: 'moved', position };
    }

    let appliedMost = 0;
    for (const projection of projections) {
      const from = stored.get(projection.name);
      const todo = parsed.filter((p) => from?.position === undefined || p.position > from.position);
      const known = todo.flatMap(({ event }) => (event ? [event] : []));
      if (projection.applyAll) await projection.applyAll(tables, known);
      else for (const event of known) await projection.apply(tables, event);
      appliedMost = Math.max(appliedMost, todo.length);
      if (last === undefined || todo.length === 0) continue;
      await tables
        .insertInto('projection_checkpoints')
        .values({
          name: projection.name,
          position: last,
          events_applied: (from?.applied ?? 0n) + BigInt(todo.length),
          updated_at: new Date(),
        })
        .onConflict((c) =>
          c.column('name').doUpdateSet((eb) => ({
            position: eb.ref('excluded.position'),
            events_applied: eb.ref('excluded.events_applied'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    // Readers that keep answers learn of the change once this commits.
    if (appliedMost > 0) await notifyReadModelChanged(trx, schema);
    // Each checkpoint is now the later of where it stood and the batch's last event.
    const after = projections.map((p) => {
      const before = stored.get(p.name)?.position;
      if (last === undefined) return before;
      return before === undefined || last > before ? last : before;
    });
    const position = after.includes(undefined)
      ? undefined
      : after.reduce((a, b) => ((b as bigint) < (a as bigint) ? b : a));
    return { kind: 'applied', position, applied: appliedMost };
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
