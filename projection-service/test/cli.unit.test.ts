import { Writable } from 'node:stream';
import { batched } from '@second-gear/event-store';
import { describe, expect, it } from 'vitest';
import { CliEnvError, parseCliEnv } from '../src/cli-env.ts';
import { progressReporter } from '../src/progress-bar.ts';

describe('the operators CLI environment', () => {
  it('reads PostgreSQL settings', () => {
    expect(
      parseCliEnv({
        DATABASE_URL: 'postgres://u@h:5432/rm',
        EVENT_STORE: 'kurrentdb',
        EVENT_STORE_URL: 'kurrentdb://h:2113?tls=false',
        KEY_STORE_URL: 'postgres://u@h:5432/keys',
      }),
    ).toEqual({
      readModelUrl: 'postgres://u@h:5432/rm',
      pgliteDir: undefined,
      eventStore: 'kurrentdb',
      eventStoreUrl: 'kurrentdb://h:2113?tls=false',
      keyStoreUrl: 'postgres://u@h:5432/keys',
      batchSize: 10_000,
    });
  });

  it('asks for a key store beside KurrentDB', () => {
    expect(() =>
      parseCliEnv({
        DATABASE_URL: 'postgres://u@h:5432/rm',
        EVENT_STORE: 'kurrentdb',
        EVENT_STORE_URL: 'kurrentdb://h:2113?tls=false',
      }),
    ).toThrow(/KEY_STORE_URL: required when EVENT_STORE is kurrentdb/);
  });

  it('defaults to the embedded store with PGLITE_DIR', () => {
    // From where `npm run projections` was typed, not the workspace folder npm runs it in.
    expect(parseCliEnv({ PGLITE_DIR: './data/pglite', INIT_CWD: '/home/me/sg' })).toMatchObject({
      eventStore: 'pglite',
      pgliteDir: '/home/me/sg/data/pglite',
    });
  });

  it.each([
    [{}, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://h/db', EVENT_STORE_URL: 'postgres://h/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://h/db' }, 'EVENT_STORE_URL'],
    [{ PGLITE_DIR: 'd', EVENT_STORE: 'mongo' }, 'EVENT_STORE'],
    [{ DATABASE_URL: 'postgres://h/db', EVENT_STORE: 'pglite' }, 'PGLITE_DIR'],
    [{ PGLITE_DIR: 'd', PROJECTION_BATCH_SIZE: 'lots' }, 'PROJECTION_BATCH_SIZE'],
  ])('names the variable that is wrong: %o', (env, variable) => {
    expect(() => parseCliEnv(env)).toThrow(CliEnvError);
    expect(() => parseCliEnv(env)).toThrow(
      new RegExp(`^Invalid configuration:\\n {2}${variable}:`, 'm'),
    );
  });
});

describe('batched', () => {
  it('hands on what has arrived, up to the maximum, and ends with the source', async () => {
    async function* source() {
      for (let i = 1; i <= 5; i++) yield i;
      await new Promise((r) => setTimeout(r, 20));
      yield 6;
    }
    const batches: number[][] = [];
    for await (const batch of batched(source(), 2)) batches.push(batch);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(batches.at(-1)).toEqual([6]);
  });
});

describe('rebuild progress', () => {
  const capture = (isTTY: boolean) => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    }) as unknown as NodeJS.WriteStream;
    (stream as { isTTY?: boolean }).isTTY = isTTY;
    return { stream, text: () => text };
  };
  const step = {
    from: undefined,
    head: 200n,
    elapsedMs: 1000,
    eventsPerSecond: 100,
    remainingMs: 1000,
  };

  it('draws a bar on a terminal', () => {
    const out = capture(true);
    const bar = progressReporter(out.stream);
    bar.update({ ...step, applied: 0, position: 0n });
    bar.update({ ...step, applied: 100, position: 100n });
    bar.done();
    // Redrawn from the start of the line (the library moves the cursor there with a control code).
    expect(out.text()).toContain(
      '\x1b[1G[###############---------------]  50% 100 events, 100 events/s, 0:01 left',
    );
  });

  it('prints plain lines elsewhere', () => {
    const out = capture(false);
    const bar = progressReporter(out.stream);
    bar.update({ ...step, applied: 100, position: 100n });
    expect(out.text()).toBe('rebuild: 50% 100 events, 100 events/s, 0:01 left\n');
    bar.done();
  });
});
