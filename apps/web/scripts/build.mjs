// `npm run build -w apps/web`: the production bundle, always. A shell's NODE_ENV=development
// would otherwise make Vite ship React's development build (several times larger and slower).
// Then each text file gets its precompressed .br and .gz siblings.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';

process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
await build({ root, mode: 'production', configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) });
const { br, gz } = precompress(fileURLToPath(new URL('../dist', import.meta.url)));
console.log(`precompressed ${br} files with brotli and ${gz} with gzip`);
