import { expect, test } from '@playwright/test';
import { createMember, pngPhoto, postListing, signedInPage } from '../support';

test('the owner deletes a listing after confirming; its address then leads to "Listing not found"', async ({
  browser,
  request,
}) => {
  const owner = await createMember(request, 'owner');
  const doomed = await postListing(request, owner, { title: 'Surplus zucchini', price: 2 }, pngPhoto('zucchini.png'));
  await postListing(request, owner, { title: 'Basil seedlings', type_id: 3, category_id: 3 });
  const page = await signedInPage(browser, owner);

  await page.goto('/my-listings');
  await page.getByRole('link', { name: /Surplus zucchini/ }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${doomed.id}$`));
  await expect(page.getByRole('heading', { name: 'Surplus zucchini' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  // Cancelling keeps it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete listing' });
  await expect(dialog.getByText('Are you sure you want to delete Surplus zucchini?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(page.getByRole('link', { name: /Basil seedlings/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Surplus zucchini/ })).toHaveCount(0);

  await page.goto(`/listings/${doomed.id}`);
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
});

test("a stranger on someone else's public listing sees Share and the chat control, never Edit or Delete", async ({
  browser,
  request,
}) => {
  const [owner, stranger] = await Promise.all([createMember(request, 'owner'), createMember(request, 'stranger')]);
  const listing = await postListing(request, owner, { title: 'Runner bean seeds', type_id: 2, category_id: 2 });
  const hidden = await postListing(request, owner, { title: 'Friends-only figs', is_public: false });
  const page = await signedInPage(browser, stranger);

  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Runner bean seeds' })).toBeVisible();
  await expect(page.getByText('exchange', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: owner.username, exact: true })).toHaveAttribute(
    'href',
    `/seller/${owner.id}`,
  );
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share listing' });
  await expect(share.getByRole('textbox', { name: 'Listing link' })).toHaveValue(
    `${new URL(page.url()).origin}/listings/${listing.id}`,
  );
  await share.getByRole('button', { name: 'Cancel' }).click();
  await expect(share).toBeHidden();

  await page.getByRole('link', { name: `Message ${owner.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${owner.id}$`));
  await expect(page.getByRole('heading', { name: `Chat with ${owner.username}` })).toBeVisible();

  // A friends-only listing of someone who is not a friend does not exist for the stranger.
  await page.goto(`/listings/${hidden.id}`);
  await expect(page).toHaveURL(/\/not-found$/);
});
