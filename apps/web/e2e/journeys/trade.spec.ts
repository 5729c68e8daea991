import { expect, test } from '@playwright/test';
import {
  createMember,
  pngPhoto,
  postListing,
  seriousA11yViolations,
  signedInPage,
  snap,
  socketJoined,
} from '../support';

// bypassCSP lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

test('a whole trade: "I\'d like this", the card in the chat, reserve, hand over, thanks both ways', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await Promise.all([createMember(request, 'alice'), createMember(request, 'bob')]);
  const title = `Zucchini glut ${alice.username.slice(-5)}`;
  const listing = await postListing(request, alice, { title, type_id: 3, price: 0 }, pngPhoto('zucchini.png'));
  const pageA = await signedInPage(browser, alice);
  const pageB = await signedInPage(browser, bob);

  // Alice watches her listing: no one has asked yet.
  const liveA = socketJoined(pageA);
  await pageA.goto(`/listings/${listing.id}`);
  await expect(pageA.getByText('No one has asked for this yet.')).toBeVisible();
  await liveA;

  // Bob asks for it and lands in the chat, his message carrying a card of the listing.
  await pageB.goto(`/listings/${listing.id}`);
  await pageB.getByRole('button', { name: "I'd like this" }).click();
  await expect(pageB.getByRole('heading', { name: `Chat with ${alice.username}` })).toBeVisible();
  const logB = pageB.getByRole('log', { name: 'Messages' });
  await expect(logB.getByText("Hi! I'd like this.")).toBeVisible();
  await expect(logB.getByRole('link', { name: new RegExp(title) })).toContainText('giveaway');
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
  await pageA.getByLabel('How').selectOption({ label: 'Given' });
  await expect(pageA.getByLabel('To')).toHaveValue(String(bob.id));
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
