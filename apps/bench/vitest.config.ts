import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    // Only the helpers' unit tests: the benchmarks themselves run with `npm run bench`.
    include: ['test/**/*.unit.test.ts'],
  },
});
