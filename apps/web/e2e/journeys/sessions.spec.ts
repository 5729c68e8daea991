import { type Browser, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, createMember, loginThroughForm, seriousA11yViolations, snap } from '../support';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A browser of its own (its user agent, its storage), signed in through the login card. */
async function deviceSignedIn(browser: Browser, email: string, userAgent: string, viewport = PHONE) {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await browser.newContext({ viewport, userAgent, bypassCSP: true });
  const page = await context.newPage();
  await loginThroughForm(page, email);
  await expect(page).toHaveURL(/\/my-listings$/);
  return page;
}

test('a member sees where they are signed in, signs the phone out, then everywhere else, and those browsers are sent to login', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'sessions');
  const laptop = await deviceSignedIn(browser, member.email, FIREFOX_WINDOWS, DESKTOP);
  const phone = await deviceSignedIn(browser, member.email, SAFARI_IPHONE);
  const tablet = await deviceSignedIn(browser, member.email, CHROME_ANDROID);

  await laptop.goto('/profile');
  const section = laptop.getByRole('region', { name: 'Signed-in sessions' });
  await expect(section.getByText('Safari on iOS')).toBeVisible();
  const thisDevice = section.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
  await expect(thisDevice).toContainText('This device');
  await expect(thisDevice).toContainText('Active now');
  await expect(thisDevice.getByRole('button')).toHaveCount(0);
  await snap(laptop, 'profile-sessions-1280');
  expect(await seriousA11yViolations(laptop)).toEqual([]);

  // Signing the phone out: it leaves the list, and the phone's next request sends it to login.
  await section.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(section.getByText('Safari on iOS')).toHaveCount(0);
  await expect(section.getByText('Chrome on Android')).toBeVisible();
  await phone.goto('/my-listings');
  await expect(phone).toHaveURL(/\/login$/);

  // Everywhere else: the tablet goes too, the laptop stays signed in.
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();
  // The tablet, and the session the journey's setup signed in through the API.
  await expect(section.getByText('Signed out of 2 other sessions.')).toBeVisible();
  await tablet.goto('/my-listings');
  await expect(tablet).toHaveURL(/\/login$/);
  await laptop.reload();
  await expect(laptop.getByRole('region', { name: 'Signed-in sessions' }).getByText('This device')).toBeVisible();

  // The phone signs in again and finds itself in its own list, marked as this device.
  await loginThroughForm(phone, member.email);
  await expect(phone).toHaveURL(/\/my-listings$/);
  await phone.goto('/profile');
  const onPhone = phone.getByRole('region', { name: 'Signed-in sessions' });
  await expect(onPhone.getByRole('listitem').filter({ hasText: 'Safari on iOS' })).toContainText('This device');
  await expect(onPhone.getByRole('listitem').filter({ hasText: 'Firefox on Windows' })).toBeVisible();
  await snap(phone, 'profile-sessions-390');
});
