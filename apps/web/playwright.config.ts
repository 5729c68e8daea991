import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Where the journeys' SMTP sink writes every e-mail the server sends (see scripts/e2e-server.mjs). */
export const mailDir = fileURLToPath(new URL('./test-results/mail', import.meta.url));
/** The server's DATA_DIR, so a journey can run an operator's command on its database (see e2e/support.ts). */
export const serverDataDir = fileURLToPath(new URL('./test-results/server-data', import.meta.url));

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real server on a
 * fresh database. The server must be built first (`npm test` does it).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/output',
  fullyParallel: false,
  // Two journeys at a time: with three, a two-core machine starved the browsers (each page now also
  // restores and saves its member's screens in IndexedDB), and first screens took over ten seconds.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey signs in two or three members and walks a whole flow (a trade, a report to its
  // moderator): on a busy 2-core machine the longest take close to a minute.
  timeout: 120_000,
  // What a journey waits for is behaviour, not speed (bench/ measures that): room for a busy machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No service worker but in the phone-app journeys, which ask for it (e2e/support.ts WITH_WORKER).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ../../scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port), E2E_MAIL_DIR: mailDir, E2E_DATA_DIR: serverDataDir },
  },
});
