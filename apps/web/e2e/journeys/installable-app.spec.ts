import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { PHONE, createMember, ownProfile, serviceWorkerActive, snap, WITH_WORKER } from '../support';
import { serveWebCopy } from '../web-copy';

/** A PNG's width and height, from its header. */
async function pngSize(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  const bytes = await response.body();
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('Chromium finds Gardenswap installable: its manifest and icons, a service worker in control, the install event kept', async ({
  request,
}, testInfo) => {
  const browser = await ownProfile(testInfo);
  const { context, page } = browser;
  try {
    await context.addInitScript(() => {
      const seen = { fired: 0, kept: 0 };
      Object.assign(window, { installEvents: seen });
      window.addEventListener('beforeinstallprompt', (event) => {
        seen.fired++;
        // The page's own listener comes after this one (init scripts run first): look once all have run.
        setTimeout(() => event.defaultPrevented && seen.kept++);
      });
    });
    await page.goto('/');

    // The manifest the page links, served fresh on every visit, says what an installed app needs.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const served = await request.get(href!);
    expect(served.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(served.headers()['cache-control']).toBe('no-cache');
    const manifest = await served.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Gardenswap',
      short_name: PWA_TEXTS.shortName,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d6b2f',
      background_color: '#f6f8f3',
      shortcuts: [
        { name: 'Post what you have', url: '/listings/new' },
        { name: 'Messages', url: '/messages' },
      ],
    });
    const icons = manifest.icons as ManifestIcon[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Each icon loads, and is as big as the manifest says.
    for (const icon of icons) expect(await pngSize(request, new URL(icon.src, page.url()).pathname)).toBe(icon.sizes);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await pngSize(request, appleIcon!)).toBe('180x180');

    // The service worker installs in the background, served fresh on every visit; the page it
    // installed from stays as it was, and the next one is in its hands.
    expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
    await serviceWorkerActive(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Chromium's own verdict.
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    // It offered to install the app, and the page kept the offer instead of letting it show on a first visit.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { installEvents: { fired: number } }).installEvents.fired))
      .toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { installEvents: { kept: number } }).installEvents.kept),
    ).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: PWA_TEXTS.installTitle })).toBeHidden();
  } finally {
    await browser.close();
  }
});

test('the offer to install comes after the first listing is posted, never before, and "Not now" puts it away', async ({
  request,
}, testInfo) => {
  const member = await createMember(request, 'installer');
  const browser = await ownProfile(testInfo, member);
  const { context, page } = browser;
  try {
    await context.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () => Object.assign(window, { installOffered: true }));
    });
    await page.goto('/listings');
    await serviceWorkerActive(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => 'installOffered' in window)).toBe(true);
    const offer = page.getByRole('region', { name: PWA_TEXTS.installTitle });
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    await expect(offer).toBeHidden();

    const title = `Runner beans ${member.username.slice(-5)}`;
    await page.goto('/listings/new');
    await expect(offer).toBeHidden();
    await page.getByLabel('Item name').fill(title);
    await page.getByLabel('Type').selectOption({ label: 'Giveaway' });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('button', { name: PWA_TEXTS.install })).toBeVisible();
    await snap(page, 'install-offer-phone');

    await offer.getByRole('button', { name: PWA_TEXTS.notNow }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect.poll(() => page.evaluate(() => 'installOffered' in window)).toBe(true);
    await expect(offer).toBeHidden();
  } finally {
    await browser.close();
  }
});

/** Which release a page runs: the one its index.html names, or the first; none while it reloads. */
const releaseOf = (page: Page) =>
  page
    .evaluate(() => document.querySelector('meta[name="release"]')?.getAttribute('content') ?? 'first')
    .catch(() => 'none: reloading');

test('a new release waits for the member: each tab keeps the old one, whole, until Reload brings the new one', async ({
  browser,
}) => {
  const copy = await serveWebCopy();
  const context = await browser.newContext({ viewport: PHONE, baseURL: copy.origin, ...WITH_WORKER });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await serviceWorkerActive(page);
    await page.reload();
    const other = await context.newPage();
    await other.goto('/');
    for (const tab of [page, other]) {
      expect(await tab.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
      expect(await releaseOf(tab)).toBe('first');
    }

    // A new release is published, and a chunk of the old one is gone from the server. The page looks
    // for a new release each time it comes back into view; both tabs are told.
    copy.publish('second', [copy.chunkOf('src/app/routes/auth/forgot-password-page.tsx')]);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const bar = page.getByRole('status').filter({ hasText: PWA_TEXTS.updateReady });
    const otherBar = other.getByRole('status').filter({ hasText: PWA_TEXTS.updateReady });
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await expect(otherBar).toBeVisible();
    await snap(page, 'update-bar-phone');

    // Until the member chooses, the tab runs the old release whole: a screen it had not opened yet
    // still comes from the old release's files, the one the server no longer has included.
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(await releaseOf(page)).toBe('first');

    // Reload straight after a screen with links opened: the new release takes over once Chromium is
    // done warming the old worker up for them (features/pwa/link-quiet.ts), and the page is not stranded.
    await bar.getByRole('button', { name: PWA_TEXTS.reload }).click();
    await expect.poll(() => releaseOf(page), { timeout: 15_000 }).toBe('second');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(bar).toBeHidden();

    // The other tab still runs the old code: it keeps offering the reload, which brings the new release.
    await expect(otherBar).toBeVisible();
    expect(await releaseOf(other)).toBe('first');
    await otherBar.getByRole('button', { name: PWA_TEXTS.reload }).click();
    await expect.poll(() => releaseOf(other)).toBe('second');
    await expect(otherBar).toBeHidden();
  } finally {
    await context.close();
    await copy.close();
  }
});
