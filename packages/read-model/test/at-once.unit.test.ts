import { describe, expect, it } from 'vitest';
import { eachAtOnce } from '../src/at-once.ts';

/** A task still at work: it gives way for one turn of the event loop. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('eachAtOnce', () => {
  it('runs every item, never more than the width at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachAtOnce([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await tick();
      done.push(n);
      running--;
    });
    expect(done.toSorted()).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure, and throws only once the running task has ended', async () => {
    const started: number[] = [];
    let slowEnded = false;
    const run = eachAtOnce([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('one failed');
      await tick();
      slowEnded = true;
    });
    await expect(run).rejects.toThrow('one failed');
    expect(slowEnded).toBe(true);
    expect(started).toEqual([1, 2]);
  });
});
