// Measures the JavaScript a browser needs to show a route of the built web app:
// the entry chunk, the route's own chunk, and every chunk they import statically, gzipped.
// Usage: node bench/web-bundle.mjs [route-module ...]  (after `npm run build -w apps/web`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(fileURLToPath(import.meta.url), '../../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen];
}

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'src/features/home/home-page.tsx',
      'src/features/listings/pages/marketplace-page.tsx',
      'src/features/auth/pages/login-page.tsx',
    ];

for (const route of routes) {
  const chunks = closure([entry, route]).map((k) => manifest[k].file);
  const total = chunks.reduce((sum, file) => sum + gzipped(file), 0);
  console.log(
    `${route.replace('src/features/', '').padEnd(40)} ${kb(total).padStart(9)} gzip in ${chunks.length} chunks`,
  );
}
