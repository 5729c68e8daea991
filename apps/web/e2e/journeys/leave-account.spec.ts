import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { type Entry, fromBuffer } from 'yauzl';
import { PASSWORD, createMember, pngPhoto, postMessage, setLocation, signedInPage, snap } from '../support';

/** The names and bytes of every file in a ZIP, read with a real unzip library. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('a member downloads their data, then deletes their account; the other member keeps the chat, from "Deleted member"', async ({
  browser,
  request,
}) => {
  const [leaver, friend] = await Promise.all([createMember(request, 'leaver'), createMember(request, 'stayer')]);
  await setLocation(
    request,
    leaver,
    { city: 'Ogden', state: 'UT', postcode: '84401' },
    pngPhoto('me.png', [180, 60, 60]),
  );
  await postMessage(request, friend, leaver, 'Do you still have the squash seeds?');
  await postMessage(request, leaver, friend, 'Yes, come by on Saturday!');

  // Download my data: the browser gets a ZIP through a short-lived link, not the session token.
  const page = await signedInPage(browser, leaver);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data and account' });
  await expect(section).toBeVisible();
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^gardenswap-${leaver.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  await expect(section.getByText(/Your download has started/)).toBeVisible();
  const files = await unzip(await readFile((await download.path())!));
  expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({
    username: leaver.username,
    email: leaver.email,
    city: 'Ogden',
  });
  const messages = JSON.parse(files.get('messages.json')!.toString()) as { content: string; direction: string }[];
  expect(messages.map((m) => [m.direction, m.content])).toEqual([
    ['received', 'Do you still have the squash seeds?'],
    ['sent', 'Yes, come by on Saturday!'],
  ]);
  expect(files.get('photos/profile-picture.webp')!.subarray(8, 12).toString('ascii')).toBe('WEBP');
  await snap(page, 'profile-account-section');

  // The other member has the chat open.
  const other = await signedInPage(browser, friend);
  await other.goto(`/messages/${leaver.id}`);
  await expect(other.getByRole('heading', { name: `Chat with ${leaver.username}` })).toBeVisible();

  // Delete my account: the confirmation says what happens and wants the password.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('Deleted member');
  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await snap(page, 'delete-account-dialog');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your account was deleted.');
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  await snap(page, 'account-deleted');

  // Signed out for good: the profile sends them to the login page, and the password no longer works.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  const login = await request.post('/api/auth/login', { form: { username: leaver.email, password: PASSWORD } });
  expect(login.status()).toBe(401);

  // The other member still reads the conversation, from "Deleted member", and cannot reply.
  await other.goto('/messages');
  const thread = other.getByRole('link', { name: /Deleted member/ });
  await expect(thread).toContainText('Yes, come by on Saturday!');
  await expect(other.getByText(leaver.username)).toHaveCount(0);
  await thread.click();
  await expect(other.getByRole('heading', { name: 'Chat with Deleted member' })).toBeVisible();
  await expect(other.getByText('Do you still have the squash seeds?')).toBeVisible();
  await expect(other.getByText('Yes, come by on Saturday!')).toBeVisible();
  await expect(other.getByText('This member deleted their account.')).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await snap(other, 'chat-with-deleted-member');

  // Their old profile is gone for everyone.
  await other.goto(`/seller/${leaver.id}`);
  await expect(other.getByText(leaver.username)).toHaveCount(0);
});
