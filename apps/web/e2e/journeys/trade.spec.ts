import { type Locator, expect, test } from '@playwright/test';
import { bearer, createMember, pngPhoto, seriousA11yViolations, signedInPage, snap, socketJoined } from '../support';

/** The photo really drew: loaded, with pixels. */
const drawnWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1) as number);

// bypassCSP lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

test('a whole trade: photos, "I\'d like this", the card in the chat, reserve, hand over, thanks both ways', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await Promise.all([createMember(request, 'alice'), createMember(request, 'bob')]);
  const title = `Zucchini glut ${alice.username.slice(-5)}`;
  const pageA = await signedInPage(browser, alice);
  const pageB = await signedInPage(browser, bob);

  // Alice posts her giveaway through the form with three photos in one go, the second as the cover.
  await pageA.goto('/listings/new');
  await pageA.getByLabel('Item name').fill(title);
  await pageA.getByLabel('Type').selectOption({ label: 'Giveaway' });
  await pageA
    .getByLabel('Photos', { exact: true })
    .setInputFiles([
      pngPhoto('basket.png', [200, 160, 40]),
      pngPhoto('zucchini.png', [40, 160, 40]),
      pngPhoto('flower.png', [230, 200, 40]),
    ]);
  await expect(pageA.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();
  await pageA.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await expect(pageA.getByRole('img', { name: 'Photo 1 of 3, cover' })).toBeVisible();
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(pageA).toHaveURL(/\/listings\/\d+$/);
  const listing = { id: Number(new URL(pageA.url()).pathname.split('/').pop()) };
  // The listing as Bob is served it: three photos, the zucchini one first, as the cover.
  const seen = (await (await request.get(`/api/listings/${listing.id}`, { headers: bearer(bob) })).json()) as {
    thumbnail: string;
    photos: { image: string; thumbnail: string }[];
  };
  expect(seen.photos).toHaveLength(3);
  expect(seen.thumbnail).toBe(seen.photos[0]!.thumbnail);

  // Alice watches her listing: no one has asked yet.
  const liveA = socketJoined(pageA);
  await pageA.goto(`/listings/${listing.id}`);
  await expect(pageA.getByText('No one has asked for this yet.')).toBeVisible();
  await liveA;

  // Bob finds the listing and flips through its photos.
  await pageB.goto(`/listings/${listing.id}`);
  const gallery = pageB.getByRole('region', { name: `Photos of ${title}` });
  await expect(gallery.getByText('1 of 3')).toBeVisible();
  await expect.poll(() => drawnWidth(pageB.getByRole('img', { name: `${title}, photo 1 of 3` }))).toBeGreaterThan(0);
  await pageB
    .getByLabel(/use the left and right arrow keys/)
    .evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
  await expect(gallery.getByText('2 of 3')).toBeVisible();
  await snap(pageB, 'trade-listing-gallery');

  // Bob asks for it and lands in the chat, his message carrying a card of the listing.
  await pageB.getByRole('button', { name: "I'd like this" }).click();
  await expect(pageB.getByRole('heading', { name: `Chat with ${alice.username}` })).toBeVisible();
  const logB = pageB.getByRole('log', { name: 'Messages' });
  await expect(logB.getByText("Hi! I'd like this.")).toBeVisible();
  const card = logB.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('giveaway');
  // The card shows the cover photo.
  const cover = card.locator('img');
  await expect(cover).toHaveAttribute('src', `/api/${seen.thumbnail}`);
  await expect.poll(() => drawnWidth(cover)).toBeGreaterThan(0);
  await snap(pageB, 'trade-chat-card');

  // Alice sees him among the interested members at once, with a link to the chat.
  const interested = pageA.getByRole('listitem').filter({ hasText: bob.username });
  await expect(interested).toBeVisible();
  await expect(pageA.getByRole('link', { name: `Chat with ${bob.username}` })).toHaveAttribute(
    'href',
    `/messages/${bob.id}`,
  );

  // Bob opens the listing again and keeps it open while Alice reserves it for him with a note.
  const liveB = socketJoined(pageB);
  await pageB.goto(`/listings/${listing.id}`);
  await expect(pageB.getByText('You asked for this.')).toBeVisible();
  await liveB;
  await pageA.getByRole('button', { name: `Reserve for ${bob.username}` }).click();
  const form = pageA.getByRole('form', { name: `Reserve for ${bob.username}` });
  await form.getByLabel(/Pickup note/).fill('Saturday 10am at the side gate');
  await form.getByRole('button', { name: `Reserve for ${bob.username}` }).click();
  await expect(pageA.getByText(`Reserved for ${bob.username}`)).toBeVisible();
  await expect(pageB.getByText('Reserved for you')).toBeVisible();
  await expect(pageB.getByText('Saturday 10am at the side gate')).toBeVisible();
  await snap(pageB, 'trade-reserved-for-you');
  expect(await seriousA11yViolations(pageB)).toEqual([]);
  expect(await seriousA11yViolations(pageA)).toEqual([]);

  // Alice hands it over to Bob; it is gone, and both are asked for a thanks.
  await pageA.getByRole('button', { name: 'Hand over' }).click();
  await pageA.getByLabel('How', { exact: true }).selectOption({ label: 'Given' });
  await expect(pageA.getByLabel('To', { exact: true })).toHaveValue(String(bob.id));
  await pageA.getByRole('button', { name: 'Mark as handed over' }).click();
  await expect(pageA.getByText(`Given to ${bob.username}.`)).toBeVisible();
  await expect(pageB.getByText(`${alice.username} handed this over to you.`)).toBeVisible();
  await expect(pageB.getByText('No longer available')).toBeVisible();

  // Thanks both ways from "Your trades".
  await pageB.getByRole('link', { name: 'Say thanks' }).click();
  await pageB.getByLabel(`Thanks to ${alice.username}`).fill('Best zucchini of the summer, thank you!');
  await pageB.getByRole('button', { name: 'Send thanks' }).click();
  await expect(pageB.getByText(`You thanked ${alice.username}.`)).toBeVisible();

  await pageA.goto('/notifications');
  await expect(pageA.getByText(`${bob.username} thanked you`)).toBeVisible();
  await pageA.goto('/trades');
  expect(await seriousA11yViolations(pageA)).toEqual([]);
  await pageA.getByLabel(`Thanks to ${bob.username}`).fill('Lovely to meet you, enjoy!');
  await pageA.getByRole('button', { name: 'Send thanks' }).click();
  await expect(pageA.getByText(`You thanked ${bob.username}.`)).toBeVisible();

  // The seller page counts the trade and shows the thanks.
  await pageB.goto(`/seller/${alice.id}`);
  await expect(pageB.getByRole('heading', { name: '1 trade · 1 thanks' })).toBeVisible();
  await expect(pageB.getByText('Best zucchini of the summer, thank you!')).toBeVisible();
  await pageA.goto(`/seller/${bob.id}`);
  await expect(pageA.getByRole('heading', { name: '1 trade · 1 thanks' })).toBeVisible();
  await expect(pageA.getByText('Lovely to meet you, enjoy!')).toBeVisible();
  await snap(pageA, 'trade-seller-record');
  expect(await seriousA11yViolations(pageA)).toEqual([]);

  // Bob's notifications tell the story.
  await pageB.goto('/notifications');
  await expect(pageB.getByText(/reserved .* for you\. Pickup: Saturday 10am/)).toBeVisible();
  await expect(pageB.getByText(/changed hands with/)).toBeVisible();
  await expect(pageB.getByText(`${alice.username} thanked you`)).toBeVisible();
});
