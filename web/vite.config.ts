import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// Where the marketplace answers: `npm run dev` starts one on a port of its own and says so here.
const apiServer = process.env.SECOND_GEAR_API ?? 'http://127.0.0.1:3000';

const serverBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // React and the rest run their production code, whatever NODE_ENV the server has.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: true, copyPublicDir: false, minify: false, sourcemap: false },
});

const browserBuild = defineConfig({
  plugins: [
    react(),
    // A Brotli and a gzip copy beside every text file of 1 kB or more, written once at build
    // time, so the server hands browsers the compressed file (`preCompressed`) without
    // compressing per request. A copy that would not be smaller is not written.
    compression({
      include: /\.(?:js|css|html|svg|json|txt)$/,
      threshold: 1024,
      algorithms: [
        ['brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }],
        ['gzip', { level: 9 }],
      ],
    }),
  ],
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically, in one file (the entry). Left to itself the
        // bundler splits each module the entry shares with a lazily loaded page into a small
        // chunk of its own (the button, the stacks, the query hooks, ...), which the first visit
        // downloads all the same, file by file, each compressed apart: 5 kB gzip more.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});

// `vite build` makes the browser's files; `vite build --ssr src/entry-server.tsx` makes the
// server's renderer of the public pages (one module with every dependency in it, so the server
// that loads it needs nothing of the web's packages).
export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
