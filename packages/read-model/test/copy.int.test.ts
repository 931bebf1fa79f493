import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRows, type ReadModelDb } from '../src/index.ts';
import { readModelBackends } from './backends.ts';

const backends = await readModelBackends('copy', 'sg_copy');

/** Values that COPY's text format must escape or spell in its own way; arrays go to jsonb. */
const awkward = [
  {
    id: 'plain',
    label: 'Toyota Corolla',
    tags: ['a', 'b'],
    details: { price: 12_500, note: 'one owner' },
    position: 10n,
    price: 12_500.5,
    seen: true,
    at: '2026-11-25T08:00:00.000Z',
  },
  {
    id: 'escapes',
    label: 'tab\there, line\nbreak, return\r, back\\slash, \\N, quote " and \u00e9\u{1f697}',
    tags: [
      'with "quotes"',
      'comma, inside',
      'back\\slash',
      '{braces}',
      '',
      'NULL',
      'tab\tand\nline',
    ],
    details: { text: 'tab\t, line\n, back\\slash and "quotes"', list: [1, 'two', null], at: 7n },
    position: 9_007_199_254_740_993n,
    price: 0,
    seen: false,
    at: new Date('2026-01-02T03:04:05.678Z'),
  },
  {
    id: 'nulls',
    label: null,
    tags: null,
    details: null,
    position: null,
    price: null,
    seen: null,
    at: null,
  },
];

describe.each(backends)('copyRows on $name', ({ open }) => {
  let db: ReadModelDb;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
    await sql`create schema copy_test`.execute(db);
    await sql`create table copy_test.rows (
      id text primary key, label text, tags jsonb, details jsonb, position bigint,
      price double precision, seen boolean, at timestamptz, made text default 'by default'
    )`.execute(db);
  });
  afterAll(async () => {
    await close();
  });

  it('stores every value as an insert of the same values would, inside the transaction', async () => {
    const columns = ['id', 'label', 'tags', 'details', 'position', 'price', 'seen', 'at'];
    await db.transaction().execute(async (trx) => {
      await copyRows(trx, 'copy_test.rows', columns, awkward);
      // Seen by the transaction that loaded it.
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from copy_test.rows`.execute(trx);
      expect(rows[0]?.n).toBe(3);
    });
    const { rows } = await sql<Record<string, unknown>>`
      select id, label, tags, details, position::text as position, price, seen,
        to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, made
      from copy_test.rows order by id`.execute(db);
    const expected = (row: (typeof awkward)[number]) => ({
      ...row,
      // Bigints inside JSON are written as their digits, as the JSON insert path writes them.
      details:
        row.details &&
        JSON.parse(JSON.stringify(row.details, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
      position: row.position === null ? null : String(row.position),
      at: row.at instanceof Date ? row.at.toISOString() : row.at,
      made: 'by default',
    });
    expect(rows).toEqual(
      [...awkward].sort((a, b) => a.id.localeCompare(b.id)).map((row) => expected(row)),
    );
  });

  it('fails whole, changing nothing, when a key is taken', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from copy_test.rows`.execute(
      db,
    );
    await expect(
      db.transaction().execute((trx) =>
        copyRows(
          trx,
          'copy_test.rows',
          ['id', 'label'],
          [
            { id: 'new one', label: 'x' },
            { id: 'plain', label: 'taken' },
          ],
        ),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    const after = await sql<{ n: number; label: string }>`
      select count(*)::int as n, max(label) filter (where id = 'plain') as label
      from copy_test.rows`.execute(db);
    expect(after.rows[0]).toEqual({ n: before.rows[0]?.n, label: 'Toyota Corolla' });
    // The connection is usable afterwards.
    const again = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(again.rows[0]?.one).toBe(1);
  });
});
