import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/** A module id under a folder, path separators of either kind; `pattern` is written with `/`. */
const under = (folder: string, pattern: string) =>
  new RegExp(`${folder}[\\\\/](?:${pattern.replaceAll('/', '[\\\\/]')})`);
const sharedSource = (pattern: string) => under('packages[\\\\/]shared[\\\\/]src', pattern);
const webSource = (patterns: string[]) => under('apps[\\\\/]web[\\\\/]src', patterns.join('|'));

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
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what most pages share: each chunk is a request, and on a phone's
        // HTTP/1.1 connection a signed-in page used to wait on over forty small ones, in turns.
        // No group holds what the home page does not use, so its cold load stays as small as it was.
        codeSplitting: {
          groups: [
            { name: 'constants', test: sharedSource('constants\\.ts$'), priority: 3 },
            // Texts kept apart from the schemas (the `*-texts` modules), so a page showing them does not load zod.
            { name: 'texts', test: sharedSource('[\\w-]+-texts\\.ts$'), priority: 3 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The logo and the form field: the home page, the sign-in page and the marketplace all use them.
            {
              name: 'ui',
              test: webSource(['components/(logo|field)\\.tsx$']),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The schemas, for the pages with forms.
            { name: 'contract', test: /packages[\\/]shared[\\/]src[\\/]|node_modules[\\/]zod[\\/]/, priority: 1 },
            {
              // The small hooks and components of the signed-in pages (the shell's badges and live
              // connection, the marketplace's cards and filters). Not their dependencies: those stay
              // where they are (the entry, the schemas), so the home page never loads this chunk.
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: webSource([
                'lib/(socket|format|use-debounced-value|use-media|links|query-keys)\\.tsx?$',
                'components/(modal|search-field|tabs|avatar)\\.tsx$',
                'features/(?!auth/|site/)[\\w-]+/api/',
                'features/swaps/components/',
                '(app|features/(listings|swaps|notifications|messages|profile)(/components)?)/[\\w-]+\\.css$',
                'features/listings/utils/',
                'features/listings/components/(category-buttons|filter-controls|listing-age|listing-badges|listing-card|load-more|renew-button)\\.tsx$',
              ]),
            },
          ],
        },
      },
    },
  },
});
