import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'all-in-one',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
