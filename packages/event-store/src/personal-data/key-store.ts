import type pg from 'pg';
import type { SqlExecutor } from '../sql/executor.ts';
import { type PGliteLike, pgliteExecutor } from '../sql/pglite-executor.ts';
import { postgresExecutor } from '../sql/postgres-executor.ts';
import { assertSchemaName } from '../sql/statements.ts';
import { newKey } from './sealing.ts';

/**
 * Each person's key, apart from the log. A destroyed key leaves its person's id and when it was
 * destroyed, never the key: that record is how a key store restored from an older backup is
 * told again who was erased (docs/security.md).
 */
export interface KeyStore {
  /** The keys these people have: a key, null when it was destroyed, absent when never made. */
  find(subjects: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Their keys, each made now when it has none; null for one that was destroyed. */
  obtain(subjects: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Destroys their keys for good (and records that, for people who never had one too). */
  destroy(subjects: readonly string[]): Promise<void>;
  /** Everyone whose key was destroyed. */
  destroyed(): Promise<string[]>;
  /** Those whose names begin with `prefix` and who hold a key still. */
  held(prefix: string): Promise<string[]>;
}

/** The default schema of the key table, beside (never inside) the event log's. */
export const DEFAULT_KEY_SCHEMA = 'personal_keys';

export const keyStoreMigrationSql = (schema: string): string => {
  assertSchemaName(schema);
  return `
create schema if not exists ${schema};
create table if not exists ${schema}.subject_keys (
  subject text primary key,
  key bytea,
  made_at timestamptz not null default now(),
  destroyed_at timestamptz,
  check ((key is null) = (destroyed_at is not null))
);`;
};

type KeyRow = { subject: string; key: Uint8Array | null };

const byPerson = (rows: KeyRow[]) =>
  new Map(rows.map((row) => [row.subject, row.key === null ? null : Buffer.from(row.key)]));

/** The key store as a table of a PostgreSQL (or PGlite) database. */
export async function createSqlKeyStore(
  executor: SqlExecutor,
  options: { schema?: string | undefined; migrate?: boolean } = {},
): Promise<KeyStore> {
  const s = options.schema ?? DEFAULT_KEY_SCHEMA;
  if (options.migrate ?? true) await executor.script(keyStoreMigrationSql(s));
  const find = async (subjects: readonly string[]) =>
    subjects.length === 0
      ? new Map<string, Buffer | null>()
      : byPerson(
          await executor.query<KeyRow>(
            `select subject, key from ${s}.subject_keys where subject = any($1::text[])`,
            [subjects],
          ),
        );
  return {
    find,
    async obtain(subjects) {
      const known = await find(subjects);
      const missing = [...new Set(subjects)].filter((subject) => !known.has(subject));
      if (missing.length === 0) return known;
      // Two writers may make one person's key at once: the first insert wins and both read it.
      await executor.query(
        `insert into ${s}.subject_keys (subject, key)
         select subject, decode(key, 'hex') from unnest($1::text[], $2::text[]) as k(subject, key)
         on conflict (subject) do nothing`,
        [missing, missing.map(() => newKey().toString('hex'))],
      );
      return new Map([...known, ...(await find(missing))]);
    },
    async destroy(subjects) {
      if (subjects.length === 0) return;
      await executor.query(
        `insert into ${s}.subject_keys (subject, key, destroyed_at)
         select unnest($1::text[]), null, now()
         on conflict (subject) do update
           set key = null, destroyed_at = coalesce(${s}.subject_keys.destroyed_at, now())`,
        [[...new Set(subjects)]],
      );
    },
    async destroyed() {
      const rows = await executor.query<{ subject: string }>(
        `select subject from ${s}.subject_keys where key is null order by subject`,
        [],
      );
      return rows.map((row) => row.subject);
    },
    async held(prefix) {
      const rows = await executor.query<{ subject: string }>(
        `select subject from ${s}.subject_keys
         where key is not null and left(subject, length($1)) = $1 order by subject`,
        [prefix],
      );
      return rows.map((row) => row.subject);
    },
  };
}

/** Where a key store lives: a PGlite instance or a `pg` pool, which it leaves open. */
export type KeyStoreOn = { kind: 'pglite'; db: PGliteLike } | { kind: 'postgres'; pool: pg.Pool };

/** The key store on `on`. */
export const createKeyStore = (
  on: KeyStoreOn,
  options: { schema?: string | undefined } = {},
): Promise<KeyStore> =>
  createSqlKeyStore(
    on.kind === 'pglite' ? pgliteExecutor(on.db, false) : postgresExecutor(on.pool, false),
    options,
  );
