// Writes a brotli (.br) and a gzip (.gz) sibling next to every text file of a built web app, so
// the server sends compressed bytes without compressing on each request (see registerWebApp).
// Usage: node scripts/precompress.mjs [dir]  (defaults to this app's dist)
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    // The manifest under .vite and the build stamp are never served.
    if (entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every text file under `dir`; a variant that would not be smaller is not kept. */
export function precompress(dir) {
  const written = { br: 0, gz: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    const variants = {
      br: brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz: gzipSync(source, { level: 9 }),
    };
    for (const [ext, bytes] of Object.entries(variants)) {
      const target = `${file}.${ext}`;
      // A variant that saves nothing costs the browser a decoding step for no gain.
      if (bytes.length < source.length) {
        writeFileSync(target, bytes);
        written[ext] += 1;
      } else {
        rmSync(target, { force: true });
      }
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const { br, gz } = precompress(dir);
  console.log(`precompressed ${br} files with brotli and ${gz} with gzip in ${dir}`);
}
