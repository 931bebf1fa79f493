import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'all-in-one',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
