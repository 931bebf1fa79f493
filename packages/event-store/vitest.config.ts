import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'event-store',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
