import {
  copyRows,
  jsonText,
  type ProjectionName,
  type ReadModelDatabase,
} from '@second-gear/read-model';
import { type QueryCreator, type Selectable, sql, type Transaction } from 'kysely';
import type { DomainEvent, EventMetadata } from '../registry/events.ts';

/** A stored event, parsed: its domain event, its metadata and where it sits in the store. */
export type ProjectedEvent = DomainEvent & {
  id: string;
  streamId: string;
  position: bigint;
  metadata: EventMetadata;
};

/** Read tables of one schema, inside the batch's transaction. */
export type ReadTables = QueryCreator<ReadModelDatabase>;

/**
 * A projection keeps some read tables up to date. `apply` is called inside the batch's
 * transaction, in position order, and must be idempotent on its own: applying the same event
 * again changes nothing (rows carry the position of the last event applied to them).
 */
export interface Projection {
  /** Its checkpoint's name; a new projection adds its name to `projectionNames` first. */
  name: ProjectionName;
  apply(tables: ReadTables, event: ProjectedEvent): Promise<void>;
  /**
   * Optional: applies a whole batch at once (multi-row statements), with the same result as
   * `apply` on each event in order. Used where a projection only inserts.
   */
  applyAll?(tables: ReadTables, events: readonly ProjectedEvent[]): Promise<void>;
  /**
   * The secondary indexes its own writes read (a lookup before an insert, say). A rebuild
   * loads its tables without secondary indexes and builds them at the end, but these.
   */
  readsIndexes?: readonly string[];
  /**
   * Optional: brings the rows it kept before up to date, once, when the projections start:
   * values a later migration made room for that only code can work out (a place's coordinates).
   * Must be idempotent, and must give what applying the events again would.
   */
  prepare?(tables: ReadTables): Promise<void>;
  /**
   * Optional: the work its batches leave for later, done at the end of a batch in its
   * transaction, or in a transaction of its own once the log is quiet. A quick settling runs
   * with every batch that catches up with the log; a dear one at most once for as long as it
   * took, so that it takes at most half of the projections' time while a burst comes in, and
   * once more after it. For values that many events change together (a make and model's market
   * values), so that a burst of events pays for them a few times, not once per batch. What is
   * left to settle must be kept in the read tables, so that a restart settles it too.
   */
  settle?(tables: ReadTables): Promise<void>;
}

/**
 * Raised by a projection that cannot apply an event because of what the event holds: the event
 * is parked for that projection (as one that does not parse), never retried on its own.
 */
export class UnprojectableEvent extends Error {
  override name = 'UnprojectableEvent';
}

const INSERT_CHUNK = 500;

/**
 * Rows as ONE parameter, a JSON array, read back as records of `table`'s own row type (for an
 * insert's select or an update's from). A multi-row `values` list would carry a parameter per
 * column per row, which both sides spend more time writing and parsing than the statement itself
 * takes. Positions (bigints) travel as strings, which PostgreSQL reads as numbers.
 */
export const recordsOf = <Table extends keyof ReadModelDatabase & string>(
  table: Table,
  rows: readonly object[],
) =>
  sql<
    Selectable<ReadModelDatabase[Table]>
  >`jsonb_populate_recordset(null::${sql.table(table)}, ${jsonText(rows)}::jsonb)`;

/**
 * The tables of a rebuild's batch, which load by COPY: read tables being built, empty but for
 * the batches before, without secondary indexes and read by nobody until they are swapped in.
 */
const bulkLoaded = new WeakMap<
  ReadTables,
  { trx: Transaction<ReadModelDatabase>; schema: string }
>();

/**
 * The read tables of `schema` in `trx`, on which `insertRows` loads with COPY. A row that is
 * there already then fails the batch instead of being passed over; a rebuild applies such a
 * batch again event by event, with ordinary inserts (`applyBatch`'s `parkFailures`).
 */
export const bulkLoadTables = (trx: Transaction<ReadModelDatabase>, schema: string): ReadTables => {
  const tables = trx.withSchema(schema);
  bulkLoaded.set(tables, { trx, schema });
  return tables;
};

/** True for a rebuild's tables, which `insertRows` loads with COPY (`bulkLoadTables`). */
export const isBulkLoad = (tables: ReadTables): boolean => bulkLoaded.has(tables);

/** Rows grouped by the columns they name, in the order they came; rows naming none are left out. */
const byColumnsOf = (rows: readonly Record<string, unknown>[]) => {
  // Rows mostly come alike: a row is compared with the last one's columns before its own are
  // joined into a key.
  const byColumns = new Map<string, Record<string, unknown>[]>();
  let last: { columns: string[]; group: Record<string, unknown>[] } | undefined;
  for (const row of rows) {
    const columns = Object.keys(row);
    if (last?.columns.length === columns.length && last.columns.every((c, i) => c === columns[i])) {
      last.group.push(row);
      continue;
    }
    const key = columns.join(',');
    const group = byColumns.get(key) ?? [];
    if (group.length === 0) byColumns.set(key, group);
    group.push(row);
    last = { columns, group };
  }
  byColumns.delete('');
  return [...byColumns].map(([key, group]) => ({ columns: key.split(','), group }));
};

