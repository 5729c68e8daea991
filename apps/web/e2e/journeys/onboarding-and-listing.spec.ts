import { expect, test } from '@playwright/test';
import { PASSWORD, PHONE, bearer, pngPhoto, storedSession, uniqueMember } from '../support';

test.use({ viewport: PHONE });

test('a new member registers, fills in personal info with a photo, posts a Have with a photo and makes it friends-only', async ({
  page,
  request,
}) => {
  const member = uniqueMember('grower');

  // Register through the card's Register tab.
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

  // Personal info: a photo, city, state and postcode.
  await expect(page).toHaveURL(/\/personal-info$/);
  await expect(page.getByRole('heading', { name: `Hello ${member.username}` })).toBeVisible();
  await page.getByLabel('Profile photo (optional)').setInputFiles(pngPhoto('me.png', [120, 90, 60]));
  await expect(page.getByRole('img', { name: 'Selected photo preview' })).toBeVisible();
  await expect(page.getByText('Change photo')).toBeVisible();
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('Postcode').fill('97201');
  await page.getByRole('button', { name: 'Next >' }).click();

  // Invite: the QR code and the profile link of this member.
  await expect(page).toHaveURL(/\/invite-your-friends$/);
  await expect(page.getByRole('heading', { name: 'Invite your friends' })).toBeVisible();
  const session = await storedSession(page);
  const link = `${new URL(page.url()).origin}/seller/${session.user.id}`;
  const qr = page.getByRole('img', { name: `QR code of your profile link ${link}` });
  await expect(qr).toBeVisible();
  await expect(qr.locator('svg')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your profile link' })).toHaveValue(link);

  // The photo and the place were stored.
  const profile = await (await request.get('/api/auth/profile', { headers: bearer(session) })).json();
  expect(profile).toMatchObject({ city: 'Portland', state: 'OR', zip_code: '97201' });
  expect(profile.profile_picture).toBeTruthy();

  await page.getByRole('button', { name: 'finish setup' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(page.getByText('You have not listed anything yet.')).toBeVisible();

  // Post a Have with a photo.
  const title = `Heirloom tomatoes ${member.username.slice(-5)}`;
  await page.getByRole('link', { name: 'Add a listing' }).click();
  await expect(page).toHaveURL(/\/listings\/new$/);
  await page.getByLabel('Item name').fill(title);
  await expect(page.getByLabel('Type')).toHaveValue('1');
  await page.getByLabel('Price ($)').fill('4');
  await page.getByLabel('Description').fill('A basket of ripe Brandywines from the back garden.');
  await page.getByLabel('Photos', { exact: true }).setInputFiles(pngPhoto('tomatoes.png', [180, 40, 40]));
  await expect(page.getByRole('img', { name: 'Photo 1 of 1, cover' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'publish the post to public' })).toBeChecked();
  const added = page.waitForResponse((r) => r.url().endsWith('/photos') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const listing = await (await added).json();
  expect(listing.featured_image).toBeTruthy();

  // The detail page of the new listing, photo included.
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', /^\/api\/uploads\//);
  await expect(page.getByText('$4')).toBeVisible();

  // My listings shows it with its picture, public.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'my lists' }).last().click();
  await expect(page).toHaveURL(/\/my-listings$/);
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/uploads\//);
  await expect(row.locator('img')).toHaveJSProperty('complete', true);
  expect(await row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const toggle = page.getByRole('switch', { name: `Public: ${title}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Make it friends-only: the server agrees, and it stays so after a reload.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/listings/${listing.id}/visibility`) && r.request().method() === 'PATCH',
  );
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(row.getByText('Friends only')).toBeVisible();
  const stored = await request.get(`/api/listings/${listing.id}`, { headers: bearer(session) });
  expect((await stored.json()).is_public).toBe(false);

  await page.reload();
  await expect(page.getByRole('switch', { name: `Public: ${title}` })).toHaveAttribute('aria-checked', 'false');
});
