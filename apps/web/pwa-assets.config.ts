import { defineConfig } from '@vite-pwa/assets-generator/config';

/** The design's green (global.css `--green-700`), behind the mark where the platform crops the icon. */
const THEME = '#1d6b2f';

/**
 * The installed app's icons, made from the logo's mark at build time (into dist/, never committed):
 * any-purpose 192 and 512, maskable 512 and the 180 px apple-touch-icon. The last two put the mark
 * on the theme colour, where its green disc disappears and its leaves, reaching 0.31 of the mark's
 * width from its centre, stay well inside the 0.4 circle a maskable icon keeps whatever its crop.
 */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  images: ['public/favicon.svg'],
  preset: {
    transparent: { sizes: [192, 512], padding: 0.05 },
    maskable: { sizes: [512], padding: 0.1, resizeOptions: { background: THEME, fit: 'contain' } },
    apple: { sizes: [180], padding: 0.1, resizeOptions: { background: THEME, fit: 'contain' } },
  },
});
