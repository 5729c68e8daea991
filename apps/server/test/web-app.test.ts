import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_PHOTOS_FIELD, SHARED_PHOTOS_LANDING, SHARE_TARGET_PATH } from '@gardenswap/shared/share-target';
import { type App, buildApp } from '../src/app.js';
import { MULTIPART_MAX_BYTES } from '../src/plugins/multipart.js';
import { testConfig } from './app.js';

// A small built web app, precompressed by the web build's own step, so these tests do not
// depend on apps/web/dist having been built.
const precompressScript = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));
const entry = '/assets/index-Ab_d12-4.js';
const entrySource = `const routes = [${Array.from({ length: 200 }, (_, i) => `{ path: '/listings/${i}', load: () => import('./listing-${i}.js') }`).join(',\n')}];\nexport default routes;\n`;
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="Gardenswap: trade, sell or give away produce, seeds and plants with friends and nearby gardeners." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Gardenswap</title>
    <script type="module" crossorigin src="${entry}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const serviceWorker = `self.__WB_MANIFEST=${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `assets/chunk-${i}.js`, revision: null })))};\n`;
const webManifest = JSON.stringify({
  name: 'Gardenswap',
  short_name: 'Gardenswap',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
});

let dist: string;
let app: App;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'gardenswap-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, entry), entrySource);
  // Too small to gain anything from compression.
  writeFileSync(path.join(dist, 'assets/tiny-Zz9_xx12.js'), 'export{};');
  writeFileSync(
    path.join(dist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<circle cx="16" cy="16" r="14" fill="#1d6b2f"/>'.repeat(4)}</svg>`,
  );
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ 'src/main.tsx': { file: entry.slice(1) } }));
  writeFileSync(path.join(dist, 'sw.js'), serviceWorker);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), webManifest);
  writeFileSync(path.join(dist, 'pwa-192x192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  execFileSync(process.execPath, [precompressScript, dist]);
  const test = await testConfig();
  app = await buildApp(test.config, { webDist: dist });
  cleanup = test.cleanup;
});

afterAll(async () => {
  await app?.close();
  await cleanup?.();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const varyOn = (header: unknown) =>
  String(header)
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('the web build step', () => {
  it('writes a smaller brotli and gzip sibling for each text file, and none where nothing is saved', () => {
    for (const file of [entry.slice(1), 'index.html', 'favicon.svg']) {
      const size = statSync(path.join(dist, file)).size;
      expect(statSync(path.join(dist, `${file}.br`)).size).toBeLessThan(size);
      expect(statSync(path.join(dist, `${file}.gz`)).size).toBeLessThan(size);
    }
    expect(existsSync(path.join(dist, 'assets/tiny-Zz9_xx12.js.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/tiny-Zz9_xx12.js.gz'))).toBe(false);
    // The manifest is never served, so it is not compressed either.
    expect(existsSync(path.join(dist, '.vite/manifest.json.br'))).toBe(false);
  });
});

describe('the web app served by the server', () => {
  it('sends the brotli variant to a browser that accepts br', async () => {
    const res = await get(entry, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(statSync(path.join(dist, `${entry}.br`)).size);
    expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entrySource);
    expect(varyOn(res.headers.vary)).toContain('accept-encoding');
  });

  it('sends the gzip variant to a browser that accepts gzip only', async () => {
    const res = await get(entry, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(statSync(path.join(dist, `${entry}.gz`)).size);
    expect(gunzipSync(res.rawPayload).toString()).toBe(entrySource);
    expect(varyOn(res.headers.vary)).toContain('accept-encoding');
  });

  it('sends the file itself, still varying on Accept-Encoding, to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get(entry, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(entrySource));
      expect(res.body).toBe(entrySource);
      expect(varyOn(res.headers.vary)).toContain('accept-encoding');
    }
  });

  it('sends a file without a compressed variant as it is, even to a browser that accepts br', async () => {
    const res = await get('/assets/tiny-Zz9_xx12.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export{};');
  });

  it('serves index.html compressed for / and for a client route, with the security headers', async () => {
    for (const url of ['/', '/listings', '/listings/12?tab=photos']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
      expect(varyOn(res.headers.vary)).toContain('accept-encoding');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('caches hashed assets for a year without revalidation, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get(entry, acceptEncoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated on every visit, and answers 304 when it has not changed', async () => {
    for (const url of ['/', '/listings']) {
      const res = await get(url, 'br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['last-modified']).toBeTruthy();
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('caches other public files briefly', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const [url, acceptEncoding] of [
      ['/', 'br'],
      ['/listings', 'gzip'],
      ['/listings', undefined],
      [entry, 'br'],
      ['/favicon.svg', undefined],
    ] as const) {
      const getRes = await get(url, acceptEncoding);
      const headRes = await get(url, acceptEncoding, 'HEAD');
      expect(headRes.statusCode, url).toBe(200);
      expect(headRes.rawPayload.length).toBe(0);
      const { date: _getDate, ...getHeaders } = getRes.headers;
      const { date: _headDate, ...headHeaders } = headRes.headers;
      expect(headHeaders, `${url} ${acceptEncoding}`).toEqual(getHeaders);
    }
  });

  it('answers 404 with the error body for a missing asset, a compressed variant or an API path, not the page', async () => {
    for (const url of ['/assets/index-Old12345.js', `${entry}.br`, `${entry}.gz`, '/api/no-such-thing']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('has the service worker revalidated on every visit, compressed or not, so a new release is seen at once', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get('/sw.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control'], String(acceptEncoding)).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
    expect(brotliDecompressSync((await get('/sw.js', 'br')).rawPayload).toString()).toBe(serviceWorker);
  });

  it('serves the web app manifest as application/manifest+json, revalidated on every visit', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get('/manifest.webmanifest', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type'], String(acceptEncoding)).toMatch(/^application\/manifest\+json(;|$)/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const res = await get('/manifest.webmanifest', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({ name: 'Gardenswap' });
  });

  it("caches the app's icons briefly, like the favicon", async () => {
    const res = await get('/pwa-192x192.png', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets the page register its own service worker and read its own manifest, and nothing else', async () => {
    const policy = String((await get('/', 'br')).headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('worker-src')).toBe("worker-src 'self'");
    expect(directive('manifest-src')).toBe("manifest-src 'self'");
    // The worker itself runs under the same policy.
    expect((await get('/sw.js', 'br')).headers['content-security-policy']).toBe(policy);
  });

  it('sends photos shared to an app whose service worker is gone to the post form, unread, however large', async () => {
    const boundary = 'gardenswap-share';
    const photo = Buffer.alloc(MULTIPART_MAX_BYTES + 1024, 1);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${SHARED_PHOTOS_FIELD}"; filename="beans.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: SHARE_TARGET_PATH,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(SHARED_PHOTOS_LANDING);
  });
});
