import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'command-service',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
