import { type Locator, expect, test } from '@playwright/test';
import { bearer, createMember, makeFriends, pngPhoto, postListing, signedInPage } from '../support';

/** The photo really drew: loaded, with pixels (a refused one leaves a broken image of width 0). */
const drawnWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1) as number);

test('a friends-only photo shows to a friend and to nobody else, even a stranger who kept its address', async ({
  browser,
  request,
}) => {
  const [owner, friend, stranger] = await Promise.all([
    createMember(request, 'owner'),
    createMember(request, 'friend'),
    createMember(request, 'stranger'),
  ]);
  await makeFriends(request, owner, friend);
  const listing = await postListing(request, owner, { title: 'Golden beets' }, pngPhoto('beets.png', [170, 120, 20]));

  // While public, the stranger sees the photo, and keeps its address.
  const strangerPage = await signedInPage(browser, stranger);
  await strangerPage.goto(`/listings/${listing.id}`);
  const strangersImg = strangerPage.getByRole('img', { name: 'Golden beets' });
  await expect.poll(() => drawnWidth(strangersImg)).toBeGreaterThan(0);
  const kept = await strangersImg.getAttribute('src');
  expect(kept).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.webp$/);

  const tightened = await request.patch(`/api/listings/${listing.id}/visibility`, {
    headers: bearer(owner),
    data: { is_public: false },
  });
  expect(tightened.status()).toBe(200);

  // The friend sees it through an address signed for them.
  const friendPage = await signedInPage(browser, friend);
  await friendPage.goto(`/listings/${listing.id}`);
  await expect(friendPage.getByText('Friends only')).toBeVisible();
  const friendsImg = friendPage.getByRole('img', { name: 'Golden beets' });
  await expect.poll(() => drawnWidth(friendsImg)).toBeGreaterThan(0);
  expect(await friendsImg.getAttribute('src')).toMatch(/\?v=\d+&exp=\d+&sig=/);
  await friendPage.goto('/listings'); // the marketplace opens on the friends tab
  const cardImg = friendPage.locator('img[src*="sig="]').first();
  await expect.poll(() => drawnWidth(cardImg)).toBeGreaterThan(0);

  // The stranger: the listing is gone for them, and the address they kept no longer answers.
  await strangerPage.reload();
  await expect(strangerPage.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
  const direct = await strangerPage.request.get(kept!);
  expect(direct.status()).toBe(404);
  // Their own browser may still hold the copy it cached while the photo was public; anyone the
  // address reaches from now on gets a broken image.
  const elsewhere = await signedInPage(browser, stranger);
  await elsewhere.goto('/');
  await elsewhere.setContent(`<img alt="kept" src="${new URL(kept!, strangerPage.url()).href}">`);
  await expect.poll(() => drawnWidth(elsewhere.getByRole('img', { name: 'kept' }))).toBe(0);
});