/** One multi-row insert of `rows`, all naming `columns`, that passes over rows already there. */
const insertOf = (
  tables: ReadTables,
  table: keyof ReadModelDatabase & string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
) =>
  tables
    .insertInto(table)
    .columns(columns as never)
    .expression(
      (eb) =>
        eb
          .selectFrom(recordsOf(table, rows).as('r'))
          .select(columns.map((column) => sql.ref(`r.${column}`).as(column))) as never,
    )
    .onConflict((c) => c.doNothing());

/**
 * Inserts rows that are new or already there (`on conflict do nothing`), passed as one JSON
 * parameter (`recordsOf`) per few hundred rows; on a rebuild's tables (`bulkLoadTables`), all
 * at once with COPY. Rows that name different columns go in separate statements; a column a
 * row does not name gets its default.
 */
export const insertRows = async <Table extends keyof ReadModelDatabase & string>(
  tables: ReadTables,
  table: Table,
  rows: readonly Record<string, unknown>[],
): Promise<void> => {
  const bulk = bulkLoaded.get(tables);
  for (const { columns, group } of byColumnsOf(rows)) {
    if (bulk) {
      await copyRows(bulk.trx, `${bulk.schema}.${table}`, columns, group);
      continue;
    }
    for (let i = 0; i < group.length; i += INSERT_CHUNK) {
      await insertOf(tables, table, columns, group.slice(i, i + INSERT_CHUNK)).execute();
    }
  }
};

/** An insert held back for the batch's last statement, written on the tables it is given. */
export type HeldInsert = (tables: ReadTables) => ReturnType<typeof insertOf>;

/** The live batches' tables, with the inserts `appendRows` holds back for their last statement. */
const holding = new WeakMap<ReadTables, HeldInsert[]>();

/**
 * Has `appendRows` hold its inserts back on `tables` instead of running them, and answers the
 * list they gather in: the batch sends them with its last statement (its checkpoints), so that
 * they cost no round trip of their own.
 */
export const holdAppends = (tables: ReadTables): HeldInsert[] => {
  const held: HeldInsert[] = [];
  holding.set(tables, held);
  return held;
};

/**
 * Inserts rows as `insertRows` does, for a table the batch only adds to: nothing in the batch
 * reads these rows or changes them afterwards. On a live batch's tables (`holdAppends`) they go
 * out with the batch's last statement; elsewhere (a rebuild, a batch applied event by event),
 * at once.
 */
export const appendRows = async <Table extends keyof ReadModelDatabase & string>(
  tables: ReadTables,
  table: Table,
  rows: readonly Record<string, unknown>[],
): Promise<void> => {
  const held = holding.get(tables);
  if (!held) return insertRows(tables, table, rows);
  for (const { columns, group } of byColumnsOf(rows)) {
    for (let i = 0; i < group.length; i += INSERT_CHUNK) {
      const chunk = group.slice(i, i + INSERT_CHUNK);
      held.push((on) => insertOf(on, table, columns, chunk));
    }
  }
};

/**
 * A batch `applyAll` for a projection whose rows are created by one kind of event and then
 * changed by others under the `version < position` guard: every creation of the batch goes
 * into multi-row inserts first (the first one wins, as `on conflict do nothing` would have it),
 * then the other events, in order: all at once through `changeAll` when the projection has one,
 * else each through `apply`. The result is the same as applying one by one: a change that came
 * before its row's creation finds the row at a later version and leaves it alone, just as it
 * would have found no row.
 */
export const insertsFirst = <Row>(options: {
  created: (event: ProjectedEvent) => { key: string; row: Row } | undefined;
  insert: (tables: ReadTables, rows: Row[]) => Promise<unknown>;
  changeAll?: (tables: ReadTables, events: readonly ProjectedEvent[]) => Promise<unknown>;
}) =>
  async function applyAll(
    this: Projection,
    tables: ReadTables,
    events: readonly ProjectedEvent[],
  ): Promise<void> {
    const rows = new Map<string, Row>();
    const changes: ProjectedEvent[] = [];
    for (const event of events) {
      const creation = options.created(event);
      if (!creation) changes.push(event);
      else if (!rows.has(creation.key)) rows.set(creation.key, creation.row);
    }
    if (rows.size > 0) await options.insert(tables, [...rows.values()]);
    if (options.changeAll) await options.changeAll(tables, changes);
    else for (const event of changes) await this.apply(tables, event);
  };

/**
 * What the first of `readers` makes of an event, in their order; undefined when none does. A
 * projection that other features add to (the audit's describers, a car's changes) reads an
 * event this way.
 */
export const firstOf =
  <Out>(readers: readonly ((event: ProjectedEvent) => Out | undefined)[]) =>
  (event: ProjectedEvent): Out | undefined => {
    for (const read of readers) {
      const out = read(event);
      if (out !== undefined) return out;
    }
    return undefined;
  };
