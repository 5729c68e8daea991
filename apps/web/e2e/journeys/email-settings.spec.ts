import { EMAIL_KIND_TEXTS } from '@gardenswap/shared/email-settings';
import { expect, test } from '@playwright/test';
import { bearer, createMember, DESKTOP, signedInPage, snap } from '../support';

test('e-mail switched per kind on the profile: messages off stays off, matches and friend requests stay on', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'quiet');
  const page = await signedInPage(browser, member);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  for (const kind of ['matches', 'friend_requests', 'messages'] as const)
    await expect(section.getByRole('switch', { name: EMAIL_KIND_TEXTS[kind].label })).toBeChecked();
  await snap(page, 'profile-email-settings');

  await section.getByRole('switch', { name: 'Messages' }).click();
  await expect(section.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/auth/profile', { headers: bearer(member) })).json()).email_notifications,
    )
    .toEqual({ matches: true, friend_requests: true, messages: false });

  await page.reload();
  await expect(section.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Matches' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Friend requests' })).toBeChecked();
  await page.setViewportSize(DESKTOP);
  await snap(page, 'profile-email-settings-desktop');
});
