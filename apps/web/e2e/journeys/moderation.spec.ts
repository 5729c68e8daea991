import { MODERATION_TEXTS, suspendedText } from '@gardenswap/shared/moderation';
import { SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  bellCount,
  bearer,
  createMember,
  listingCard,
  loginThroughForm,
  makeModerator,
  mailText,
  notificationBell,
  pngPhoto,
  postListing,
  seriousA11yViolations,
  sentMails,
  signedInPage,
  snap,
  socketJoined,
  uniqueWord,
} from '../support';

// axe is injected as a script: the page's own CSP would refuse it.
test.use({ bypassCSP: true });

test('a member reports a listing; a moderator hides it from /moderation while its owner watches it disappear', async ({
  browser,
  request,
}) => {
  const [owner, reporter, moderator, neighbour] = await Promise.all([
    createMember(request, 'owner'),
    createMember(request, 'reporter'),
    createMember(request, 'moderator'),
    createMember(request, 'neighbour'),
  ]);
  const word = uniqueWord('beans');
  const listing = await postListing(
    request,
    owner,
    { title: `Magic beans ${word}`, description: 'They grow to the sky, guaranteed.' },
    pngPhoto('beans.png', [120, 90, 40]),
  );

  // A member reports the listing from its page.
  const reporterPage = await signedInPage(browser, reporter);
  await reporterPage.goto(`/listings/${listing.id}`);
  await expect(reporterPage.getByRole('heading', { name: listing.title })).toBeVisible();
  await reporterPage.getByRole('button', { name: 'Report listing' }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report listing' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('These are ordinary beans sold as magic.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporterPage.getByText(SAFETY_TEXTS.reportSent)).toBeVisible();

  // Until the operator marks them, the future moderator is a member like any other.
  const moderatorPage = await signedInPage(browser, moderator, DESKTOP);
  await moderatorPage.goto('/moderation');
  await expect(moderatorPage.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect((await request.get('/api/moderation/reports', { headers: bearer(moderator) })).status()).toBe(403);
  makeModerator(moderator);

  // The owner has the listing open, live; a neighbour sees it in the marketplace.
  const ownerPage = await signedInPage(browser, owner);
  const live = socketJoined(ownerPage);
  await ownerPage.goto(`/listings/${listing.id}`);
  await expect(ownerPage.getByRole('heading', { name: listing.title })).toBeVisible();
  await live;
  await expect(ownerPage.getByText(MODERATION_TEXTS.hiddenNotice)).toHaveCount(0);
  const neighbourPage = await signedInPage(browser, neighbour);
  await neighbourPage.goto(`/listings?tab=public&q=${word}`);
  await expect(listingCard(neighbourPage, owner, listing.title)).toBeVisible();

  // The moderator finds the report in context and hides the listing, with a reason.
  await moderatorPage.goto('/profile');
  await moderatorPage.getByRole('link', { name: 'Moderation' }).first().click();
  await expect(moderatorPage.getByRole('heading', { name: MODERATION_TEXTS.title, level: 1 })).toBeVisible();
  const group = moderatorPage.getByRole('listitem').filter({
    has: moderatorPage.getByRole('heading', { name: `Listing “${listing.title}”` }),
  });
  await expect(group.getByText('“These are ordinary beans sold as magic.”')).toBeVisible();
  await expect(group.getByRole('link', { name: reporter.username })).toBeVisible();
  await expect(group.getByRole('img', { name: listing.title })).toBeVisible();
  await snap(moderatorPage, 'moderation-desktop');
  expect(await seriousA11yViolations(moderatorPage)).toEqual([]);
  await group.getByRole('button', { name: 'Hide listing' }).click();
  const confirm = moderatorPage.getByRole('dialog', { name: 'Hide listing' });
  await expect(confirm).toContainText('from everyone but its owner');
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Misleading: these are ordinary beans');
  await confirm.getByRole('button', { name: 'Hide listing' }).click();
  await expect(confirm).toBeHidden();
  await expect(group).toHaveCount(0);
  await expect(
    moderatorPage
      .getByRole('list', { name: MODERATION_TEXTS.logTitle })
      .getByText(`hid the listing “${listing.title}”`),
  ).toBeVisible();

  // The owner's open page changes by itself: the notice, and the bell.
  await expect(
    ownerPage.getByText(`${MODERATION_TEXTS.hiddenNotice}: Misleading: these are ordinary beans`),
  ).toBeVisible();
  await expect.poll(() => bellCount(ownerPage)).toBe(1);
  await snap(ownerPage, 'listing-hidden-phone');
  await notificationBell(ownerPage).click();
  await expect(ownerPage.getByText(/A moderator hid your listing/)).toBeVisible();

  // Everyone else: gone from the marketplace and from its address.
  await neighbourPage.reload();
  await expect(neighbourPage.getByText(`No results for “${word}”`)).toBeVisible();
  await expect(listingCard(neighbourPage, owner, listing.title)).toHaveCount(0);
  await neighbourPage.goto(`/listings/${listing.id}`);
  await expect(neighbourPage.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
  // Its photo too.
  expect((await request.get(`/api/${listing.featured_image}`)).status()).toBe(404);

  // The reporter is told the outcome in the app; the owner by e-mail as well.
  await reporterPage.goto('/notifications');
  await expect(reporterPage.getByText(/hid the listing/)).toBeVisible();
  await expect
    .poll(() => sentMails().filter((m) => m.to === owner.email && /moderator hid your listing/i.test(m.raw)).length)
    .toBe(1);
  const mail = sentMails().find((m) => m.to === owner.email && /moderator hid your listing/i.test(m.raw))!;
  expect(mailText(mail.raw)).toContain('Misleading: these are ordinary beans');

  // The moderator thinks again: the listing waits under "Hidden listings", and is shown again with a reason.
  const hidden = moderatorPage
    .getByRole('list', { name: MODERATION_TEXTS.hiddenTitle })
    .getByRole('listitem')
    .filter({ has: moderatorPage.getByRole('heading', { name: listing.title }) });
  await expect(
    hidden.getByText(`${MODERATION_TEXTS.hiddenNotice}: Misleading: these are ordinary beans`),
  ).toBeVisible();
  await hidden.getByRole('button', { name: `Unhide “${listing.title}”` }).click();
  const unhide = moderatorPage.getByRole('dialog', { name: 'Unhide listing' });
  await expect(unhide).toContainText('The owner is told why');
  await unhide.getByRole('textbox', { name: 'Reason' }).fill('On a second look they are fine beans');
  await unhide.getByRole('button', { name: 'Unhide listing' }).click();
  await expect(unhide).toBeHidden();
  await expect(hidden).toHaveCount(0);
  await expect(
    moderatorPage
      .getByRole('list', { name: MODERATION_TEXTS.logTitle })
      .getByText(`unhid the listing “${listing.title}”`),
  ).toBeVisible();

  // The owner is told in the app, live, and by e-mail; their listing page has no notice any more.
  await expect(ownerPage.getByText(/A moderator made your listing .* visible again/)).toBeVisible();
  await expect
    .poll(() => sentMails().filter((m) => m.to === owner.email && /listing is visible again/i.test(m.raw)).length)
    .toBe(1);
  await ownerPage.goto(`/listings/${listing.id}`);
  await expect(ownerPage.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(ownerPage.getByText(MODERATION_TEXTS.hiddenNotice)).toHaveCount(0);

  // Everyone else finds it again: in the marketplace, at its address, and its photo.
  await neighbourPage.goto(`/listings?tab=public&q=${word}`);
  await expect(listingCard(neighbourPage, owner, listing.title)).toBeVisible();
  await neighbourPage.goto(`/listings/${listing.id}`);
  await expect(neighbourPage.getByRole('heading', { name: listing.title })).toBeVisible();
  expect((await request.get(`/api/${listing.featured_image}`)).status()).toBe(200);

  // The neighbour has no way in.
  await neighbourPage.goto('/moderation');
  await expect(neighbourPage.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await moderatorPage.setViewportSize(PHONE);
  await moderatorPage.goto('/moderation');
  await expect(moderatorPage.getByRole('list', { name: MODERATION_TEXTS.logTitle })).toBeVisible();
  await snap(moderatorPage, 'moderation-phone');
  expect(await seriousA11yViolations(moderatorPage)).toEqual([]);
});

test('a moderator lifts a suspension early: the member signs in again at once and finds their listing back', async ({
  browser,
  request,
}) => {
  const [member, reporter, moderator] = await Promise.all([
    createMember(request, 'suspended'),
    createMember(request, 'reporter'),
    createMember(request, 'moderator'),
  ]);
  makeModerator(moderator);
  const word = uniqueWord('leeks');
  const listing = await postListing(request, member, { title: `Giant leeks ${word}` });

  // Reported and suspended for a month, as from the moderation page.
  const reported = await request.post('/api/reports', {
    headers: bearer(reporter),
    data: { target_type: 'user', target_id: member.id, reason: 'Sends the same advert to everyone' },
  });
  expect(reported.status()).toBe(201);
  const suspended = await request.post('/api/moderation/actions', {
    headers: bearer(moderator),
    data: { action: 'suspend', target_type: 'user', target_id: member.id, note: 'Spamming members', days: 30 },
  });
  expect(suspended.status()).toBe(201);
  const memberPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await loginThroughForm(memberPage, member.email);
  await expect(memberPage.getByText(suspendedText((await suspended.json()).suspended_until))).toBeVisible();

  // The moderator finds them under "Suspended members", with the reason, and lifts it with a reason.
  const moderatorPage = await signedInPage(browser, moderator, DESKTOP);
  await moderatorPage.goto('/moderation');
  const entry = moderatorPage
    .getByRole('list', { name: MODERATION_TEXTS.suspendedTitle })
    .getByRole('listitem')
    .filter({ has: moderatorPage.getByRole('link', { name: member.username }) });
  await expect(entry.getByText('“Spamming members”')).toBeVisible();
  await snap(moderatorPage, 'moderation-suspended-desktop');
  expect(await seriousA11yViolations(moderatorPage)).toEqual([]);
  await entry.getByRole('button', { name: `Lift suspension of ${member.username}` }).click();
  const confirm = moderatorPage.getByRole('dialog', { name: 'Lift suspension' });
  await expect(confirm).toContainText('can sign in again at once');
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('They explained: a friend used their phone');
  await confirm.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(confirm).toBeHidden();
  await expect(entry).toHaveCount(0);
  await expect(
    moderatorPage
      .getByRole('list', { name: MODERATION_TEXTS.logTitle })
      .getByText(`lifted the suspension of ${member.username}`),
  ).toBeVisible();

  // The member signs in at once and is told why, in the app and by e-mail.
  await loginThroughForm(memberPage, member.email);
  await expect(notificationBell(memberPage)).toBeVisible();
  await memberPage.goto('/notifications');
  await expect(
    memberPage.getByText(
      'A moderator lifted the suspension of your account. Reason: They explained: a friend used their phone',
    ),
  ).toBeVisible();
  await expect
    .poll(() => sentMails().filter((m) => m.to === member.email && /no longer suspended/i.test(m.raw)).length)
    .toBe(1);

  // Their listing is back in the marketplace.
  const reporterPage = await signedInPage(browser, reporter);
  await reporterPage.goto(`/listings?tab=public&q=${word}`);
  await expect(listingCard(reporterPage, member, listing.title)).toBeVisible();
});
