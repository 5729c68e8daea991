// Measures the JavaScript a browser needs to show a route of the built web app: the entry chunk,
// the route's own chunk, and every chunk they import statically, as the bytes that cross the
// wire with brotli and with gzip (the precompressed .br/.gz files the server sends).
// Usage: node bench/web-bundle.mjs [route-module ...]  (after `npm run build`)
//        node bench/web-bundle.mjs --url http://127.0.0.1:3000 [route-module ...]
// With --url, each chunk is fetched from a running server as a browser that accepts br would
// (a cold cache), and the bytes it actually transferred are summed.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(fileURLToPath(import.meta.url), '../../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const base = urlAt >= 0 ? args.splice(urlAt, 2)[1] : undefined;

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

/** The size on the wire of a file sent with an encoding: its precompressed sibling, or itself. */
const onDisk = (file, ext) => {
  const variant = ext && path.join(dist, `${file}.${ext}`);
  return readFileSync(variant && existsSync(variant) ? variant : path.join(dist, file)).length;
};

/** Bytes a server sent for a URL (headers aside), with the answer's encoding and cache policy. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          bytes,
          encoding: response.headers['content-encoding'] ?? 'identity',
          cache: response.headers['cache-control'],
        }),
      );
    });
    request.on('error', reject);
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = args.length
  ? args
  : [
      'src/app/routes/home/home-page.tsx',
      'src/app/routes/listings/marketplace-page.tsx',
      'src/app/routes/auth/login-page.tsx',
    ];

for (const route of routes) {
  const chunks = closure([entry, route]).map((k) => manifest[k].file);
  const raw = chunks.reduce((sum, file) => sum + onDisk(file), 0);
  const br = chunks.reduce((sum, file) => sum + onDisk(file, 'br'), 0);
  const gz = chunks.reduce((sum, file) => sum + onDisk(file, 'gz'), 0);
  console.log(
    `${route.replace('src/app/routes/', '').padEnd(40)} ${kb(br).padStart(9)} br ${kb(gz).padStart(9)} gzip ` +
      `${kb(raw).padStart(9)} raw in ${chunks.length} chunks`,
  );
  if (!base) continue;
  let sent = 0;
  const encodings = new Set();
  for (const file of chunks) {
    const answer = await fetchRaw(new URL(`/${file}`, base).href);
    if (answer.status !== 200) throw new Error(`/${file} answered ${answer.status}`);
    sent += answer.bytes;
    encodings.add(`${answer.encoding}; ${answer.cache}`);
  }
  console.log(`${''.padEnd(40)} ${kb(sent).padStart(9)} transferred from ${base} (${[...encodings].join(' | ')})`);
}
