import { CATEGORIES } from '@gardenswap/shared/constants';
import { type Page, expect, test } from '@playwright/test';
import { createMember, makeFriends, postListing, signedInPage } from './support';

/**
 * The schemas (zod and the shared contract) are the largest code the app has, and evaluating them
 * costs a phone a long task: only pages with forms need them. These check, in the browser, that
 * the pages a member opens first show without ever loading them.
 */

/** The scripts the page has loaded so far, each with whether it holds the schemas. */
async function scriptsHoldingSchemas(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.endsWith('.js')),
  );
  expect(urls.length).toBeGreaterThan(0);
  const holding: string[] = [];
  for (const url of urls) {
    // zod names each of its schema classes, and minifying keeps the names (they are strings).
    if ((await (await page.request.get(url)).text()).includes('$ZodType')) holding.push(new URL(url).pathname);
  }
  return holding;
}

test('the home page shows without loading the schemas', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect(await scriptsHoldingSchemas(page)).toEqual([]);
});

test('the marketplace shows its cards, a seed lot’s line and hint among them, without loading the schemas', async ({
  browser,
  request,
}) => {
  const [me, friend] = await Promise.all([createMember(request, 'paint'), createMember(request, 'paint')]);
  await makeFriends(request, me, friend);
  await postListing(request, friend, {
    title: 'Parsnip seeds',
    category_id: CATEGORIES.seeds,
    pollination: 'heirloom',
    packed_year: 2019,
  });
  const page = await signedInPage(browser, me);
  await page.goto('/listings?category=seeds');
  const card = page.locator('article.listing-card', { hasText: 'Parsnip seeds' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Heirloom');
  await expect(card).toContainText('Parsnip seeds usually keep');
  expect(await scriptsHoldingSchemas(page)).toEqual([]);
  // A page with a form does load them: the check above can see them when they are there.
  await page.goto('/listings/new');
  await expect(page.getByLabel('Item name')).toBeVisible();
  expect((await scriptsHoldingSchemas(page)).length).toBeGreaterThan(0);
});
