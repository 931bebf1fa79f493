import { defineProject } from 'vitest/config';
import { oneAtATime } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...oneAtATime(1),
    name: 'faults',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each case starts real processes and breaks them; each is bounded by its own timeout.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // One at a time: they load the machine, and some stop what the others would need.
  },
});
