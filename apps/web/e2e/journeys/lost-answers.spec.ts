import { expect, test } from '@playwright/test';
import { bearer, createMember, pngPhoto, signedInPage } from '../support';

test('a post whose answers are lost on the way back, posted again, makes one listing with one photo', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'flaky');
  const page = await signedInPage(browser, member);

  // The server gets the request and acts on it; the phone never hears back, once each.
  const cutFirstAnswer = (pattern: RegExp) => {
    let cut = false;
    return page.route(pattern, async (route) => {
      if (cut || route.request().method() !== 'POST') return route.continue();
      cut = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
  };
  await cutFirstAnswer(/\/api\/listings\/$/);
  await cutFirstAnswer(/\/api\/listings\/\d+\/photos$/);

  const title = `Rainbow chard ${member.username.slice(-5)}`;
  await page.goto('/listings/new');
  await page.getByLabel('Item name').fill(title);
  await page.getByLabel('Price ($)').fill('3');
  await page.getByLabel('Description').fill('A big bunch, picked this morning.');
  await page.getByLabel('Photos', { exact: true }).setInputFiles(pngPhoto('chard.png', [60, 160, 60]));
  await expect(page.getByRole('img', { name: 'Photo 1 of 1, cover' })).toBeVisible();

  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Failed to create listing. Please try again later.')).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('some photos could not be uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const mine = await (await request.get('/api/listings/?mine=true', { headers: bearer(member) })).json();
  expect(mine.map((l: { title: string }) => l.title)).toEqual([title]);
  const listing = await (await request.get(`/api/listings/${mine[0].id}`, { headers: bearer(member) })).json();
  expect(listing.photos).toHaveLength(1);
  await page.context().close();
});
