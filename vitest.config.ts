import { defineConfig } from 'vitest/config';
import { sideBySide } from './vitest.workers.ts';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'command-service',
      'projection-service',
      'query-service',
      'apps/*',
      'web',
      { test: { ...sideBySide, name: 'layout', include: ['.ci/*.unit.test.ts'] } },
      { test: { ...sideBySide, name: 'scripts', include: ['scripts/*.unit.test.ts'] } },
    ],
  },
});
