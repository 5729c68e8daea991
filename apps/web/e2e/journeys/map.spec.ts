import { MAP_TEXTS } from '@gardenswap/shared/map-texts';
import { type MapListings } from '@gardenswap/shared/listings';
import { expect, test } from '@playwright/test';
import { bearer, createMember, postListing, seriousA11yViolations, setLocation, signedInPage } from '../support';

// Juneau and Anchorage, Alaska: no other journey lists there.
const JUNEAU = { city: 'Juneau', state: 'AK', postcode: '99801' };
const ANCHORAGE = { city: 'Anchorage', state: 'AK', postcode: '99501' };
const ALASKA = '-155,55,-130,63';
const AROUND_JUNEAU = '-134.8,58.2,-134.2,58.5';

// axe is injected as a script tag, which the app's Content-Security-Policy (script-src 'self') would refuse.
test.use({ bypassCSP: true });

test('a member switches the marketplace to a map, pans, searches this area, opens a pin and goes back to the same list', async ({
  browser,
  request,
}) => {
  const [juneau, anchorage, shopper] = await Promise.all([
    createMember(request, 'juneau'),
    createMember(request, 'anchorage'),
    createMember(request, 'shopper'),
  ]);
  await Promise.all([
    setLocation(request, juneau, JUNEAU),
    setLocation(request, anchorage, ANCHORAGE),
    setLocation(request, shopper, JUNEAU),
  ]);
  await postListing(request, juneau, { title: 'Juneau rhubarb' });
  await postListing(request, juneau, { title: 'Juneau kale' });
  await postListing(request, anchorage, { title: 'Anchorage potatoes' });

  const page = await signedInPage(browser, shopper);
  await page.goto('/listings?tab=public&category=produce');
  await page.getByRole('button', { name: MAP_TEXTS.map, exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByRole('region', { name: MAP_TEXTS.mapLabel })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /in this area/ })).toBeVisible();

  // The whole of Alaska: both growers' listings, on the map and in its list.
  await page.goto(`/listings?tab=public&category=produce&view=map&box=${ALASKA}`);
  const onMap = page.locator('details.map-list:not(.map-events)');
  await onMap.locator('summary').click();
  for (const title of ['Juneau rhubarb', 'Juneau kale', 'Anchorage potatoes']) {
    await expect(onMap.getByRole('link', { name: title })).toBeVisible();
  }

  // Pan with the keyboard, then search the area now in view: the address and the list follow it.
  const canvas = page.getByRole('region', { name: MAP_TEXTS.mapLabel });
  await canvas.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: MAP_TEXTS.searchArea }).click();
  await expect(page).not.toHaveURL(new RegExp(`box=${ALASKA}`));
  const box = new URL(page.url()).searchParams.get('box')!;
  const asked = await request.get(`/api/listings/map?public=true&category_id=1&box=${box}`, {
    headers: bearer(shopper),
  });
  const expected = ((await asked.json()) as MapListings).listings.map((l) => l.title);
  await expect.poll(async () => (await onMap.getByRole('link').allTextContents()).sort()).toEqual([...expected].sort());

  // Around Juneau: one member's two listings share a spot; its cluster opens both cards.
  await page.goto(`/listings?tab=public&category=produce&view=map&box=${AROUND_JUNEAU}`);
  await page.getByRole('button', { name: MAP_TEXTS.cluster(2) }).click();
  const cards = page.locator('.map-selected').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Juneau rhubarb' })).toBeVisible();
  await expect(cards.filter({ hasText: juneau.username })).toHaveCount(2);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Back to the list: the same tab and category, the cards again.
  await page.getByRole('button', { name: MAP_TEXTS.list, exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=list/);
  await expect(page).toHaveURL(/[?&]tab=public/);
  await expect(page).toHaveURL(/[?&]category=produce/);
  await expect(page.getByRole('article').filter({ hasText: 'Anchorage potatoes' })).toBeVisible();

  // A listing's page and its seller's show the same approximate spot, never a pin on a house.
  await page.getByRole('article').filter({ hasText: 'Anchorage potatoes' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Anchorage potatoes' })).toBeVisible();
  await expect(page.getByRole('img', { name: MAP_TEXTS.approximate })).toBeVisible();
  await page.getByRole('link', { name: anchorage.username }).first().click();
  await expect(page).toHaveURL(new RegExp(`/seller/${anchorage.id}$`));
  await expect(page.getByRole('img', { name: MAP_TEXTS.approximate })).toBeVisible();
});

test('the seed swaps within the area show on the map beside the listings, each leading to its event', async ({
  browser,
  request,
}) => {
  const [host, shopper] = await Promise.all([createMember(request, 'swaphost'), createMember(request, 'swapper')]);
  await Promise.all([setLocation(request, host, JUNEAU), setLocation(request, shopper, JUNEAU)]);
  const starts = Date.now() + 3 * 86_400_000;
  const title = `Juneau seed swap ${host.username.slice(-5)}`;
  const created = await request.post('/api/events', {
    headers: bearer(host),
    data: {
      title,
      description: 'Bring seeds in labelled envelopes',
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 3 * 3_600_000).toISOString(),
      place_name: 'Juneau public library',
      address: '292 Marine Way',
      zip_code: JUNEAU.postcode,
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: number };

  const page = await signedInPage(browser, shopper);
  await page.goto(`/listings?tab=public&category=produce&view=map&box=${AROUND_JUNEAU}`);
  const swaps = page.locator('details.map-events');
  await swaps.locator('summary').click();
  await expect(swaps.getByRole('link', { name: title })).toHaveAttribute('href', `/events/${event.id}`);
  const marker = page.getByRole('button', { name: new RegExp(`^Seed swap: ${title}`) });
  await expect(marker).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // A listing's pin may sit at the same spot: the marker is tapped as such, whatever covers it.
  await marker.dispatchEvent('click');
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
