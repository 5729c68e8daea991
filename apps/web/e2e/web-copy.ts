import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A copy of the built web app on a port of its own (files only: every /api call answers 404), so a
 * journey can publish a new release of it without touching the one the other journeys use. Every
 * file is revalidated, as the real server does for the page, the worker and the manifest.
 */
export async function serveWebCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-web-copy-'));
  cpSync(built, dir, { recursive: true });
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://copy');
    let file = path.join(dir, path.normalize(decodeURIComponent(pathname)));
    if (pathname.startsWith('/api/') || !file.startsWith(dir)) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found","code":"NOT_FOUND"}');
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (pathname.startsWith('/assets/')) return void response.writeHead(404).end();
      file = path.join(dir, 'index.html');
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The built file of a source module (e.g. a page's chunk), as Vite's manifest names it. */
    chunkOf(source: string): string {
      const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
      return manifest[source].file;
    },
    /**
     * Publishes release `name`: index.html carries `<meta name="release" content={name}>`, and the
     * service worker lists it under its new revision, as a build would. The files in `removed` are
     * gone from the server, as an old release's chunks are after a deploy.
     */
    publish(name: string, removed: string[] = []) {
      for (const file of removed) rmSync(path.join(dir, file));
      const indexFile = path.join(dir, 'index.html');
      const html = readFileSync(indexFile, 'utf8').replace(
        /(<meta name="release"[^>]*>)?<title>/,
        `<meta name="release" content="${name}" /><title>`,
      );
      writeFileSync(indexFile, html);
      const revision = createHash('md5').update(html).digest('hex');
      const swFile = path.join(dir, 'sw.js');
      const sw = readFileSync(swFile, 'utf8').replace(
        /"revision":"[0-9a-f]+","url":"index\.html"/,
        `"revision":"${revision}","url":"index.html"`,
      );
      if (!sw.includes(revision)) throw new Error('index.html is not in the service worker’s precache list');
      writeFileSync(swFile, sw);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
