import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sideBySide } from '../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  test: {
    ...sideBySide,
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
