import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPGlite } from '../src/index.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sg-create-pglite-'));
  dirs.push(dir);
  return dir;
};

describe('createPGlite', () => {
  it('makes a new directory a database, and opens it again with what was written', async () => {
    const dir = await newDir();
    const first = await createPGlite(dir);
    await first.exec("create table kept (word text); insert into kept values ('first')");
    await first.close();
    expect(await readdir(dir)).toContain('PG_VERSION');

    // Opened again, the directory is never replaced by the empty cluster new ones start from.
    const again = await createPGlite(dir);
    await again.exec("insert into kept values ('again')");
    const { rows } = await again.query<{ word: string }>('select word from kept order by word');
    await again.close();
    expect(rows.map((row) => row.word)).toEqual(['again', 'first']);
  }, 60_000);

  it('gives every new database, in memory or on disk, a cluster of its own', async () => {
    const [a, b] = await Promise.all([createPGlite(), createPGlite(await newDir())]);
    try {
      await a.exec('create table only_in_a (n int)');
      const { rows } = await b.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where tablename = 'only_in_a'",
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
