import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'query-service',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
