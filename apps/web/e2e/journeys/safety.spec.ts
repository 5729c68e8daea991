import { SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { type Page, expect, test } from '@playwright/test';
import {
  bearer,
  createMember,
  listingCard,
  makeFriends,
  postListing,
  signedInPage,
  socketJoined,
  uniqueWord,
} from '../support';

/** The results of /friend-search. */
const results = (page: Page) => page.getByRole('list', { name: 'Results' });

test('after A blocks C, A vanishes for C: marketplace, search, seller page and an open chat (403); a listing can be reported', async ({
  browser,
  request,
}) => {
  const [blocker, blocked, neighbour] = await Promise.all([
    createMember(request, 'blocker'),
    createMember(request, 'blocked'),
    createMember(request, 'neighbour'),
  ]);
  await makeFriends(request, blocker, blocked);
  // Both listings carry the same rare word, so one search finds exactly these two.
  const word = uniqueWord();
  const mine = await postListing(request, blocker, {
    title: 'Purple sprouting broccoli',
    description: `Picked from ${word} this week.`,
  });
  const theirs = await postListing(request, neighbour, {
    title: 'Rainbow chard',
    description: `Also from ${word}.`,
  });

  // Before: C sees A's public listing in the marketplace and in search.
  const pageC = await signedInPage(browser, blocked);
  await pageC.goto('/listings?tab=public');
  await expect(pageC.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  await expect(listingCard(pageC, blocker, mine.title)).toBeVisible();
  await expect(listingCard(pageC, neighbour, theirs.title)).toBeVisible();

  await pageC.goto('/friend-search');
  await pageC.getByRole('tab', { name: 'Public' }).click();
  await pageC.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(results(pageC).getByRole('link')).toHaveCount(2);
  await expect(results(pageC).getByRole('link', { name: new RegExp(mine.title) })).toBeVisible();

  // C reports the listing from its page: a reason, then the thank-you.
  await results(pageC)
    .getByRole('link', { name: new RegExp(mine.title) })
    .click();
  await expect(pageC.getByRole('heading', { name: mine.title })).toBeVisible();
  await pageC.getByRole('button', { name: 'Report listing' }).click();
  const report = pageC.getByRole('dialog', { name: 'Report listing' });
  await report.getByRole('textbox', { name: 'Reason' }).fill('Not broccoli at all, it is cauliflower.');
  const sent = pageC.waitForResponse((r) => r.url().endsWith('/api/reports') && r.request().method() === 'POST');
  await report.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(201);
  await expect(report).toBeHidden();
  await expect(pageC.getByText(SAFETY_TEXTS.reportSent)).toBeVisible();

  // C opens a chat with A, live.
  const live = socketJoined(pageC);
  await pageC.goto(`/messages/${blocker.id}`);
  await expect(pageC.getByRole('heading', { name: `Chat with ${blocker.username}` })).toBeVisible();
  await live;

  // A blocks C from C's seller page, after confirming; C's page is then gone for A too.
  const pageA = await signedInPage(browser, blocker);
  await pageA.goto(`/seller/${blocked.id}`);
  await expect(pageA.getByRole('heading', { name: `@${blocked.username}` })).toBeVisible();
  await expect(pageA.getByText('1 friend', { exact: true })).toBeVisible();
  await pageA.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = pageA.getByRole('dialog', { name: `Block ${blocked.username}?` });
  await expect(confirm).toContainText('you cannot message each other');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(pageA.getByRole('heading', { name: 'User not found' })).toBeVisible();
  // The friendship ended with the block.
  const profileA = await request.get('/api/auth/profile', { headers: bearer(blocker) });
  expect((await profileA.json()).friend_count).toBe(0);

  // C's open chat refuses to send, with the clear reason; the API answers 403.
  const text = 'Is the broccoli still there?';
  await pageC.getByRole('textbox', { name: 'Message' }).fill(text);
  await pageC.getByRole('button', { name: 'Send' }).click();
  await expect(pageC.getByRole('alert').filter({ hasText: SAFETY_TEXTS.cannotMessage })).toBeVisible();
  const direct = await request.post('/api/messages', {
    headers: bearer(blocked),
    data: { receiver_id: blocker.id, content: text },
  });
  expect(direct.status()).toBe(403);
  expect((await direct.json()).detail).toBe(SAFETY_TEXTS.cannotMessage);

  // Straight away, A's seller page does not exist for C, though the chat had read A's profile moments ago.
  await pageC.goto(`/seller/${blocker.id}`);
  await expect(pageC.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(pageC.getByRole('heading', { name: `@${blocker.username}` })).toHaveCount(0);

  // C's marketplace and search go on without A's listing; the neighbour's is still there.
  await pageC.goto('/listings?tab=public');
  await expect(listingCard(pageC, neighbour, theirs.title)).toBeVisible();
  await expect(listingCard(pageC, blocker, mine.title)).toHaveCount(0);
  await expect(pageC.getByRole('article').filter({ hasText: blocker.username })).toHaveCount(0);

  await pageC.goto(`/friend-search?tab=public&q=${word}`);
  await expect(results(pageC).getByRole('link', { name: new RegExp(theirs.title) })).toBeVisible();
  await expect(results(pageC).getByRole('link')).toHaveCount(1);

  // A's listing does not exist for C.
  await pageC.goto(`/listings/${mine.id}`);
  await expect(pageC).toHaveURL(/\/not-found$/);
});
