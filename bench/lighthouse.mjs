// Lighthouse mobile performance of / and /listings against a running server with demo data.
// Usage: node bench/lighthouse.mjs http://127.0.0.1:3200 maria@demo.gardenswap.example gardenswap-demo
// Needs `npx lighthouse@12` (fetched on first use) and Debian's Chromium; not part of `npm test`.
// LIGHTHOUSE_REPORTS=dir keeps each route's full JSON report there (audits, LCP element, chunks).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3200', email, password] = process.argv.slice(2);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = 9300 + Math.floor(Math.random() * 500);
const profile = mkdtempSync(path.join(tmpdir(), 'gardenswap-lh-'));
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chrome = spawn(
  chromePath,
  [...flags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: 'ignore' },
);

try {
  await new Promise((r) => setTimeout(r, 1500));
  if (email && password) {
    // Sign in once in this browser profile, so /listings is measured as a member sees it.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    const { access_token, user } = await login.json();
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(base);
    await page.evaluate(
      ([token, u]) =>
        localStorage.setItem('auth', JSON.stringify({ token, user: u, expiresAt: Date.now() + 6 * 86_400_000 })),
      [access_token, user],
    );
    await page.close();
    await browser.close();
  }
  for (const route of ['/', '/listings']) {
    const out = path.join(profile, `lh${route.replace(/\W/g, '_')}.json`);
    execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        `${base}${route}`,
        `--port=${port}`,
        '--only-categories=performance,accessibility',
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
      ],
      { stdio: 'inherit' },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      copyFileSync(out, path.join(keep, `${path.basename(out, '.json')}-${Date.now()}.json`));
    }
    const audit = (id) => report.audits[id]?.displayValue ?? '';
    console.log(
      `${route.padEnd(10)} performance ${Math.round(report.categories.performance.score * 100)}  accessibility ${Math.round(report.categories.accessibility.score * 100)}  ` +
        `FCP ${audit('first-contentful-paint')}  LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  CLS ${audit('cumulative-layout-shift')}`,
    );
  }
} finally {
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  chrome.kill();
  await exited;
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
