import { NOTIFICATION_TEXTS } from '@gardenswap/shared/notifications';
import { EMAIL_KIND_TEXTS } from '@gardenswap/shared/email-settings';
import { expect, test } from '@playwright/test';
import {
  bearer,
  bellCount,
  createMember,
  mailHeader,
  mailText,
  notificationBell,
  notificationsOf,
  postListing,
  postWant,
  sentMails,
  signedInPage,
  socketJoined,
} from '../support';

test('a match end to end: the bell rises live, the notification links the listing, the e-mail arrives once; friends-only and edits tell no one again', async ({
  browser,
  request,
}) => {
  const [seller, wisher] = await Promise.all([createMember(request, 'grower'), createMember(request, 'wisher')]);
  const want = await postWant(request, wisher, 'tomato');
  const matchMails = () => sentMails().filter((m) => m.to === wisher.email && /You got a match/.test(m.raw));
  const matchesFor = async (listingId: number) =>
    (await notificationsOf(request, wisher)).filter((n) => n.type === 'match' && n.listing_id === listingId);

  // B sits on My lists, live connection up; a marker proves the page is never reloaded.
  const page = await signedInPage(browser, wisher);
  const live = socketJoined(page);
  await page.goto('/my-listings');
  await expect(page.getByRole('heading', { name: 'My lists' })).toBeVisible();
  await live;
  await expect(notificationBell(page)).toHaveAccessibleName('Notifications');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // A, a stranger, lists public cherry tomatoes: B's bell counts it, in the open page.
  const cherry = await postListing(request, seller, { title: 'Cherry tomatoes', category_id: 1, price: 3 });
  await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(1);
  await expect(notificationBell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await matchesFor(cherry.id)).toEqual([
    expect.objectContaining({ want_id: want.id, read_at: null, from_user: expect.objectContaining({ id: seller.id }) }),
  ]);

  // The notifications page tells what matched, linking the listing and the seller.
  const unreadBefore = await bellCount(page);
  await notificationBell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: NOTIFICATION_TEXTS.notificationsTitle })).toBeVisible();
  const item = page
    .getByRole('list', { name: NOTIFICATION_TEXTS.notificationsTitle })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Cherry tomatoes', exact: true }) });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(
    `Unread: You got a match: Cherry tomatoes by ${seller.username} matches tomato on your wish list.`,
  );
  await expect(item.getByRole('link', { name: seller.username, exact: true })).toHaveAttribute(
    'href',
    `/seller/${seller.id}`,
  );
  const link = item.getByRole('link', { name: 'Cherry tomatoes', exact: true });
  await expect(link).toHaveAttribute('href', `/listings/${cherry.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/listings/${cherry.id}$`));
  await expect(page.getByRole('heading', { name: 'Cherry tomatoes' })).toBeVisible();
  // Opening it read it: the bell has one fewer.
  await expect.poll(() => bellCount(page)).toBe(unreadBefore - 1);
  expect((await matchesFor(cherry.id))[0]!.read_at).not.toBeNull();

  // B's e-mail reaches the SMTP sink, with a one-click unsubscribe header and link.
  await expect.poll(() => matchMails().length).toBe(1);
  const mail = matchMails()[0]!.raw;
  expect(mailHeader(mail, 'Subject')).toBe('You got a match: Cherry tomatoes');
  const oneClick = /^<(.+)>$/.exec(mailHeader(mail, 'List-Unsubscribe') ?? '')?.[1];
  expect(oneClick).toMatch(/\/api\/mail\/unsubscribe\?token=/);
  expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  // The e-mail itself links the page of the same token, which asks before it turns anything off.
  const unsubscribe = oneClick!.replace('/api/mail/unsubscribe?', '/unsubscribe?');
  const body = mailText(mail);
  expect(body).toContain(`href="${unsubscribe}"`);
  expect(body).toContain(`/listings/${cherry.id}`);

  // A friends-only listing reaches no stranger; editing the public one tells no one again. A public
  // control listing afterwards shows the matcher ran after both (it works request by request).
  const roma = await postListing(request, seller, { title: 'Roma tomatoes', category_id: 1, is_public: false });
  const edited = await request.patch(`/api/listings/${cherry.id}`, {
    headers: bearer(seller),
    data: { title: 'Cherry tomatoes, sun ripened' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const control = await postListing(request, seller, { title: 'Tomato seedlings', category_id: 1 });
  await expect.poll(async () => (await matchesFor(control.id)).length).toBe(1);
  expect(await matchesFor(roma.id)).toEqual([]);
  expect(await matchesFor(cherry.id)).toHaveLength(1);
  await expect.poll(() => matchMails().length).toBe(2);
  expect(matchMails().filter((m) => /Roma tomatoes/.test(m.raw))).toEqual([]);
  expect(matchMails().filter((m) => /Cherry tomatoes, sun ripened/.test(m.raw))).toEqual([]);

  // The unsubscribe link works: B gets no more e-mails about matches (and the profile says so).
  await page.goto(unsubscribe);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText(EMAIL_KIND_TEXTS.matches.unsubscribed)).toBeVisible();
  const profile = await request.get('/api/auth/profile', { headers: bearer(wisher) });
  expect((await profile.json()).email_notifications).toEqual({
    matches: false,
    friend_requests: true,
    messages: true,
    trades: true,
    digest: true,
  });
});
