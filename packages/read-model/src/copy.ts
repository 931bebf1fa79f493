import type { PGlite } from '@electric-sql/pglite';
import { type QueryExecutorProvider, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk loading with `COPY ... FROM STDIN`: rows travel as tab-separated text in one stream,
 * which PostgreSQL reads several times faster than the same rows as an INSERT's JSON parameter
 * (no JSON to parse, no record to build, no conflict to check). Neither driver sends COPY data
 * through a query, so the read model's connections recognise one statement shape and run it
 * their own way: `copy <table> (<columns>) from stdin $1`, whose one parameter is the data. On
 * PostgreSQL that is pg-copy-streams on the same connection (so inside the transaction); on
 * PGlite, `from '/dev/blob'` with the data as the query's blob.
 */
const COPY_FROM_STDIN = /^(copy\s.+\sfrom\s+stdin)\s+\$1$/is;

/** The statement and the data of a bulk load, if `text` is one. */
export const bulkLoadOf = (
  text: string,
  parameters: readonly unknown[] | undefined,
): { statement: string; data: string } | undefined => {
  const match = COPY_FROM_STDIN.exec(text);
  if (!match?.[1] || parameters?.length !== 1 || typeof parameters[0] !== 'string')
    return undefined;
  return { statement: match[1], data: parameters[0] };
};

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A text as COPY's text format writes it: backslash, tab, newline and return escaped. */
const escapeText = (text: string): string =>
  SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPED[c] ?? c) : text;

/** JSON of rows for the read model: bigints (positions) as their digits, which it reads as numbers. */
export const jsonText = (value: object): string =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * One value in COPY's text format. Null is `\N`; a date is its ISO time; an array or any other
 * object is JSON, for the `jsonb` columns (the read model has no array columns).
 */
const copyValue = (value: unknown): string => {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return value.toISOString();
      return escapeText(jsonText(value as object));
  }
};

/** Rows as COPY's text format, one line each, the columns in the order given. */
export const copyText = (columns: readonly string[], rows: readonly object[]): string => {
  let text = '';
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    text += `${columns.map((column) => copyValue(values[column])).join('\t')}\n`;
  }
  return text;
};

/**
 * Appends rows to `schema.table` with COPY, in the transaction (or on the connection) given.
 * Columns not named get their defaults. There is no `on conflict`: a row whose key is taken
 * fails the whole statement.
 */
export const copyRows = async (
  db: QueryExecutorProvider,
  table: string,
  columns: readonly string[],
  rows: readonly object[],
): Promise<void> => {
  if (rows.length === 0) return;
  await sql`copy ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) from stdin ${copyText(columns, rows)}`.execute(
    db,
  );
};

/** Runs a bulk load on a pg client: the data written to a COPY stream on its connection. */
export const copyOnClient = async (
  client: pg.PoolClient,
  load: { statement: string; data: string },
): Promise<{ command: string; rowCount: number; rows: never[] }> => {
  const stream = client.query(copyFrom(load.statement));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(load.data);
  });
  return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
};

/** Runs a bulk load on PGlite, whose COPY reads the data from the query's blob. */
export const copyOnPGlite = <T>(
  query: PGlite['query'],
  load: { statement: string; data: string },
  options?: Parameters<PGlite['query']>[2],
) =>
  query<T>(load.statement.replace(/stdin$/i, `'/dev/blob'`), [], {
    ...options,
    blob: new Blob([load.data]),
  });
