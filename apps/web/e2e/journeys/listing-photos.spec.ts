import { type Locator, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, bearer, createMember, pngPhoto, seriousA11yViolations, signedInPage, snap } from '../support';

/** The photo really drew: loaded, with pixels. */
const drawnWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1) as number);

type Photo = { id: number; image: string; thumbnail: string };

// bypassCSP only so axe-core can be injected for the accessibility checks.
test.use({ bypassCSP: true });

test('a seller posts three photos in one go, orders them and picks the cover; a neighbour flips through them', async ({
  browser,
  request,
}) => {
  const [seller, neighbour] = await Promise.all([createMember(request, 'photos'), createMember(request, 'looker')]);
  const title = `Rainbow chard ${seller.username.slice(-5)}`;

  // Three photos in one go on the post form.
  const page = await signedInPage(browser, seller, PHONE);
  await page.goto('/listings/new');
  await page.getByLabel('Item name').fill(title);
  await page.getByLabel('Price ($)').fill('3');
  await page
    .getByLabel('Photos', { exact: true })
    .setInputFiles([
      pngPhoto('red.png', [200, 40, 40]),
      pngPhoto('green.png', [40, 160, 40]),
      pngPhoto('blue.png', [40, 40, 200]),
    ]);
  await expect(page.getByRole('img', { name: 'Photo 1 of 3, cover' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();

  // Reorder by keyboard (blue one step earlier), then make the last one (green) the cover: green, red, blue.
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  await snap(page, 'listing-photos-form');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/photos')) uploads.push(r.url());
  });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/listings\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect(uploads).toHaveLength(3); // one request per photo, each with its own progress
  const posted = (await (await request.get(`/api/listings/${id}`, { headers: bearer(seller) })).json()) as {
    featured_image: string;
    photos: Photo[];
  };
  expect(posted.photos).toHaveLength(3);
  expect(posted.featured_image).toBe(posted.photos[0]!.image);
  const [green, red, blue] = posted.photos;

  // On the edit page: red becomes the cover again, and blue is dragged before green.
  await page.goto(`/listings/${id}/edit`);
  await expect(page.getByRole('img', { name: 'Photo 1 of 3, cover' })).toHaveAttribute(
    'src',
    `/api/${green!.thumbnail}`,
  );
  await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  const tiles = page.getByRole('list', { name: 'Chosen photos, the cover first' }).getByRole('listitem');
  await tiles.nth(2).dragTo(tiles.nth(1));
  await expect(page.getByRole('img', { name: 'Photo 2 of 3' })).toHaveAttribute('src', `/api/${blue!.thumbnail}`);
  const ordered = page.waitForResponse((r) => r.url().endsWith('/photos/order') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await ordered).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/listings/${id}$`));
  const edited = (await (await request.get(`/api/listings/${id}`, { headers: bearer(seller) })).json()) as {
    thumbnail: string;
    photos: Photo[];
  };
  expect(edited.photos.map((p) => p.id)).toEqual([red!.id, blue!.id, green!.id]);
  expect(edited.thumbnail).toBe(red!.thumbnail);

  // A neighbour on a desktop: arrows and keys, with where they are.
  const desk = await signedInPage(browser, neighbour, DESKTOP);
  await desk.goto(`/listings/${id}`);
  const gallery = desk.getByRole('region', { name: `Photos of ${title}` });
  await expect(gallery.getByText('1 of 3')).toBeVisible();
  await expect.poll(() => drawnWidth(desk.getByRole('img', { name: `${title}, photo 1 of 3` }))).toBeGreaterThan(0);
  await desk.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByText('2 of 3')).toBeVisible();
  await desk.getByLabel(/use the left and right arrow keys/).focus();
  await desk.keyboard.press('ArrowRight');
  await expect(gallery.getByText('3 of 3')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await desk.keyboard.press('ArrowLeft');
  await expect(gallery.getByText('2 of 3')).toBeVisible();
  await expect.poll(() => drawnWidth(desk.getByRole('img', { name: `${title}, photo 2 of 3` }))).toBeGreaterThan(0);
  await snap(desk, 'listing-photos-gallery');
  expect(await seriousA11yViolations(desk)).toEqual([]);

  // The same neighbour on a phone swipes: the strip scrolls a photo's width and snaps.
  const phone = await signedInPage(browser, neighbour, PHONE);
  await phone.goto(`/listings/${id}`);
  const strip = phone.getByLabel(/use the left and right arrow keys/);
  await expect(phone.getByRole('button', { name: 'Next photo' })).toBeHidden();
  await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
  await expect(phone.getByText('2 of 3')).toBeVisible();
  await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth * 0.8, behavior: 'instant' }));
  await expect(phone.getByText('3 of 3')).toBeVisible();
  await snap(phone, 'listing-photos-gallery-phone');
});
