import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'service-http',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
