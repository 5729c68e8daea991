import { expect, test } from '@playwright/test';
import { bearer, createMember, listingCard, postListing, signedInPage, snap } from '../support';

test('a listing reads its age on the card and its page, and "renewed" once its owner renews it', async ({
  browser,
  request,
}) => {
  const [owner, neighbour] = await Promise.all([createMember(request, 'grower'), createMember(request, 'neighbour')]);
  const beans = await postListing(request, owner, { title: 'Runner beans' });

  const page = await signedInPage(browser, neighbour);
  await page.goto('/listings?tab=public');
  await expect(listingCard(page, owner, 'Runner beans')).toContainText('listed today');
  await page.goto(`/listings/${beans.id}`);
  await expect(page.getByRole('heading', { name: 'Runner beans' })).toBeVisible();
  await expect(page.locator('.listing-detail-age')).toHaveText('listed today');

  // The owner says it is still available (the notification's button calls the same route).
  const renewed = await request.post(`/api/listings/${beans.id}/renew`, { headers: bearer(owner) });
  expect(renewed.status()).toBe(200);
  await page.reload();
  await expect(page.locator('.listing-detail-age')).toHaveText('renewed today');
  await snap(page, 'listing-detail-renewed');

  // Only the owner renews.
  expect((await request.post(`/api/listings/${beans.id}/renew`, { headers: bearer(neighbour) })).status()).toBe(403);
});
