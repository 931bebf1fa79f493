import { defineProject } from 'vitest/config';
import { sideBySide } from '../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'command-service',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One Auth Emulator for every file of the run (see the setup file).
    globalSetup: ['../packages/identity/test/shared-emulator.ts'],
  },
});
