import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'faults',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each case starts real processes and breaks them; each is bounded by its own timeout.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Each case owns what it breaks: its processes, ports, data directory and database.
  },
});
