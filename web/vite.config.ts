import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      '/app-config.json': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // Every route is its own chunk (lazy routes); keep the hashed names Vite gives them.
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
