import { SWAP_TEXTS } from '@gardenswap/shared/swaps';
import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  bearer,
  createMember,
  postListing,
  postWant,
  seriousA11yViolations,
  signedInPage,
  snap,
  socketJoined,
  uniqueWord,
} from '../support';

// Lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

// Letters only and ending in a consonant, so plural rules and stemming leave it whole.
const word = (prefix: string) => `${uniqueWord(prefix)}k`;

test('two members who complement each other find the swap live, in the marketplace and on the seller page', async ({
  browser,
  request,
}) => {
  const [rosa, tomas] = await Promise.all([createMember(request, 'rosa'), createMember(request, 'tomas')]);
  const tomatoKind = word('tom');
  const basilKind = word('bas');
  // Rosa grows basil and wants tomatoes; Tomas grows tomatoes.
  await postListing(request, rosa, { title: `Basil seedlings ${basilKind}`, type_id: 2, price: 0 });
  await postWant(request, rosa, `tomatoes ${tomatoKind}`);
  const tomatoes = await postListing(request, tomas, { title: `Cherry tomatoes ${tomatoKind}`, type_id: 2, price: 0 });

  // Rosa opens the marketplace: no swap yet, Tomas does not want basil.
  const page = await signedInPage(browser, rosa);
  const live = socketJoined(page);
  await page.goto('/listings');
  const section = page.getByRole('region', { name: SWAP_TEXTS.sectionTitle });
  await expect(section).toContainText('No swaps yet');
  await live;

  // Tomas adds basil to his want list: the swap appears in Rosa's open page.
  const want = await postWant(request, tomas, `basil ${basilKind}`);
  const swap = section.getByRole('listitem').filter({ hasText: `@${tomas.username}` });
  await expect(swap).toContainText(
    `They have: Cherry tomatoes ${tomatoKind} · They want: your Basil seedlings ${basilKind}`,
  );
  await expect(swap.getByRole('link', { name: `Cherry tomatoes ${tomatoKind}` })).toHaveAttribute(
    'href',
    `/listings/${tomatoes.id}`,
  );
  await snap(page, 'swaps-marketplace-phone');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Tomas sees the same swap from his side.
  const tomasPage = await signedInPage(browser, tomas);
  await tomasPage.goto('/listings');
  await expect(
    tomasPage
      .getByRole('region', { name: SWAP_TEXTS.sectionTitle })
      .getByRole('listitem')
      .filter({ hasText: `@${rosa.username}` }),
  ).toContainText(`They have: Basil seedlings ${basilKind} · They want: your Cherry tomatoes ${tomatoKind}`);

  // On Tomas's seller page Rosa finds the badge with the two items.
  await swap.getByRole('link', { name: `@${tomas.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/${tomas.id}$`));
  const badge = page.getByRole('note', { name: SWAP_TEXTS.badge });
  await expect(badge).toContainText(
    `${SWAP_TEXTS.badge}They have: Cherry tomatoes ${tomatoKind} · They want: your Basil seedlings ${basilKind}`,
  );
  await snap(page, 'swaps-seller-badge-phone');
  await page.setViewportSize(DESKTOP);
  await snap(page, 'swaps-seller-badge-desktop');

  // Tomas drops the want: the badge goes from Rosa's open page.
  const dropped = await request.delete(`/api/listings/want-listings/${want.id}`, { headers: bearer(tomas) });
  expect(dropped.status()).toBe(204);
  await expect(badge).toHaveCount(0);
  await page.context().close();
  await tomasPage.context().close();
});
