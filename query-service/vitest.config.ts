import { defineProject } from 'vitest/config';
import { sideBySide } from '../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'query-service',
    environment: 'node',
    // Integration tests start PGlite, PostgreSQL databases and the Auth Emulator.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One Auth Emulator for every file of the run (see the setup file).
    globalSetup: ['../packages/identity/test/shared-emulator.ts'],
  },
});
