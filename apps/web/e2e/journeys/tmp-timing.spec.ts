import { SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { type Page, expect, test } from '@playwright/test';
import {
  bearer,
  createMember,
  makeFriends,
  postListing,
  signedInPage,
  socketJoined,
  uniqueWord,
} from '../support';

/** The marketplace card of a listing, by its title. */
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

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
  console.log("T1", Date.now() % 100000, 29);
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
  console.log("T2", Date.now() % 100000, 43);
  await expect(pageC.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  console.log("T3", Date.now() % 100000, 44);
  await expect(card(pageC, mine.title)).toContainText(blocker.username);
  console.log("T4", Date.now() % 100000, 45);
  await expect(card(pageC, theirs.title)).toBeVisible();
  console.log("T5", Date.now() % 100000, 46);

  await pageC.goto('/friend-search');
  console.log("T6", Date.now() % 100000, 48);
  await pageC.getByRole('tab', { name: 'Public' }).click();
  console.log("T7", Date.now() % 100000, 49);
  await pageC.getByRole('searchbox', { name: 'Search' }).fill(word);
  console.log("T8", Date.now() % 100000, 50);
  await expect(results(pageC).getByRole('link')).toHaveCount(2);
  console.log("T9", Date.now() % 100000, 51);
  await expect(results(pageC).getByRole('link', { name: new RegExp(mine.title) })).toBeVisible();
  console.log("T10", Date.now() % 100000, 52);

  // C reports the listing from its page: a reason, then the thank-you.
  await results(pageC).getByRole('link', { name: new RegExp(mine.title) }).click();
  console.log("T11", Date.now() % 100000, 55);
  await expect(pageC.getByRole('heading', { name: mine.title })).toBeVisible();
  console.log("T12", Date.now() % 100000, 56);
  await pageC.getByRole('button', { name: 'Report listing' }).click();
  console.log("T13", Date.now() % 100000, 57);
  const report = pageC.getByRole('dialog', { name: 'Report listing' });
  await report.getByRole('textbox', { name: 'Reason' }).fill('Not broccoli at all, it is cauliflower.');
  console.log("T14", Date.now() % 100000, 59);
  const sent = pageC.waitForResponse((r) => r.url().endsWith('/api/reports') && r.request().method() === 'POST');
  await report.getByRole('button', { name: 'Send report' }).click();
  console.log("T15", Date.now() % 100000, 61);
  expect((await sent).status()).toBe(201);
  await expect(report).toBeHidden();
  console.log("T16", Date.now() % 100000, 63);
  await expect(pageC.getByText(SAFETY_TEXTS.reportSent)).toBeVisible();
  console.log("T17", Date.now() % 100000, 64);

  // C opens a chat with A, live.
  const live = socketJoined(pageC);
  await pageC.goto(`/messages/${blocker.id}`);
  console.log("T18", Date.now() % 100000, 68);
  await expect(pageC.getByRole('heading', { name: `Chat with ${blocker.username}` })).toBeVisible();
  console.log("T19", Date.now() % 100000, 69);
  await live;
  console.log("T20", Date.now() % 100000, 70);

  // A blocks C from C's seller page, after confirming; C's page is then gone for A too.
  const pageA = await signedInPage(browser, blocker);
  await pageA.goto(`/seller/${blocked.id}`);
  console.log("T21", Date.now() % 100000, 74);
  await expect(pageA.getByRole('heading', { name: `@${blocked.username}` })).toBeVisible();
  console.log("T22", Date.now() % 100000, 75);
  await expect(pageA.getByText('1 friend', { exact: true })).toBeVisible();
  console.log("T23", Date.now() % 100000, 76);
  await pageA.getByRole('button', { name: 'Block', exact: true }).click();
  console.log("T24", Date.now() % 100000, 77);
  const confirm = pageA.getByRole('dialog', { name: `Block ${blocked.username}?` });
  await expect(confirm).toContainText('you cannot message each other');
  console.log("T25", Date.now() % 100000, 79);
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  console.log("T26", Date.now() % 100000, 80);
  await expect(confirm).toBeHidden();
  console.log("T27", Date.now() % 100000, 81);
  await expect(pageA.getByRole('heading', { name: 'User not found' })).toBeVisible();
  console.log("T28", Date.now() % 100000, 82);
  // The friendship ended with the block.
  const profileA = await request.get('/api/auth/profile', { headers: bearer(blocker) });
  expect((await profileA.json()).friend_count).toBe(0);

  // C's open chat refuses to send, with the clear reason; the API answers 403.
  const text = 'Is the broccoli still there?';
  await pageC.getByRole('textbox', { name: 'Message' }).fill(text);
  console.log("T29", Date.now() % 100000, 89);
  await pageC.getByRole('button', { name: 'Send' }).click();
  console.log("T30", Date.now() % 100000, 90);
  await expect(pageC.getByRole('alert').filter({ hasText: SAFETY_TEXTS.cannotMessage })).toBeVisible();
  console.log("T31", Date.now() % 100000, 91);
  const direct = await request.post('/api/messages', {
    headers: bearer(blocked),
    data: { receiver_id: blocker.id, content: text },
  });
  expect(direct.status()).toBe(403);
  expect((await direct.json()).detail).toBe(SAFETY_TEXTS.cannotMessage);

  // C's marketplace and search go on without A's listing; the neighbour's is still there.
  await pageC.goto('/listings?tab=public');
  console.log("T32", Date.now() % 100000, 100);
  await expect(card(pageC, theirs.title)).toBeVisible();
  console.log("T33", Date.now() % 100000, 101);
  await expect(card(pageC, mine.title)).toHaveCount(0);
  console.log("T34", Date.now() % 100000, 102);
  await expect(pageC.getByRole('article').filter({ hasText: blocker.username })).toHaveCount(0);
  console.log("T35", Date.now() % 100000, 103);

  await pageC.goto(`/friend-search?tab=public&q=${word}`);
  console.log("T36", Date.now() % 100000, 105);
  await expect(results(pageC).getByRole('link', { name: new RegExp(theirs.title) })).toBeVisible();
  console.log("T37", Date.now() % 100000, 106);
  await expect(results(pageC).getByRole('link')).toHaveCount(1);
  console.log("T38", Date.now() % 100000, 107);

  // A's seller page and listing do not exist for C.
  await pageC.goto(`/seller/${blocker.id}`);
  console.log("T39", Date.now() % 100000, 110);
  await expect(pageC.getByRole('heading', { name: 'User not found' })).toBeVisible();
  console.log("T40", Date.now() % 100000, 111);
  await pageC.goto(`/listings/${mine.id}`);
  console.log("T41", Date.now() % 100000, 112);
  await expect(pageC).toHaveURL(/\/not-found$/);
  console.log("T42", Date.now() % 100000, 113);
});
