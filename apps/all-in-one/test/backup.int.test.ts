import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EventStore } from '@second-gear/event-store';
import { eventData } from '@second-gear/projection-service/testing';
import { openPGlite } from '@second-gear/read-model';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, openEmbeddedDatabase } from '../src/embedded-database.ts';
import { embeddedPostgresUnavailable } from '../src/embedded-postgres.ts';

const run = promisify(execFile);
const unavailable = await embeddedPostgresUnavailable(join(tmpdir(), 'probe', 'postgres'));
const cli = join(import.meta.dirname, '..', 'src', 'backup-cli.ts');

/** `npm run backup|restore` as the scripts run it, on a data directory of its own. */
const command = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [cli, ...args], { env: { ...process.env, DATA_DIR: dataDir } }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const event = (name: string) => ({
  id: randomUUID(),
  type: 'Noted',
  data: { name },
  metadata: {},
});

/** The data directory's embedded event store, opened as the marketplace opens it, for `work`. */
const withStore = async <T>(
  engine: EmbeddedDatabase,
  dataDir: string,
  work: (store: EventStore) => Promise<T>,
): Promise<T> => {
  await mkdir(dataDir, { recursive: true });
  const opened = await openEmbeddedDatabase(dataDir, engine);
  try {
    return await work(opened.store);
  } finally {
    await opened.close();
  }
};

/** The events of the embedded store in a data directory, by their names. */
const eventNames = (dataDir: string, engine: EmbeddedDatabase = 'pglite') =>
  withStore(engine, dataDir, async (store) =>
    (await store.readAll({ limit: 100 })).map((e) => e.data.name),
  );

const append = (dataDir: string, name: string, engine: EmbeddedDatabase = 'pglite') =>
  withStore(engine, dataDir, (store) => store.append(`note-${name}`, 'any', [event(name)]));

describe('npm run backup and npm run restore', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // The embedded PostgreSQL where it can run here.
  it.each<EmbeddedDatabase>(unavailable === undefined ? ['pglite', 'postgres'] : ['pglite'])(
    'archives the data (%s) and puts it back, keeping what was there aside',
    async (engine) => {
      const root = await mkdtemp(join(tmpdir(), 'sg-backup-'));
      dirs.push(root);
      // mkdtemp's folder is this user's alone; run as root, PostgreSQL runs as `postgres`.
      await chmod(root, 0o755);
      const dataDir = join(root, 'data');
      await append(dataDir, 'before', engine);
      await mkdir(join(dataDir, 'auth'), { recursive: true });
      await writeFile(join(dataDir, 'auth', 'accounts.json'), '{"users":["kept"]}');
      await mkdir(join(dataDir, 'images'), { recursive: true });
      await writeFile(join(dataDir, 'images', 'car.webp'), 'picture');
      await writeFile(join(dataDir, 'secret'), 'a secret of the data directory');

      const file = join(root, 'kept.tar.gz');
      const backedUp = await command(dataDir, 'backup', file);
      expect(backedUp.stdout).toBe(`backed up ${dataDir} to ${file}\n`);
      expect(existsSync(file)).toBe(true);

      // Later: more events, a picture removed, an account changed.
      await append(dataDir, 'after', engine);
      await rm(join(dataDir, 'images', 'car.webp'));
      await writeFile(join(dataDir, 'auth', 'accounts.json'), '{"users":[]}');
      expect(await eventNames(dataDir, engine)).toEqual(['before', 'after']);

      const restored = await command(dataDir, 'restore', file);
      expect(restored.stdout).toMatch(
        new RegExp(
          `^restored ${dataDir} from ${file}; what was there is kept in ${dataDir}-before-restore-`,
        ),
      );
      expect(await eventNames(dataDir, engine)).toEqual(['before']);
      expect(await readFile(join(dataDir, 'images', 'car.webp'), 'utf8')).toBe('picture');
      expect(await readFile(join(dataDir, 'auth', 'accounts.json'), 'utf8')).toBe(
        '{"users":["kept"]}',
      );
      expect(await readFile(join(dataDir, 'secret'), 'utf8')).toBe(
        'a secret of the data directory',
      );
      const aside = (await readdir(root)).filter((name) => name.startsWith('data-before-restore-'));
      expect(aside).toHaveLength(1);
      expect(await eventNames(join(root, aside[0] ?? ''), engine)).toEqual(['before', 'after']);
    },
    120_000,
  );

  it('keeps a person erased after restoring an archive taken before they were deleted', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sg-backup-erased-'));
    dirs.push(root);
    const dataDir = join(root, 'data');
    const sam = { uid: `sam-${randomUUID()}`, email: 'sam@example.com', role: 'Seller' as const };
    const admin = { uid: 'admin-1', email: 'ada@example.com', role: 'Admin' as const };
    const registered = { userId: sam.uid, name: 'Sam Seller', email: sam.email, photoURL: null };
    await withStore('pglite', dataDir, (store) =>
      store.append(`user-${sam.uid}`, 'no_stream', [
        eventData('UserRegistered', { ...registered, role: 'Seller' }, sam),
      ]),
    );
    const file = join(root, 'before-deletion.tar.gz');
    expect((await command(dataDir, 'backup', file)).stdout).toMatch(/^backed up/);
    await withStore('pglite', dataDir, (store) =>
      store.append(`user-${sam.uid}`, 0, [
        eventData('UserDeleted', { userId: sam.uid, email: sam.email }, admin),
      ]),
    );

    expect((await command(dataDir, 'restore', file)).stdout).toMatch(/^restored/);

    const events = await withStore('pglite', dataDir, (store) =>
      store.readStream(`user-${sam.uid}`),
    );
    // The archive's log, from before the deletion: Sam is in it, and no longer readable.
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0]?.data).toMatchObject({ userId: sam.uid, name: 'Deleted user', email: '' });
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toMatch(
      /Sam Seller|sam@example\.com/,
    );
  }, 120_000);

  it('refuses while the marketplace has the data open, and a file that is no backup', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sg-backup-open-'));
    dirs.push(root);
    const dataDir = join(root, 'data');
    await append(dataDir, 'only');

    const open = await openPGlite(join(dataDir, 'pglite'));
    try {
      const refused = await command(dataDir, 'backup', join(root, 'x.tar.gz'));
      expect('code' in refused ? refused.code : 0).toBe(1);
      expect(refused.stderr).toBe(
        `backup: ${join(dataDir, 'pglite')} is open in process ${process.pid}: stop it first (an embedded database can be opened by one process at a time), or give this one its own DATA_DIR.\n`,
      );
      expect(existsSync(join(root, 'x.tar.gz'))).toBe(false);
    } finally {
      await open.close();
    }

    const notBackup = join(root, 'notes.tar.gz');
    await writeFile(notBackup, 'not an archive at all');
    const rejected = await command(dataDir, 'restore', notBackup);
    expect('code' in rejected ? rejected.code : 0).toBe(1);
    expect(rejected.stderr).toMatch(/^restore: /);
    expect(await eventNames(dataDir)).toEqual(['only']);
    expect((await readdir(root)).filter((n) => n.includes('before-restore'))).toEqual([]);
  }, 120_000);
});
