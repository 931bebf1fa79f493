import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { createEventStore } from '@second-gear/event-store';
import { allProjections } from '@second-gear/features';
import {
  createReadModelDb,
  LIVE_SCHEMA,
  migrateReadModel,
  openPGlite,
} from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProjectionsCli } from '../src/operator-cli.ts';
import { appendScenario } from './testing.ts';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');

/** The environment of the commands on the embedded database in `dir`. */
const onDirectory = (dir: string) => ({
  ...process.env,
  PGLITE_DIR: dir,
  DATABASE_URL: '',
  EVENT_STORE: '',
  EVENT_STORE_URL: '',
});

/**
 * One command run in this process, as `npm run projections -- <args>` runs it: its exit code
 * and what it wrote. (A process of its own costs seconds of loading; the process's own wiring is
 * tested once, with `npm run projections` itself, below.)
 */
const projectionsWith =
  (env: Record<string, string | undefined>) =>
  async (...args: string[]) => {
    const written = { stdout: '', stderr: '' };
    const sink = (to: 'stdout' | 'stderr') =>
      new Writable({
        write(chunk, _encoding, done) {
          written[to] += String(chunk);
          done();
        },
      });
    const code = await runProjectionsCli(args, {
      env,
      stdout: sink('stdout'),
      stderr: sink('stderr'),
    });
    return { code, ...written };
  };

/** The commands on the embedded database in `dir`. */
const projectionsOn = (dir: string) => projectionsWith(onDirectory(dir));

/** A command on the database in `dir` that must succeed (exit code 0). */
const succeeds =
  (dir: string) =>
  async (...args: string[]) => {
    const answer = await projectionsOn(dir)(...args);
    expect(answer.code, answer.stderr).toBe(0);
    return answer;
  };

describe('npm run projections (on a PGlite directory)', () => {
  let dir: string;
  let head: bigint;
  let projections: ReturnType<typeof projectionsOn>;
  let ok: ReturnType<typeof succeeds>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sg-projections-cli-'));
    projections = projectionsOn(dir);
    ok = succeeds(dir);
    const pglite = await openPGlite(dir);
    const store = await createEventStore({ kind: 'pglite', db: pglite });
    head = (await appendScenario(store)).position;
    await store.close();
    await pglite.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs as a process of its own: status before anything was projected', async () => {
    const before = await run(process.execPath, [cli, 'status'], { env: onDirectory(dir) });
    expect(before.stdout).toContain(`event store head: ${head}`);
    expect(before.stdout).toContain('the read model has not been created');
  }, 120_000);

  it('rebuilds, printing plain progress lines when stderr is not a terminal, then reports status', async () => {
    const rebuild = await ok('rebuild');
    expect(rebuild.stderr).toMatch(
      /^rebuild: \d+% [\d,]+ events, [\d,]+ events\/s, [\d:-]+ left$/m,
    );
    expect(rebuild.stderr).not.toContain('\r');
    expect(rebuild.stdout).toContain(`readers now use the new tables at position ${head}`);

    const after = await ok('status');
    for (const name of [
      'users',
      'categories',
      'cars',
      'bookings',
      'audit',
      'members',
      'integrations',
    ]) {
      expect(after.stdout).toMatch(new RegExp(`^${name}\\s+${head}\\s+0\\s+0\\s`, 'm'));
    }
  }, 120_000);

  it('names the migrations an older live model still lacks', async () => {
    const older = await mkdtemp(join(tmpdir(), 'sg-projections-cli-old-'));
    try {
      const pglite = await openPGlite(older);
      const db = createReadModelDb({ pglite });
      await migrateReadModel(db, LIVE_SCHEMA, { through: '0001-read-tables' });
      await db.destroy();
      await pglite.close();

      const status = await succeeds(older)('status');
      expect(status.stdout).toMatch(
        /^migrations not yet applied: 0002-cars-vocabulary, 0003-car-details-and-search, 0004-search-by-location-and-model, 0005-own-by-account, 0006-parked-events, 0007-checkpoint-store, 0008-listing-and-booking-life, 0009-members, 0010-car-photos, 0011-integrations, 0012-hot-booking-updates, 0013-available-cars, 0014-model-facets, 0015-planned-car-triggers, 0016-exact-money, 0017-personal-details, 0018-webhook-owners, 0019-conversations, 0020-moderation, 0021-reviews, 0022-car-places, 0023-words-split-as-typed, 0024-market-values, 0025-large-updates-planned, 0026-nearby-pages, 0027-car-points \(/m,
      );
    } finally {
      await rm(older, { recursive: true, force: true });
    }
  }, 120_000);

  it("lists a parked event, skips it on an operator's word, and says who did", async () => {
    const pglite = await openPGlite(dir);
    const store = await createEventStore({ kind: 'pglite', db: pglite });
    const carId = crypto.randomUUID();
    const { position } = await store.append(`car-${carId}`, 'any', [
      { id: crypto.randomUUID(), type: 'CarAdvertised', data: {}, metadata: {} },
    ]);
    await store.close();
    await pglite.close();

    const rebuild = await ok('rebuild');
    // Every projection reads every event, so each parks it.
    expect(rebuild.stdout).toContain(
      `${allProjections.length} event(s) could not be applied and are parked`,
    );
    const status = await ok('status');
    expect(status.stdout).toMatch(
      new RegExp(`^cars\\s+${position}\\s+0\\s+0\\s+\\d+\\s+1\\s`, 'm'),
    );
    expect(status.stdout).toContain(`${allProjections.length} parked event(s)`);

    const parked = await ok('parked');
    expect(parked.stdout).toContain(`cars ${position} CarAdvertised in car-${carId}`);
    expect(parked.stdout).toMatch(/carId/);

    const retried = await projections('retry', 'cars', String(position), '--by', 'ops-anna');
    expect(retried.code).toBe(1);
    expect(retried.stderr).toContain(`cars ${position}: not applied, still parked`);

    const skipped = await ok('skip', 'cars', String(position), '--by', 'ops-anna');
    expect(skipped.stdout).toContain(`cars ${position}: skipped for good, by ops-anna`);
    const all = await ok('parked', '--all');
    expect(all.stdout).toMatch(new RegExp(`^cars ${position} .*: skipped by ops-anna at `, 'm'));
    expect((await ok('parked')).stdout).not.toContain(`cars ${position}`);

    const again = await projections('skip', 'cars', String(position));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `projections: No event of cars is parked at position ${position}: npm run projections -- parked lists those that are.\n`,
    );
  }, 120_000);

  it('names the variable that is wrong and exits with 78', async () => {
    const env = { ...process.env, PGLITE_DIR: '', DATABASE_URL: 'mysql://x/y', EVENT_STORE: '' };
    const failed = await projectionsWith(env)('status');
    expect(failed.code).toBe(78);
    expect(failed.stderr).toContain('DATABASE_URL: expected a postgres or postgresql URL');
  });
});
