import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'features',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
