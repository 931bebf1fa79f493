import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.e2e.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One marketplace for every file; files run beside each other and beside the rest of the
    // suite, each with its own Chromium, accounts, cars and categories.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
