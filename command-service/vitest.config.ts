import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'command-service',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One Auth Emulator for every file of the run (see the setup file).
    globalSetup: ['../packages/identity/test/shared-emulator.ts'],
  },
});
