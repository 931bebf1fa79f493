import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each case starts real processes and breaks them; each is bounded by its own timeout. Each
    // breaks only what it started (its own marketplace, cluster, PostgreSQL or emulator, on
    // ports of its own), so the files run beside the rest of the suite.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
