import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { SHARED_PHOTOS_FIELD, SHARE_TARGET_PATH } from '@gardenswap/shared/share-target';
import { expect, test } from '@playwright/test';
import {
  PHONE,
  WITH_WORKER,
  bearer,
  createMember,
  pngPhoto,
  serviceWorkerActive,
  signedInPage,
  snap,
  uniqueWord,
} from '../support';

test('photos shared from the gallery open "Post what you have" with them, and post as the listing\'s photos', async ({
  browser,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'sharer');
  const title = `Runner beans ${uniqueWord('bean')}`;

  // The manifest offers the app as a share target for images, as the system share sheet reads it.
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toEqual({
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARED_PHOTOS_FIELD, accept: ['image/*'] }] },
  });

  // The app as installed: its service worker in control.
  const page = await signedInPage(browser, member, PHONE, WITH_WORKER);
  await page.goto('/my-listings');
  await serviceWorkerActive(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The share sheet opens the share target with a form post of the photos, as Android's does.
  await page.evaluate(
    ([action, field]) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      form.enctype = 'multipart/form-data';
      const input = Object.assign(document.createElement('input'), { type: 'file', name: field, multiple: true });
      input.id = 'shared-photos';
      form.append(input);
      document.body.append(form);
    },
    [SHARE_TARGET_PATH, SHARED_PHOTOS_FIELD] as const,
  );
  await page.setInputFiles('#shared-photos', [
    pngPhoto('beans.png', [40, 120, 40]),
    pngPhoto('pods.png', [90, 60, 30]),
  ]);
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form:has(#shared-photos)')!.submit());

  await expect(page.getByRole('heading', { name: 'Post what you have' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 of 2, cover' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();
  await expect(page.getByText(PWA_TEXTS.sharedPhotosAdded)).toBeVisible();
  // Taken: the address no longer asks for them, so a reload would open an empty form.
  await expect(page).toHaveURL(/\/listings\/new$/);
  await snap(page, 'share-into-post-form');

  await page.getByLabel('Item name').fill(title);
  await page.getByLabel('Price ($)').fill('2');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/listings\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const posted = (await (await request.get(`/api/listings/${id}`, { headers: bearer(member) })).json()) as {
    title: string;
    photos: unknown[];
  };
  expect(posted.title).toBe(title);
  expect(posted.photos).toHaveLength(2);
  await expect(page.getByRole('region', { name: `Photos of ${title}` }).getByText('1 of 2')).toBeVisible();

  // Shared again with no image (another app's text, say): the form opens and says so.
  await page.evaluate(
    ([action, field]) => {
      const form = Object.assign(document.createElement('form'), {
        method: 'post',
        action,
        enctype: 'multipart/form-data',
      });
      form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: field, value: 'text only' }));
      document.body.append(form);
      form.submit();
    },
    [SHARE_TARGET_PATH, SHARED_PHOTOS_FIELD] as const,
  );
  await expect(page.getByText(PWA_TEXTS.sharedPhotosMissing)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo 1 of/ })).toHaveCount(0);
  await page.context().close();
});
