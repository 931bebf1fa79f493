import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most files wait on something other than this process (PostgreSQL, the Auth Emulator, a
    // browser, a child process), so more files run at once than there are cores; on two cores,
    // three. Each file makes its own databases, ports, accounts and data.
    maxWorkers: Math.max(3, availableParallelism()),
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
