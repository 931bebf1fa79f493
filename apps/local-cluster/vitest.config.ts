import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'local-cluster',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
