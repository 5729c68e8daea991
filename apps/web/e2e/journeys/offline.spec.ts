import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { type Page, expect, test } from '@playwright/test';
import {
  PHONE,
  WITH_WORKER,
  bearer,
  createMember,
  listingCard,
  pngPhoto,
  postListing,
  postMessage,
  signedInPage,
  snap,
  uniqueWord,
} from '../support';

/** The number of records in a store of the page's IndexedDB (0 when the database does not exist). */
function countIn(page: Page, db: string, store: string, prefix?: string) {
  return page.evaluate(
    ([db, store, prefix]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        // Not there: looking must not create it.
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains(store)) return resolve(0);
          const request = connection.transaction(store).objectStore(store).getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            connection.close();
            const records = request.result as { cacheName?: string }[];
            resolve(prefix ? records.filter((r) => r.cacheName?.startsWith(prefix)).length : records.length);
          };
        };
      }),
    [db, store, prefix] as const,
  );
}

/** What the page can still read of a member on this device: kept screens, waiting sends, kept photos. */
async function leftOnDevice(page: Page) {
  return {
    screens: await countIn(page, 'gardenswap-cache', 'queries'),
    waiting: await countIn(page, 'gardenswap-outbox', 'entries'),
    photoCaches: await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith('gardenswap-photos-')),
    ),
    photoRecords: await countIn(page, 'workbox-expiration', 'cache-entries', 'gardenswap-photos-'),
  };
}

/** The screens kept on the device for the member, as saved (JSON), or '' before the first save. */
const keptScreens = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('gardenswap-cache');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const request = open.result.transaction('queries').objectStore('queries').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as string[]).join(''));
          };
        };
      }),
  );

/** Whether an image on the page has loaded its picture (from the network or a cache). */
const pictureShown = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt })
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('offline: the app opens with what the member saw, and what they write goes once when back', async ({
  browser,
  request,
}) => {
  test.slow();
  const [maria, tom] = await Promise.all([createMember(request, 'maria'), createMember(request, 'tom')]);
  const word = uniqueWord('leek');
  const seedlings = `Leek seedlings ${word}`;
  const listing = await postListing(request, tom, { title: seedlings, price: 3 }, pngPhoto('leeks.png'));
  await postMessage(request, tom, maria, 'Hello Maria, the leeks are ready.');

  const page = await signedInPage(browser, maria, PHONE, WITH_WORKER);
  const context = page.context();

  // The first visit installs the service worker; from the next load on it serves the app and keeps photos.
  await page.goto('/listings?tab=public');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Maria looks around: the marketplace, Tom's listing with its photo, their chat.
  await expect(listingCard(page, tom, seedlings)).toBeVisible();
  await listingCard(page, tom, seedlings).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: seedlings })).toBeVisible();
  await expect.poll(() => pictureShown(page, seedlings)).toBe(true);
  await page.goto(`/messages/${tom.id}`);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Hello Maria, the leeks are ready.');
  // Saving what she saw is throttled: wait until the conversation is on the device too.
  await expect.poll(() => keptScreens(page)).toContain('Hello Maria, the leeks are ready.');
  expect(await keptScreens(page)).toContain(seedlings);

  // No connection: the app still opens, says so, and shows the conversation and the listing as they were.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_TEXTS.banner)).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Hello Maria, the leeks are ready.');
  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: seedlings })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXTS.banner)).toBeVisible();
  await expect.poll(() => pictureShown(page, seedlings)).toBe(true);

  // A message written offline waits, with a Cancel; one taken back never leaves.
  await page.goto(`/messages/${tom.id}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  const log = page.getByRole('log', { name: 'Messages' });
  await box.fill('See you on Saturday!');
  await box.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: 'See you on Saturday!' })).toContainText(
    OFFLINE_TEXTS.waitingToSend,
  );
  await box.fill('Never mind this one');
  await box.press('Enter');
  const mistake = log.getByRole('listitem').filter({ hasText: 'Never mind this one' });
  await expect(mistake).toContainText(OFFLINE_TEXTS.waitingToSend);
  await mistake.getByRole('button', { name: OFFLINE_TEXTS.cancelMessage }).click();
  await expect(mistake).toHaveCount(0);
  await expect(page.getByText(OFFLINE_TEXTS.waitingCount(1))).toBeVisible();
  await snap(page, 'offline-chat-waiting');

  // A listing composed offline, photo included, waits in My listings.
  const chard = `Rainbow chard ${word}`;
  await page.goto('/listings/new');
  await page.getByLabel('Photos').setInputFiles(pngPhoto('chard.png', [200, 60, 90]));
  await expect(page.getByAltText('Photo 1 of 1, cover')).toBeVisible();
  await page.getByLabel('Item name').fill(chard);
  await page.getByLabel('Price ($)').fill('2');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  const waiting = page.getByRole('region', { name: OFFLINE_TEXTS.waitingListings });
  await expect(waiting.getByText(chard)).toBeVisible();
  await expect(waiting).toContainText(OFFLINE_TEXTS.photoCount(1));
  await expect(page.getByText(OFFLINE_TEXTS.waitingCount(2))).toBeVisible();
  await snap(page, 'offline-listing-waiting');

  // Closed and opened again, still offline: both still wait.
  await page.reload();
  await expect(page.getByRole('region', { name: OFFLINE_TEXTS.waitingListings }).getByText(chard)).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXTS.waitingCount(2))).toBeVisible();

  // Back online: each goes once, and the listing shows among hers with its photo.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TEXTS.banner)).toBeHidden();
  await expect(page.getByRole('region', { name: OFFLINE_TEXTS.waitingListings })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(chard) })).toBeVisible();

  const tomsView = await request.get(`/api/messages/${maria.id}`, { headers: bearer(tom) });
  const received = ((await tomsView.json()) as { content: string }[]).map((m) => m.content);
  expect(received.filter((c) => c === 'See you on Saturday!')).toHaveLength(1);
  expect(received).not.toContain('Never mind this one');

  const mine = await request.get('/api/listings/?mine=true', { headers: bearer(maria) });
  const posted = ((await mine.json()) as { title: string; featured_image: string | null }[]).filter(
    (l) => l.title === chard,
  );
  expect(posted).toHaveLength(1);
  expect(posted[0]!.featured_image).not.toBeNull();
  expect((await request.get(`/api/${posted[0]!.featured_image}`)).status()).toBe(200);

  // Signing out leaves nothing of Maria readable on the device (there was: her screens and photos).
  expect(await leftOnDevice(page)).toMatchObject({
    screens: 1,
    waiting: 0,
    photoCaches: [`gardenswap-photos-${maria.id}`],
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => leftOnDevice(page)).toEqual({ screens: 0, waiting: 0, photoCaches: [], photoRecords: 0 });
});
