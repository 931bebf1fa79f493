import { defineProject } from 'vitest/config';
import { sideBySide } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...sideBySide,
    name: 'features',
    environment: 'node',
    // Its integration tests open PGlite, which takes longer than 10 s on a busy machine; and a
    // file's first place read loads the gazetteer (135,000 places), seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
