import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'event-store',
    environment: 'node',
    // Integration tests open PGlite and PostgreSQL databases, slower on a busy machine.
    hookTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
