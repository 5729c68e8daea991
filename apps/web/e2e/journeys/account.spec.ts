import { ACCOUNT_TEXTS } from '@gardenswap/shared/account';
import { TEXTS } from '@gardenswap/shared/texts';
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  PHONE,
  bearer,
  createMember,
  loginThroughForm,
  mailLinks,
  seriousA11yViolations,
  sentMails,
  signedInPage,
  snap,
  storedSession,
  uniqueMember,
} from '../support';

// bypassCSP only so axe-core can be injected for the accessibility checks.
test.use({ viewport: PHONE, bypassCSP: true });

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Confirm your email' });

test('a new member confirms their address from the e-mail the banner resends', async ({ page, request }) => {
  const member = uniqueMember('sprout');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(member.username);
  await form.getByLabel('First name').fill(member.first_name);
  await form.getByLabel('Last name').fill(member.last_name);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/personal-info$/);
  // Registration already sent one link.
  await mailLinks(member.email, '/confirm-email', 1);

  await page.goto('/my-listings');
  await expect(banner(page)).toContainText(`${ACCOUNT_TEXTS.bannerText} ${member.email}.`);
  await snap(page, 'confirm-email-banner');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Resend' }).click();
  await expect(banner(page).getByRole('status')).toHaveText(
    `We sent a confirmation link to ${member.email}. Check your inbox.`,
  );

  // The resent link, read from the SMTP sink, confirms the address in this signed-in browser:
  // opening it confirms nothing (mail scanners open every link), its button does.
  const links = await mailLinks(member.email, '/confirm-email', 2);
  await page.goto(links[1]!);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  const session = await storedSession(page);
  const before = await (await request.get('/api/auth/profile', { headers: bearer(session) })).json();
  expect(before.email_confirmed).toBe(false);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.confirmed)).toBeVisible();
  await snap(page, 'confirm-email-done');
  await page.getByRole('link', { name: 'Go to the marketplace' }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // Opened again, the used link says so.
  await page.goto(links[1]!);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.linkUsed);
});

test('a member changes their e-mail on the profile; it takes effect from the link, the old address is told', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'mover');
  const newEmail = `new_${member.email}`;
  const page = await signedInPage(browser, member);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change email' }).click();
  const form = page.getByRole('form', { name: 'Change email' });

  // A wrong current password is refused beside its field.
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('not my password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}. Check your inbox.`)).toBeVisible();
  await expect(page.getByText(/Waiting for confirmation/)).toContainText(newEmail);
  await snap(page, 'profile-email-pending');
  await page.getByRole('button', { name: 'Change password' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The old address hears of it; sign-in still uses it.
  await expect
    .poll(
      () =>
        sentMails().filter((m) => m.to === member.email && m.raw.includes(ACCOUNT_TEXTS.changeRequestedSubject)).length,
    )
    .toBe(1);

  // The link from the new address's inbox, opened in a browser where nobody is signed in.
  const [link] = await mailLinks(newEmail, '/confirm-email', 1);
  const guest = await browser.newContext({ viewport: PHONE });
  const guestPage = await guest.newPage();
  await guestPage.goto(link!);
  await guestPage.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(guestPage.getByRole('heading', { name: 'Email changed' })).toBeVisible();
  await expect(guestPage.getByText(`Your email is now ${newEmail}. Use it to sign in from now on.`)).toBeVisible();

  // The member's profile shows the new address, and the old one got the notice of the change.
  await page.reload();
  await expect(page.locator('.profile-email')).toHaveText(newEmail);
  await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);
  await expect
    .poll(
      () =>
        sentMails().filter((m) => m.to === member.email && m.raw.includes(ACCOUNT_TEXTS.emailChangedSubject)).length,
    )
    .toBe(1);

  // Signing in now takes the new address, not the old one.
  await loginThroughForm(guestPage, member.email);
  await expect(guestPage.getByText(TEXTS.badCredentials)).toBeVisible();
  await loginThroughForm(guestPage, newEmail);
  await expect(guestPage).toHaveURL(/\/my-listings$/);

  // Changing the password on the profile signs that other browser out; this one stays signed in.
  const newPassword = 'a fresh row of beans 4';
  await page.getByRole('button', { name: 'Change password' }).click();
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill(PASSWORD);
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Confirm new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.passwordChanged)).toBeVisible();
  expect((await storedSession(page)).token).not.toBe(member.token);
  expect((await request.get('/api/auth/profile', { headers: bearer(member) })).status()).toBe(401);
  await guestPage.goto('/profile');
  await expect(guestPage).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.locator('.profile-email')).toHaveText(newEmail);
  await guest.close();
});

test('a member who forgot their password resets it from the e-mailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'forgetful');
  const newPassword = 'a whole new trellis 9';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('status')).toHaveText(TEXTS.passwordResetSent);

  const [link] = await mailLinks(member.email, '/reset-password', 1);
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);

  // The old password no longer works; the new one does, and the link is spent.
  const old = await request.post('/api/auth/login', { form: { username: member.email, password: PASSWORD } });
  expect(old.status()).toBe(401);
  const fresh = await request.post('/api/auth/login', { form: { username: member.email, password: newPassword } });
  expect(fresh.status()).toBe(200);
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('yet another one 10');
  await page.getByLabel('Confirm password').fill('yet another one 10');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(TEXTS.passwordResetInvalid);
});
