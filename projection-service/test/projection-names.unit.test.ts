// The names a reader waits for (read-your-writes, per route) are the projections that run.

import { allProjections } from '@second-gear/features';
import { projectionNames } from '@second-gear/read-model';
import { describe, expect, it } from 'vitest';

describe('projection names', () => {
  it('has every registered projection in projectionNames, and nothing else', () => {
    expect(allProjections.map((p) => p.name).sort()).toEqual([...projectionNames].sort());
  });
});
