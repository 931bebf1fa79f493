import { eachAtOnce, type ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';

/**
 * A rebuild loads its tables faster without their secondary indexes: each row then goes to
 * the table and its keys only, and each index is built once, sorted, at the end. The indexes
 * left out are recorded in the schema being built, so a rebuild that stops half-way and is
 * resumed still builds them before its tables are swapped in.
 */
const DEFERRED = 'deferred_indexes';

/**
 * Drops the schema's secondary indexes (neither a primary key nor unique: writes rely on those)
 * but `keep`, recording how to build each again.
 */
export const deferIndexes = async (
  db: ReadModelDb,
  schema: string,
  keep: ReadonlySet<string>,
): Promise<string[]> =>
  db.transaction().execute(async (trx) => {
    await sql
      .raw(`create table ${schema}.${DEFERRED} (name text primary key, definition text not null)`)
      .execute(trx);
    const found = await sql<{ name: string; definition: string }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not i.indisunique and not i.indisprimary
      order by 1`.execute(trx);
    const deferred = found.rows.filter((index) => !keep.has(index.name));
    for (const index of deferred) {
      await sql`insert into ${sql.table(`${schema}.${DEFERRED}`)} (name, definition)
        values (${index.name}, ${index.definition})`.execute(trx);
      await sql.raw(`drop index ${schema}.${index.name}`).execute(trx);
    }
    return deferred.map((index) => index.name);
  });

/**
 * Builds every index `deferIndexes` left out, two at a time, one transaction each (so an
 * interrupted build resumes where it stopped); then gathers
 * the tables' statistics for the planner, as the first autovacuum would (after the indexes:
 * an expression index gets statistics of its own).
 */
export const buildDeferredIndexes = async (db: ReadModelDb, schema: string): Promise<number> => {
  const table = await sql<{ t: string | null }>`
    select to_regclass(${`${schema}.${DEFERRED}`})::text as t`.execute(db);
  if (!table.rows[0]?.t) return 0;
  const deferred = await sql<{ name: string; definition: string }>`
    select name, definition from ${sql.table(`${schema}.${DEFERRED}`)} order by name`.execute(db);
  await eachAtOnce(deferred.rows, 2, (index) =>
    db.transaction().execute(async (trx) => {
      // Room to sort in memory: most of these indexes cover every row of a big table.
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      await sql.raw(index.definition).execute(trx);
      await sql`delete from ${sql.table(`${schema}.${DEFERRED}`)} where name = ${index.name}`.execute(
        trx,
      );
    }),
  );
  await sql.raw(`drop table ${schema}.${DEFERRED}`).execute(db);
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = ${schema} order by 1`.execute(db);
  await eachAtOnce(tables.rows, 2, async ({ name }) => {
    await sql.raw(`analyze ${schema}.${name}`).execute(db);
  });
  return deferred.rows.length;
};
