import { CATEGORIES, LISTING_TYPES } from '@gardenswap/shared/constants';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  bearer,
  createMember,
  listingCard,
  postListing,
  seriousA11yViolations,
  signedInPage,
  snap,
  uniqueWord,
} from '../support';

// bypassCSP lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

test('a member posts a seed lot with its details; another finds it with the seed filters and sees them, and the germination hint', async ({
  browser,
  request,
}) => {
  const [grower, finder] = await Promise.all([createMember(request, 'seedsaver'), createMember(request, 'seedfinder')]);
  const year = new Date().getFullYear();
  const packed = year - 8;
  // A variety no other journey's listing holds: the search box finds the lots by it alone.
  const word = uniqueWord('saved');
  const variety = `Brandywine ${word}`;

  // The grower posts through the form: the seed fields come with the seeds category.
  const growerPage = await signedInPage(browser, grower);
  await growerPage.goto('/listings/new');
  await expect(growerPage.getByRole('group', { name: SEED_TEXTS.sectionTitle })).toHaveCount(0);
  await growerPage.getByRole('button', { name: 'seeds', exact: true }).click();
  const seeds = growerPage.getByRole('group', { name: SEED_TEXTS.sectionTitle });
  await growerPage.getByLabel('Item name').fill('Tomato seeds');
  await growerPage.getByLabel('Type').selectOption({ label: 'Giveaway' });
  await seeds.getByLabel(SEED_TEXTS.variety).fill(variety);
  await seeds.getByLabel(SEED_TEXTS.packedYear).fill('1900');
  await growerPage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(seeds.getByText(SEED_TEXTS.packedYearTooEarly)).toBeVisible();
  await seeds.getByLabel(SEED_TEXTS.packedYear).fill(String(packed));
  await seeds.getByLabel(SEED_TEXTS.pollination).selectOption({ label: 'Heirloom' });
  await seeds.getByLabel(SEED_TEXTS.quantity).fill('about 50 seeds');
  await seeds.getByRole('checkbox', { name: SEED_TEXTS.organic }).check();
  await seeds.getByRole('checkbox', { name: SEED_TEXTS.canMail }).check();
  await snap(growerPage, 'seed-lots-form-phone');
  expect(await seriousA11yViolations(growerPage)).toEqual([]);
  const posted = growerPage.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/listings/' && r.request().method() === 'POST',
  );
  await growerPage.getByRole('button', { name: 'Post', exact: true }).click();
  const lot = await (await posted).json();
  expect(lot).toMatchObject({ variety, packed_year: packed, pollination: 'heirloom', organic: true, can_mail: true });
  await expect(growerPage).toHaveURL(new RegExp(`/listings/${lot.id}$`));
  await expect(growerPage.getByRole('region', { name: SEED_TEXTS.detailTitle })).toContainText(variety);

  // A second lot of the same variety word, young, hybrid, not organic, pickup only: the filters leave it out.
  await postListing(request, grower, {
    title: 'Tomato seeds',
    type_id: LISTING_TYPES.giveaway,
    category_id: CATEGORIES.seeds,
    variety: `Sungold ${word}`,
    packed_year: year,
    pollination: 'hybrid',
    organic: false,
    can_mail: false,
  });

  // The finder searches the public seeds by the variety: both lots, each with its line.
  const page = await signedInPage(browser, finder);
  await page.goto('/listings?tab=public');
  await page.getByRole('button', { name: 'seeds', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(word);
  const cards = page.getByRole('article').filter({ hasText: grower.username });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Hybrid · packed ${year}` })).toHaveCount(1);

  // The seed filters: heirloom, organic only, can send by mail.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Heirloom', exact: true }).click();
  await filters.getByRole('button', { name: SEED_TEXTS.filterOrganic }).click();
  await filters.getByRole('button', { name: SEED_TEXTS.filterCanMail }).click();
  await snap(page, 'seed-lots-filters-phone');
  const filtered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/listings/' &&
      url.searchParams.get('pollination') === 'heirloom' &&
      url.searchParams.get('organic') === 'true' &&
      url.searchParams.get('can_mail') === 'true'
    );
  });
  await filters.getByRole('button', { name: 'Save' }).click();
  expect((await filtered).status()).toBe(200);
  await expect(page).toHaveURL(
    /(?=.*\bpollination=heirloom\b)(?=.*\borganic=1\b)(?=.*\bmail=1\b)(?=.*\bcategory=seeds\b)/,
  );
  await expect(cards).toHaveCount(1);
  const card = listingCard(page, grower, 'Tomato seeds');
  await expect(card).toContainText(`Heirloom · organic · packed ${packed} · can mail`);
  await expect(card).toContainText(SEED_TEXTS.germinationHintShort('Tomato', 4));
  await snap(page, 'seed-lots-marketplace-phone');

  // Its page: every detail, and the hint for seed packed long ago.
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/listings/${lot.id}$`));
  const details = page.getByRole('region', { name: SEED_TEXTS.detailTitle });
  for (const [term, value] of [
    [SEED_TEXTS.variety, variety],
    [SEED_TEXTS.packedYear, String(packed)],
    [SEED_TEXTS.pollination, 'Heirloom'],
    [SEED_TEXTS.organic, SEED_TEXTS.yes],
    [SEED_TEXTS.quantity, 'about 50 seeds'],
    [SEED_TEXTS.handover, SEED_TEXTS.pickupOrMail],
  ]) {
    await expect(details.getByRole('term').filter({ hasText: term })).toBeVisible();
    await expect(details.getByRole('definition').filter({ hasText: value })).toBeVisible();
  }
  await expect(details.getByRole('note')).toHaveText(SEED_TEXTS.germinationHint('Tomato', 4, packed));
  await snap(page, 'seed-lots-detail-phone');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await snap(page, 'seed-lots-detail-desktop');

  // The API agrees with what the screens showed.
  const answer = await request.get(`/api/listings/${lot.id}`, { headers: bearer(finder) });
  expect(await answer.json()).toMatchObject({ quantity: 'about 50 seeds', organic: true });
});
