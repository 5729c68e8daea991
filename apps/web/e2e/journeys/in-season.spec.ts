import { IN_SEASON_TEXTS } from '@gardenswap/shared/in-season-texts';
import { expect, test } from '@playwright/test';
import { createMember, postListing, postWant, setLocation, signedInPage } from '../support';

// Fairbanks, Alaska, and a street away: no other journey gardens within 25 miles of here.
const FAIRBANKS = { city: 'Fairbanks', state: 'AK', postcode: '99701' };
const NEXT_DOOR = { city: 'Fairbanks', state: 'AK', postcode: '99709' };

test('a member sees what neighbours list as "In season near you", searches it from a chip, and sees it beside a want', async ({
  browser,
  request,
}) => {
  const [grower, neighbour] = await Promise.all([createMember(request, 'grower'), createMember(request, 'neighbour')]);
  await Promise.all([setLocation(request, grower, NEXT_DOOR), setLocation(request, neighbour, FAIRBANKS)]);
  await postListing(request, grower, { title: 'Zucchini, too many', is_public: true });
  await postListing(request, grower, { title: 'Zucchinis from the allotment', is_public: true });
  await postListing(request, grower, { title: 'Rhubarb stalks', is_public: true });
  await postWant(request, neighbour, 'rhubarb');

  const page = await signedInPage(browser, neighbour);
  await page.goto('/listings');
  const season = page.getByRole('region', { name: IN_SEASON_TEXTS.heading });
  const chips = season.getByRole('link');
  await expect(chips).toHaveText(['Zucchini 2', 'Rhubarb 1']);

  await chips.first().click();
  await expect(page).toHaveURL(/[?&]q=zucchini/);
  await expect(page).toHaveURL(/[?&]within=25/);
  await expect(page.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('zucchini');
  await page.getByRole('tab', { name: 'Public' }).click();
  const cards = page.getByRole('article').filter({ hasText: grower.username });
  // Best match may order the two either way.
  await expect
    .poll(async () => (await cards.getByRole('heading').allTextContents()).sort())
    .toEqual(['Zucchini, too many', 'Zucchinis from the allotment']);

  await page.goto('/my-listings?tab=want');
  const want = page.getByRole('listitem').filter({ hasText: 'rhubarb' });
  await expect(want).toContainText('Rhubarb is being listed near you now');
});
