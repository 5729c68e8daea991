import { EMAIL_KINDS, EMAIL_KIND_TEXTS, UNSUBSCRIBE_TEXTS } from '@gardenswap/shared/email-settings';
import { expect, test } from '@playwright/test';
import { bearer, createMember, DESKTOP, mailText, sentMails, signedInPage, snap } from '../support';

test('e-mail switched per kind on the profile: messages off stays off, the other kinds stay on', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'quiet');
  const page = await signedInPage(browser, member);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  // A member who registers now starts with every kind on, the weekly "new near you" too.
  await expect(section.getByRole('switch')).toHaveCount(EMAIL_KINDS.length);
  for (const kind of EMAIL_KINDS)
    await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS[kind].label })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'New near you, weekly' })).toBeChecked();
  await snap(page, 'profile-email-settings');

  await section.getByRole('switch', { name: 'Messages' }).click();
  await expect(section.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/auth/profile', { headers: bearer(member) })).json()).email_notifications,
    )
    .toEqual({ matches: true, friend_requests: true, messages: false, trades: true, digest: true });

  await page.reload();
  await expect(section.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Matches' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Friend requests' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Pickup and event times' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'New near you, weekly' })).toBeChecked();
  await page.setViewportSize(DESKTOP);
  await snap(page, 'profile-email-settings-desktop');
});

/** The unsubscribe link an e-mail shows (its plain-text footer), once the e-mail has arrived. */
async function unsubscribeLinkIn(to: string, about: RegExp) {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = sentMails().find((m) => m.to === to.toLowerCase() && about.test(m.raw));
      link = mail && /^Unsubscribe: (\S+)$/m.exec(mailText(mail.raw))?.[1];
      return link;
    })
    .toBeDefined();
  return link!;
}

test("an e-mail's unsubscribe link asks first: opening it turns nothing off, its button turns off that kind only", async ({
  browser,
  request,
}) => {
  const [asker, member] = await Promise.all([createMember(request, 'asker'), createMember(request, 'asked')]);
  const asked = await request.post('/api/auth/friends/request', {
    headers: bearer(asker),
    data: { friend_id: member.id },
  });
  expect(asked.status()).toBe(201);
  const link = await unsubscribeLinkIn(member.email, /wants to be friends/);
  expect(new URL(link).pathname).toBe('/unsubscribe');

  const page = await signedInPage(browser, member);
  const question = page.getByRole('heading', { name: EMAIL_KIND_TEXTS.friend_requests.unsubscribeQuestion });
  await page.goto(link);
  await expect(question).toBeVisible();
  await snap(page, 'unsubscribe-page');
  // The address e-mails carried before the page existed leads to the same page.
  await page.goto(link.replace('/unsubscribe?', '/api/mail/unsubscribe?'));
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(question).toBeVisible();

  // Opened twice, and nothing changed: every switch on the profile is still on.
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  await page.goto('/profile');
  for (const kind of EMAIL_KINDS)
    await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS[kind].label })).toBeChecked();

  // The button does it, and says what it turned off.
  await page.goto(link);
  await page.getByRole('button', { name: UNSUBSCRIBE_TEXTS.button }).click();
  await expect(page.getByRole('heading', { name: UNSUBSCRIBE_TEXTS.doneTitle })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(EMAIL_KIND_TEXTS.friend_requests.unsubscribed);
  await page.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settings }).click();
  await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS.friend_requests.label })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS.matches.label })).toBeChecked();
  await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS.messages.label })).toBeChecked();
  await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS.trades.label })).toBeChecked();
  await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS.digest.label })).toBeChecked();
});
