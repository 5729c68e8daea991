import { expect, test } from '@playwright/test';
import { createMember, loginThroughForm, signedInPage } from './support';

test.describe('guards, 404 and sessions', () => {
  test('a guest reaches / and /login; anything else goes to /login and comes back after signing in', async ({
    page,
    request,
  }) => {
    const member = await createMember(request, 'guard');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();

    await page.goto(`/seller/${member.id}`);
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughForm(page, member.email);
    await expect(page).toHaveURL(new RegExp(`/seller/${member.id}$`));
  });

  test('a signed-in member is sent from /login to /my-listings', async ({ browser, request }) => {
    const member = await createMember(request, 'guard');
    const page = await signedInPage(browser, member);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/my-listings$/);
  });

  test('an unknown address shows "Page Not Found" with a way home', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an expired session is removed at start-up and the member signs in again', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() =>
      localStorage.setItem(
        'auth',
        JSON.stringify({ token: 'old', user: { id: 1, username: 'old' }, expiresAt: Date.now() - 1000 }),
      ),
    );
    const page = await context.newPage();
    await page.goto('/my-listings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('a revoked session: the next call answers 401, the stored auth is removed and the member is sent to /login', async ({
    browser,
    request,
  }) => {
    const member = await createMember(request, 'guard');
    const page = await signedInPage(browser, member);
    await page.goto('/profile');
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
    // Logged out elsewhere: the server revokes the token.
    const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${member.token}` } });
    expect(out.status()).toBe(204);
    await page.goto('/my-listings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('legacy addresses lead to their current screens; a bad chat id goes to /messages', async ({
    browser,
    request,
  }) => {
    const member = await createMember(request, 'guard');
    const page = await signedInPage(browser, member);
    await page.goto('/my-listings-old');
    await expect(page).toHaveURL(/\/my-listings$/);
    await page.goto('/messages/not-a-number');
    await expect(page).toHaveURL(/\/messages$/);
    await page.goto('/listings/999999');
    await expect(page).toHaveURL(/\/not-found$/);
  });
});
