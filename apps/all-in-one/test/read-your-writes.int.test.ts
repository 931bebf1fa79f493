// The all-in-one's reads wait for a write through the projectors' commits: heard in process on
// PGlite, through LISTEN on its embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventData } from '@second-gear/projection-service/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUnavailable } from '../src/embedded-postgres.ts';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { startBareMarketplace } from './support.ts';

// Long enough that a read answered sooner was released by a commit.
const RECHECK_MS = 30_000;
const TIMEOUT_MS = 10_000;

// The embedded PostgreSQL where it can run here.
const databases =
  (await embeddedPostgresUnavailable(join(tmpdir(), 'probe', 'postgres'))) === undefined
    ? (['pglite', 'postgres'] as const)
    : (['pglite'] as const);

describe.each(databases)('read-your-writes in the all-in-one on %s', (database) => {
  let dataDir = '';
  let marketplace: RunningMarketplace;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-ryw-'));
    // mkdtemp's folder is this user's alone; run as root, PostgreSQL runs as `postgres`.
    await chmod(dataDir, 0o755);
    marketplace = await startBareMarketplace(dataDir, {
      database,
      // Without kept answers, as the benchmark measures the database.
      keepAnswers: false,
      readYourWritesTimeoutMs: TIMEOUT_MS,
      readYourWritesRecheckMs: RECHECK_MS,
    });
  }, 60_000);
  afterAll(async () => {
    await marketplace?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs on the engine it was given', () => {
    expect(marketplace.database).toBe(database);
  });

  it('answers a read of a fresh write once its projection commits', async () => {
    const categoryId = randomUUID();
    const { position } = await marketplace.store.append(`category-${categoryId}`, 'no_stream', [
      eventData(
        'CategoryCreated',
        { categoryId, name: `Pickup ${categoryId.slice(0, 6)}` },
        { uid: 'system', email: 'system@second-gear.local', role: 'System' },
      ),
    ]);
    const started = Date.now();
    const answer = await fetch(`${marketplace.url}/api/categories?limit=100`, {
      headers: { 'x-min-position': position.toString() },
    });
    expect(answer.headers.get('x-position-reached')).toBe('true');
    expect(((await answer.json()) as { _id: string }[]).map((c) => c._id)).toContain(categoryId);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('answers a position beyond the store’s head at once, as not reached', async () => {
    const head = (await marketplace.store.headPosition()) ?? 0n;
    const started = Date.now();
    const answer = await fetch(`${marketplace.url}/api/categories`, {
      headers: { 'x-min-position': (head + 1000n).toString() },
    });
    await answer.arrayBuffer();
    expect(answer.headers.get('x-position-reached')).toBe('false');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 10);
  });
});
