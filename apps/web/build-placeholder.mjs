// Until the React app lands, the server serves this page at / so `npm start` shows something useful.
import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./dist/index.html', import.meta.url),
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gardenswap</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2d1f;line-height:1.5}a{color:#1d6b2f}</style>
</head>
<body>
<h1>Gardenswap</h1>
<p>Trade, sell or give away produce, seeds and plants with friends and nearby gardeners.</p>
<p>The server is running. The web app is on its way; meanwhile the whole API can be explored in the
<a href="/api/docs">API reference</a>, and its health is at <a href="/api/health">/api/health</a>.</p>
</body>
</html>
`,
);
