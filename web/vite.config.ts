import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      '/app-config.json': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // Every route is its own chunk (lazy routes) with a hashed name; the manifest lets
    // scripts/measure-initial-js.ts add up what a first visit downloads.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
});
