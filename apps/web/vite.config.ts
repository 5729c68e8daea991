import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The web app compiles the shared contract from source, so only what a chunk uses ships.
    alias: [
      { find: /^@gardenswap\/shared$/, replacement: `${shared}index.ts` },
      { find: /^@gardenswap\/shared\/(.*)$/, replacement: `${shared}$1.ts` },
    ],
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, manifest: true, chunkSizeWarningLimit: 300 },
});
