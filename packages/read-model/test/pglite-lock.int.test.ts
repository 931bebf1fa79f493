import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPGlite } from '../src/database.ts';

describe('an embedded database directory', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-lock-'));
    dirs.push(dir);
    return join(dir, 'db');
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('is locked while open and free again once closed', async () => {
    const dir = await freshDir();
    const db = await openPGlite(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPGlite(dir);
    await again.close();
  });

  it('refuses a second process while the first has it open', async () => {
    const dir = await freshDir();
    const db = await openPGlite(dir);
    try {
      const script = `import('${new URL('../src/database.ts', import.meta.url).href}')
        .then((m) => m.openPGlite(${JSON.stringify(dir)}))
        .then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); });`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const code = await new Promise((done) => child.on('exit', done));
      expect(code).toBe(3);
      expect(stderr).toContain(`is open in process ${process.pid}`);
    } finally {
      await db.close();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await freshDir();
    await writeFile(`${dir}.lock`, '2147483646');
    const db = await openPGlite(dir);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  /** A process that takes the lock, says so, and holds it until it is killed. */
  const locker = (dir: string) => {
    const script = `import('${new URL('../src/pglite-lock.ts', import.meta.url).href}')
      .then((m) => m.lockDatabaseDirectory(${JSON.stringify(dir)}))
      .then(() => { console.log('won'); setInterval(() => {}, 60_000); },
        (e) => { console.log(e.name === 'StartupError' ? 'refused' : e.message); process.exit(3); });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    const said = new Promise<string>((done) => {
      child.stdout.on('data', () => {
        if (out.includes('\n')) done(out.trim());
      });
      child.on('exit', () => done(out.trim()));
    });
    return { child, said, exited: new Promise((done) => child.on('exit', done)) };
  };

  it.skipIf(process.platform !== 'linux')(
    'lets one of many processes starting at once have it, and frees it when its holder is killed',
    async () => {
      const dir = await freshDir();
      for (let round = 0; round < 3; round++) {
        const racers = Array.from({ length: 6 }, () => locker(dir));
        try {
          const answers = await Promise.all(racers.map((r) => r.said));
          expect(answers.filter((a) => a === 'won')).toHaveLength(1);
          expect(answers.filter((a) => a === 'refused')).toHaveLength(5);
        } finally {
          // The holder dies without releasing anything: the lock is free at once.
          for (const racer of racers) racer.child.kill('SIGKILL');
          await Promise.all(racers.map((r) => r.exited));
        }
      }
      const db = await openPGlite(dir);
      await db.close();
    },
    // Eighteen processes of their own, six at a time: a minute and more on a busy machine.
    120_000,
  );
});
