import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'read-model',
    environment: 'node',
    // Integration tests start PGlite, PostgreSQL databases and the Auth Emulator.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
