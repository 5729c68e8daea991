import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_TEXTS } from '../../packages/shared/src/pwa-texts.js';
import { SHARED_PHOTOS_FIELD, SHARE_TARGET_PATH } from '../../packages/shared/src/share-target.js';

const shared = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/** A module id under a folder, path separators of either kind; `pattern` is written with `/`. */
const under = (folder: string, pattern: string) =>
  new RegExp(`${folder}[\\\\/](?:${pattern.replaceAll('/', '[\\\\/]')})`);
const sharedSource = (pattern: string) => under('packages[\\\\/]shared[\\\\/]src', pattern);
const webSource = (patterns: string[]) => under('apps[\\\\/]web[\\\\/]src', patterns.join('|'));

/** The design's colours (global.css): the header's green and the page behind everything. */
const THEME_COLOR = '#1d6b2f';
const BACKGROUND_COLOR = '#f6f8f3';

/**
 * The notification badge Android shows in its status bar, where only the shape counts: the mark's
 * two leaves, white on transparent, rasterised at build time (a notification cannot show an SVG).
 */
function notificationBadge(): Plugin {
  const leaves =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="15.5 17 36 36" width="96" height="96" fill="#fff">' +
    '<path d="M32 50c0-14 4-24 16-30-2 14-7 22-16 30z"/><path d="M32 50c0-10-3-18-13-22 1 11 5 18 13 22z"/></svg>';
  return {
    name: 'gardenswap:notification-badge',
    apply: 'build',
    async generateBundle() {
      const { default: sharp } = await import('sharp');
      const source = await sharp(Buffer.from(leaves)).png().toBuffer();
      this.emitFile({ type: 'asset', fileName: 'badge-96x96.png', source });
    },
  };
}

/**
 * The installable app: the manifest, the icons made from the logo (pwa-assets.config.ts) and our own
 * service worker (src/sw/sw.ts), given the list of files to precache. The page registers it itself
 * (src/features/pwa), after the first paint.
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    pwaAssets: { config: true, overrideManifestIcons: true, includeHtmlHeadLinks: false, injectThemeColor: false },
    manifest: {
      id: '/',
      name: PWA_TEXTS.name,
      short_name: PWA_TEXTS.shortName,
      description: PWA_TEXTS.description,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['lifestyle', 'shopping'],
      // Photos shared from the gallery open "Post what you have" with them (src/sw/share-target.ts).
      share_target: {
        action: SHARE_TARGET_PATH,
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { files: [{ name: SHARED_PHOTOS_FIELD, accept: ['image/*'] }] },
      },
      shortcuts: [
        {
          name: PWA_TEXTS.shortcutPost,
          url: '/listings/new',
          icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: PWA_TEXTS.shortcutMessages,
          url: '/messages',
          icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
    injectManifest: {
      // A classic script: every browser with service workers runs it (module workers came later).
      rollupFormat: 'iife',
      // The app shell: every chunk, style, the page and the icons (the plugin adds the web app manifest);
      // not the .br/.gz twins nor Vite's manifest. The map's state outlines, so it draws offline; not its
      // county lines (200 KB on the wire, drawn once zoomed in): every install would fetch them.
      globPatterns: ['**/*.{js,css,html,svg,png}', '**/states-10m-*.json'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'sw.js'],
    },
  });

export default defineConfig({
  // The component tests (vitest extends this file) need neither the worker nor the icons.
  plugins: [react(), ...(process.env.VITEST ? [] : [installableApp(), notificationBadge()])],
  resolve: {
    // The web app compiles the shared contract from source, so only what a chunk uses ships.
    alias: [
      { find: /^@gardenswap\/shared$/, replacement: `${shared}index.ts` },
      { find: /^@gardenswap\/shared\/(.*)$/, replacement: `${shared}$1.ts` },
    ],
    // The query persistence packages pin an older query-core of their own: one copy, the app's, serves all.
    dedupe: ['@tanstack/query-core'],
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
            // Texts and tables kept apart from the schemas (the `*-texts` modules, the seeds' viability
            // table), so a page showing them, the marketplace's cards among them, does not load zod.
            { name: 'texts', test: sharedSource('([\\w-]+-texts|seed-viability)\\.ts$'), priority: 3 },
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
              // where they are (the entry, the schemas), so the home page never loads this chunk. The post
              // form's photo hooks stay with the form: they bring its photo preparation and the schemas.
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: webSource([
                'lib/(socket|format|use-debounced-value|use-media|links|query-keys)\\.tsx?$',
                'components/(modal|search-field|tabs|avatar)\\.tsx$',
                'features/(?!auth/|site/)[\\w-]+/api/(?!use-(shared-photos|photo-uploads)\\.)',
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
