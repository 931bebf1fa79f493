import { defineProject } from 'vitest/config';
import { oneAtATime } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    ...oneAtATime(1),
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.e2e.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One marketplace and one browser at a time: the files run one after another. They share
    // the marketplace's lists (a file that lists thirty cars moves another's car off the first
    // page of All Cars), so two at once would see each other's data.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
