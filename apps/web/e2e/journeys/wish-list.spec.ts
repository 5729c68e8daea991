import { WANTS_PER_CATEGORY } from '@gardenswap/shared/constants';
import { expect, test } from '@playwright/test';
import { bearer, createMember, signedInPage } from '../support';

test('the wish list takes five items in a category and no sixth; the saved list is what My listings and the API show', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'wisher');
  const page = await signedInPage(browser, member);
  await page.goto('/post-want');
  await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'produce', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const titles = ['Sweet potatoes', 'Garlic bulbs', 'Kale', 'Figs', 'Sour cherries'];
  const addItem = page.getByRole('button', { name: 'Add item' });
  const item = (n: number) => page.getByRole('textbox', { name: `produce item ${n}`, exact: true });
  // An empty last input: nothing to add after it yet.
  await expect(addItem).toBeDisabled();
  for (const [index, title] of titles.entries()) {
    if (index > 0) {
      await addItem.click();
      await expect(item(index + 1)).toBeFocused();
    }
    await item(index + 1).fill(title);
  }

  // The sixth is refused: the add button stays disabled under the note.
  expect(titles).toHaveLength(WANTS_PER_CATEGORY);
  await expect(page.getByText('Add no more than 5 items per category.')).toBeVisible();
  await expect(addItem).toBeDisabled();
  await expect(item(6)).toHaveCount(0);

  // One deleted: room for another again.
  await page.getByRole('button', { name: 'Delete Kale' }).click();
  await expect(page.getByRole('textbox', { name: /^produce item/ })).toHaveCount(4);
  await expect(addItem).toBeEnabled();
  const kept = titles.filter((t) => t !== 'Kale');
  for (const [index, title] of kept.entries()) {
    await expect(item(index + 1)).toHaveValue(title);
  }

  // Save: "Saving..." while the items go (the first one is held until we have seen it).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/listings/want-listings', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'save changes' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/my-listings\?tab=want$/);
  await expect(page.getByRole('tab', { name: 'Want' })).toHaveAttribute('aria-selected', 'true');
  const produce = page.getByRole('region', { name: 'produce' });
  await expect(produce.getByRole('listitem')).toHaveText(kept);

  const stored = await request.get('/api/listings/want-listings', { headers: bearer(member) });
  expect(stored.status()).toBe(200);
  const wants = (await stored.json()) as { title: string; category_id: number }[];
  expect(wants.map((w) => w.title).sort()).toEqual([...kept].sort());
  expect(wants.every((w) => w.category_id === 1)).toBe(true);

  // The editor opens on the saved list again.
  await page.getByRole('link', { name: 'Edit want list' }).click();
  for (const [index, title] of kept.entries()) {
    await expect(item(index + 1)).toHaveValue(title);
  }
  await expect(addItem).toBeEnabled();
});
