import { defineConfig } from 'vitest/config';

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
