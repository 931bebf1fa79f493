import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most files wait on something other than this process (PostgreSQL, the Auth Emulator, a
// browser, a child process), so more files run at once than there are cores; on two cores,
// three. Each file makes its own databases, ports, accounts and data. Each project resolves its
// own configuration and would take one worker fewer than the cores from its defaults; Vitest
// gives every project the number in VITEST_MAX_WORKERS, which a caller may also set.
process.env.VITEST_MAX_WORKERS ??= String(Math.max(3, availableParallelism()));

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'command-service',
      'projection-service',
      'query-service',
      'apps/*',
      'web',
      { test: { name: 'layout', include: ['.ci/*.unit.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/*.unit.test.ts'] } },
    ],
  },
});
