import { defineConfig } from 'vitest/config';
import { LongestFirst, sideBySide } from './vitest.workers.ts';

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      'packages/*',
      'command-service',
      'projection-service',
      'query-service',
      'apps/*',
      'web',
      { test: { ...sideBySide, name: 'layout', include: ['.ci/*.unit.test.ts'] } },
      {
        // Some start a process of their own, which loads its modules: seconds on a busy machine.
        test: {
          ...sideBySide,
          name: 'scripts',
          include: ['scripts/*.unit.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
