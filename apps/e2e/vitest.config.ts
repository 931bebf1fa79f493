import { defineProject } from 'vitest/config';
import { afterwards } from '../../vitest.workers.ts';
import { PATIENCE_MS } from './test/patience.ts';

export default defineProject({
  test: {
    ...afterwards,
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.e2e.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each worker has a marketplace of its own and runs its files one after another on it (see
    // the global setup): files that share a marketplace's lists never run at the same time.
    testTimeout: 120_000,
    // `expect.poll` waits as long as a user would, not Vitest's 1 s: a check that reloads a page
    // takes longer than that on a busy machine.
    expect: { poll: { timeout: PATIENCE_MS } },
    hookTimeout: 180_000,
  },
});
