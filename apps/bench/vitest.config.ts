import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'bench',
    environment: 'node',
    // Only the helpers' unit tests: the benchmarks themselves run with `npm run bench`.
    include: ['test/**/*.unit.test.ts'],
  },
});
