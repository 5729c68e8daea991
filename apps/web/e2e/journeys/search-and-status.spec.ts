import { LISTING_TYPES } from '@gardenswap/shared/constants';
import { type Page, expect, test } from '@playwright/test';
import { type Member, bearer, createMember, listingCard, postListing, signedInPage } from '../support';

/** The marketplace cards of one seller (other journeys post public listings too). */
const cardsOf = (page: Page, seller: Member) => page.getByRole('article').filter({ hasText: seller.username });

/** The titles on a seller's cards, sorted (relevance may order equal matches either way). */
const titlesOf = async (page: Page, seller: Member) =>
  (await cardsOf(page, seller).getByRole('heading').allTextContents()).sort();

test('the Public tab searches as you type and filters by price and type; the address keeps the view through a reload', async ({
  browser,
  request,
}) => {
  const [seller, shopper] = await Promise.all([createMember(request, 'grower'), createMember(request, 'shopper')]);
  await postListing(request, seller, { title: 'Pattypan squash', type_id: LISTING_TYPES.sell, price: 4 });
  await postListing(request, seller, { title: 'Butternut squash', type_id: LISTING_TYPES.sell, price: 30 });
  await postListing(request, seller, { title: 'Sweet corn', type_id: LISTING_TYPES.exchange });

  const page = await signedInPage(browser, shopper);
  await page.goto('/listings');
  await page.getByRole('tab', { name: 'Public' }).click();
  await expect(page).toHaveURL(/[?&]tab=public/);
  await expect.poll(() => titlesOf(page, seller)).toEqual(['Butternut squash', 'Pattypan squash', 'Sweet corn']);

  // Typing narrows to the matching cards; the text goes into the address.
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('squash');
  await expect(page).toHaveURL(/[?&]q=squash/);
  await expect.poll(() => titlesOf(page, seller)).toEqual(['Butternut squash', 'Pattypan squash']);

  // Filters: at most $10, sales only.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('textbox', { name: 'Min' })).toHaveValue('0');
  await expect(filters.getByRole('textbox', { name: 'Max' })).toHaveValue('100');
  await filters.getByRole('textbox', { name: 'Max' }).fill('1x0');
  await expect(filters.getByRole('textbox', { name: 'Max' })).toHaveValue('10');
  for (const type of ['exchange', 'giveaway']) {
    await filters.getByRole('button', { name: type, exact: true }).click();
    await expect(filters.getByRole('button', { name: type, exact: true })).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(filters.getByRole('button', { name: 'sell', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await filters.getByRole('button', { name: 'Save' }).click();
  await expect(filters).toBeHidden();

  const filtered = /\/listings\?(?=.*\btab=public\b)(?=.*\bq=squash\b)(?=.*\btypes=sell\b)(?=.*\bmax=10\b)/;
  await expect(page).toHaveURL(filtered);
  await expect.poll(() => titlesOf(page, seller)).toEqual(['Pattypan squash']);
  await expect(listingCard(page, seller, 'Pattypan squash')).toContainText('$4');

  // A reload (or the shared address) shows the same view: box, cards and filters.
  await page.reload();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('squash');
  await expect.poll(() => titlesOf(page, seller)).toEqual(['Pattypan squash']);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(filters.getByRole('textbox', { name: 'Max' })).toHaveValue('10');
  await expect(filters.getByRole('button', { name: 'exchange', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await filters.getByRole('button', { name: 'Cancel' }).click();
  await expect(filters).toBeHidden();

  // Without the text the filters still hold: the corn is an exchange, the butternut over $10.
  const unsearched = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/listings/' &&
      !url.searchParams.has('q') &&
      url.searchParams.get('max_price') === '10' &&
      url.searchParams.getAll('type_id').join() === String(LISTING_TYPES.sell)
    );
  });
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('');
  expect((await unsearched).status()).toBe(200);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page).toHaveURL(/(?=.*\btypes=sell\b)(?=.*\bmax=10\b)/);
  await expect.poll(() => titlesOf(page, seller)).toEqual(['Pattypan squash']);
});

test('reserved listings carry a badge for everyone; gone ones leave the marketplace and stay in My listings', async ({
  browser,
  request,
}) => {
  const [owner, neighbour] = await Promise.all([createMember(request, 'owner'), createMember(request, 'neighbour')]);
  const potatoes = await postListing(request, owner, { title: 'Early potatoes', price: 6 });
  const onions = await postListing(request, owner, { title: 'Red onions', price: 2 });
  const ownerPage = await signedInPage(browser, owner);
  const neighbourPage = await signedInPage(browser, neighbour);

  await neighbourPage.goto('/listings?tab=public');
  await expect(listingCard(neighbourPage, owner, 'Early potatoes')).toBeVisible();
  await expect(listingCard(neighbourPage, owner, 'Early potatoes')).not.toContainText('Reserved');
  await expect(listingCard(neighbourPage, owner, 'Red onions')).toBeVisible();

  // The neighbour asks for the potatoes and the owner keeps them for him ("Reserve for …").
  expect(
    (await request.post(`/api/listings/${potatoes.id}/interest`, { headers: bearer(neighbour), data: {} })).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`/api/listings/${potatoes.id}/reservation`, {
        headers: bearer(owner),
        data: { user_id: neighbour.id },
      })
    ).status(),
  ).toBe(204);
  await ownerPage.goto(`/listings/${potatoes.id}`);
  const status = ownerPage.getByRole('combobox', { name: 'Status' });
  await expect(ownerPage.locator('.listing-badges').getByText('Reserved', { exact: true })).toBeVisible();
  await expect(status).toHaveValue('2');

  // … and marks the onions gone.
  await ownerPage.goto(`/listings/${onions.id}`);
  // Reserved is for a chosen member only: not a status the onions can be given by hand.
  await expect(status.getByRole('option')).toHaveText(['Available', 'Gone']);
  await status.selectOption({ label: 'Gone' });
  await expect(ownerPage.getByRole('status').filter({ hasText: 'No longer available' })).toBeVisible();
  await expect(status).toBeEnabled();
  await expect(status).toHaveValue('3');

  // The neighbour's marketplace: the potatoes reserved, the onions gone from it.
  await neighbourPage.reload();
  await expect(listingCard(neighbourPage, owner, 'Early potatoes')).toContainText('Reserved');
  await expect(listingCard(neighbourPage, owner, 'Red onions')).toHaveCount(0);
  await expect.poll(() => titlesOf(neighbourPage, owner)).toEqual(['Early potatoes']);

  // Nor are the onions on the owner's public Have tab.
  await neighbourPage.goto(`/seller/${owner.id}`);
  const haves = neighbourPage.getByRole('list', { name: 'Have' });
  await expect(haves.getByRole('link', { name: /Early potatoes/ })).toContainText(/reserved/i);
  await expect(haves.getByRole('link')).toHaveCount(1);

  // The owner still has both in My listings, each with its badge.
  await ownerPage.goto('/my-listings');
  const row = (title: string) => ownerPage.getByRole('listitem').filter({ hasText: title });
  await expect(row('Red onions')).toContainText('Gone');
  await expect(row('Early potatoes')).toContainText('Reserved');
});
