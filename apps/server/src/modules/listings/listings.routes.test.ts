import { TEXTS } from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { type FilePart, multipartBody } from '../../../test/multipart.js';

let ctx: TestContext;
let owner: TestUser;
let friend: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await createUser(ctx, { city: 'Portland', state: 'OR', zip_code: '97201', address: '12 Secret Lane' });
  friend = await createUser(ctx);
  stranger = await createUser(ctx);
  await befriend(ctx, owner, friend);
});
afterAll(() => ctx.close());

const validListing = { title: 'Cherry tomatoes', description: 'Sweet', price: 4, type_id: 1, category_id: 1 };

const get = (as: TestUser | undefined, url: string) => ctx.inject({ method: 'GET', url, as });

function postJson(as: TestUser | undefined, payload: unknown) {
  return ctx.inject({ method: 'POST', url: '/api/listings/', as, payload: payload as Record<string, unknown> });
}

function postForm(as: TestUser, fields: Record<string, string>, ...files: FilePart[]) {
  return ctx.inject({ method: 'POST', url: '/api/listings/', as, ...multipartBody(fields, ...files) });
}

function putImage(as: TestUser, id: number, ...files: FilePart[]) {
  return ctx.inject({ method: 'PUT', url: `/api/listings/${id}/image`, as, ...multipartBody({}, ...files) });
}

const imagePart = (data: Buffer, filename = 'photo.jpg'): FilePart => ({
  field: 'image',
  filename,
  contentType: 'image/jpeg',
  data,
});

const jpeg = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toBuffer();

const fetchUpload = (path: string) => ctx.inject({ method: 'GET', url: `/api/${path}` });

function expectValidation(res: Awaited<ReturnType<typeof postJson>>, field: string, message: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: message });
  expect(res.json().errors).toContainEqual({ field, message });
}

async function listingRow(id: number) {
  return ctx.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('POST /api/listings/', () => {
  it('answers 401 without a session', async () => {
    const res = await postJson(undefined, validListing);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('creates a listing from JSON with the defaults of the post form and the owner from a join', async () => {
    const res = await postJson(owner, validListing);
    expect(res.statusCode).toBe(201);
    const listing = res.json();
    expect(listing).toMatchObject({
      title: 'Cherry tomatoes',
      description: 'Sweet',
      price: 4,
      featured_image: null,
      thumbnail: null,
      is_active: true,
      is_public: true,
      type_id: 1,
      state_id: 1,
      category_id: 1,
      owner_id: owner.id,
      owner: {
        id: owner.id,
        username: owner.username,
        profile_picture: null,
        city: 'Portland',
        state: 'OR',
        zip_code: '97201',
      },
    });
    expect(Object.keys(listing.owner).sort()).toEqual([
      'city',
      'id',
      'profile_picture',
      'state',
      'username',
      'zip_code',
    ]);
    expect(JSON.stringify(listing)).not.toContain('Secret Lane');
    expect(new Date(listing.created_at).toISOString()).toBe(listing.created_at);
    expect(await listingRow(listing.id)).toMatchObject({ owner_id: owner.id, title: 'Cherry tomatoes' });
  });

  it('stores price 0 for exchange and giveaway whatever was sent', async () => {
    for (const type_id of [2, 3]) {
      const res = await postJson(owner, { ...validListing, type_id, price: 25 });
      expect(res.statusCode).toBe(201);
      expect(res.json().price).toBe(0);
      expect((await listingRow(res.json().id))?.price).toBe(0);
    }
  });

  it.each([
    ['a short title', { title: 'ab' }, 'title', TEXTS.titleTooShort],
    ['an empty title', { title: '   ' }, 'title', TEXTS.titleRequired],
    ['no title', { title: undefined }, 'title', TEXTS.titleRequired],
    ['a sell price of 0', { price: 0 }, 'price', TEXTS.sellPriceRequired],
    ['a sell listing without a price', { price: undefined }, 'price', TEXTS.sellPriceRequired],
    ['a description over 1000 characters', { description: 'x'.repeat(1001) }, 'description', TEXTS.descriptionTooLong],
    ['an unknown type', { type_id: 4 }, 'type_id', TEXTS.typeInvalid],
    ['an unknown category', { category_id: 9 }, 'category_id', TEXTS.categoryInvalid],
  ])('answers 422 for %s with the spec text', async (_name, change, field, message) => {
    const before = await ctx.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await postJson(owner, { ...validListing, ...change });
    expectValidation(res, field, message);
    const after = await ctx.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts a 1000-character description', async () => {
    const res = await postJson(owner, { ...validListing, description: 'x'.repeat(1000) });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toHaveLength(1000);
  });

  it('creates from a multipart form with a photo, stored as an image and a thumbnail', async () => {
    const res = await postForm(
      owner,
      { title: 'Basil seedlings', price: '3', type_id: '1', category_id: '3', is_public: 'false', description: '' },
      imagePart(await jpeg(2400, 1200)),
    );
    expect(res.statusCode).toBe(201);
    const listing = res.json();
    expect(listing).toMatchObject({
      title: 'Basil seedlings',
      price: 3,
      category_id: 3,
      is_public: false,
      is_active: true,
    });
    // Friends only: the paths come signed for the viewer (see photo-access.test.ts).
    expect(listing.featured_image).toMatch(/^uploads\/[a-f0-9]{32}\.webp\?v=\d+&exp=\d+&sig=[\w-]+$/);
    expect(listing.thumbnail).toMatch(/^uploads\/[a-f0-9]{32}\.webp\?v=\d+&exp=\d+&sig=[\w-]+$/);
    const image = await fetchUpload(listing.featured_image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const full = await sharp(image.rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1920, 960]);
    const thumbnail = await sharp((await fetchUpload(listing.thumbnail)).rawPayload).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([480, 240]);
  });

  it('creates from a multipart form without a photo', async () => {
    const res = await postForm(owner, { title: 'Seed swap', type_id: '2', category_id: '2' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Seed swap', price: 0, featured_image: null, thumbnail: null });
  });

  it('validates multipart fields with the same texts as JSON', async () => {
    const short = await postForm(owner, { title: 'ab', type_id: '1', price: '2', category_id: '1' });
    expectValidation(short, 'title', TEXTS.titleTooShort);
    const free = await postForm(owner, { title: 'Kale', type_id: '1', price: '0', category_id: '1' });
    expectValidation(free, 'price', TEXTS.sellPriceRequired);
  });

  it('answers 415 for a text file named .jpg and keeps no listing', async () => {
    const title = `Not a photo ${Date.now()}`;
    const res = await postForm(
      owner,
      { title, type_id: '2', category_id: '1' },
      imagePart(Buffer.from('these are not the pixels you are looking for\n'.repeat(20)), 'holiday.jpg'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: TEXTS.imageUnsupported, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const kept = await ctx.db.selectFrom('listings').select('id').where('title', '=', title).execute();
    expect(kept).toEqual([]);
  });

  it('answers 413 for an upload over 10 MB', async () => {
    const res = await postForm(
      owner,
      { title: 'Huge photo', type_id: '2', category_id: '1' },
      imagePart(Buffer.alloc(10 * 1024 * 1024 + 1024, 0xff)),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: TEXTS.imageTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('strips EXIF and its GPS position from the stored photo, served with nosniff and immutable caching', async () => {
    const withGps = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'GardenCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '45/1 31/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '122/1 40/1 0/1',
        },
      })
      .toBuffer();
    // The upload really carries a GPS block (the EXIF GPS IFD pointer, tag 0x8825).
    const uploaded = await sharp(withGps).metadata();
    expect(uploaded.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await postForm(owner, { title: 'Rhubarb', type_id: '3', category_id: '1' }, imagePart(withGps));
    expect(res.statusCode).toBe(201);
    for (const path of [res.json().featured_image, res.json().thumbnail]) {
      const image = await fetchUpload(path);
      expect(image.statusCode).toBe(200);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toContain('immutable');
      const stored = await sharp(image.rawPayload).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('GardenCam'))).toBe(false);
    }
  });

  it('turns a photo taken sideways (EXIF orientation 6) upright', async () => {
    const sideways = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#225588' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const res = await postForm(owner, { title: 'Sunflowers', type_id: '3', category_id: '3' }, imagePart(sideways));
    expect(res.statusCode).toBe(201);
    const stored = await sharp((await fetchUpload(res.json().featured_image)).rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([40, 120]);
    expect(stored.orientation).toBeUndefined();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])('answers 415 for a %s body', async (type) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: owner,
      payload: 'title=Beans&type_id=2&category_id=1',
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: TEXTS.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('GET /api/listings/{id}', () => {
  it('answers a visible listing with its owner', async () => {
    const { id } = await createListing(ctx, owner, { title: 'Zucchini' });
    const res = await get(stranger, `/api/listings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Zucchini', owner: { id: owner.id, username: owner.username } });
    expect(res.body).not.toContain('Secret Lane');
  });

  it('answers 404 "Listing not found" for a missing id', async () => {
    const res = await get(owner, '/api/listings/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });
  });

  it('answers 401 without a session', async () => {
    const { id } = await createListing(ctx, owner);
    expect((await get(undefined, `/api/listings/${id}`)).statusCode).toBe(401);
  });

  it('answers 422 for an id that is not a number', async () => {
    expect((await get(owner, '/api/listings/tomato')).statusCode).toBe(422);
  });
});

describe('PATCH /api/listings/{id}', () => {
  const patch = (as: TestUser | undefined, id: number, payload: Record<string, unknown>) =>
    ctx.inject({ method: 'PATCH', url: `/api/listings/${id}`, as, payload });

  it('lets the owner change the spec fields and stamps updated_at', async () => {
    const { id } = await createListing(ctx, owner, { title: 'Old title' });
    await ctx.db.updateTable('listings').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    const res = await patch(owner, id, {
      title: '  New title ',
      description: 'Now with more tomatoes',
      type_id: 1,
      price: 12,
      state_id: 3,
      category_id: 2,
      is_active: false,
      is_public: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      title: 'New title',
      description: 'Now with more tomatoes',
      type_id: 1,
      price: 12,
      state_id: 3,
      category_id: 2,
      is_active: false,
      is_public: false,
    });
    expect(res.json().updated_at).not.toBe('2020-01-01T00:00:00.000Z');
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(Date.parse('2024-01-01'));
  });

  it('ignores fields outside the spec: owner_id, featured_image and id are never applied', async () => {
    const { id } = await createListing(ctx, owner, { title: 'Mint' });
    const res = await patch(owner, id, {
      title: 'Fresh mint',
      owner_id: stranger.id,
      featured_image: 'uploads/ffffffffffffffffffffffffffffffff.webp',
      thumbnail: 'http://evil.example/x.png',
      id: id + 1000,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    const row = await listingRow(id);
    expect(row).toMatchObject({ id, title: 'Fresh mint', owner_id: owner.id, featured_image: null, thumbnail: null });
    expect(await listingRow(id + 1000)).toBeUndefined();
    expect(res.json()).toMatchObject({ id, owner_id: owner.id, featured_image: null });
    expect(res.json().created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('checks the price rule against the listing as it will be', async () => {
    const exchange = await createListing(ctx, owner, { type_id: 2, price: 0 });
    // Switching to sell without a price leaves the stored 0: refused.
    expectValidation(await patch(owner, exchange.id, { type_id: 1 }), 'price', TEXTS.sellPriceRequired);
    expect((await listingRow(exchange.id))?.type_id).toBe(2);
    // A price alone on an exchange listing is not applied.
    expect((await patch(owner, exchange.id, { price: 30 })).json().price).toBe(0);

    const sell = await createListing(ctx, owner, { type_id: 1, price: 8 });
    expect((await patch(owner, sell.id, { price: 9 })).json()).toMatchObject({ type_id: 1, price: 9 });
    expectValidation(await patch(owner, sell.id, { price: 0 }), 'price', TEXTS.sellPriceRequired);
    // Switching to giveaway stores 0.
    const given = await patch(owner, sell.id, { type_id: 3 });
    expect(given.json()).toMatchObject({ type_id: 3, price: 0 });
    expect((await listingRow(sell.id))?.price).toBe(0);
  });

  it.each([
    [{ title: '' }, 'title', TEXTS.titleRequired],
    [{ title: 'ab' }, 'title', TEXTS.titleTooShort],
    [{ description: 'y'.repeat(1001) }, 'description', TEXTS.descriptionTooLong],
    [{ type_id: 7 }, 'type_id', TEXTS.typeInvalid],
    [{ category_id: 0 }, 'category_id', TEXTS.categoryInvalid],
  ])('answers 422 for %o with the spec text and changes nothing', async (change, field, message) => {
    const { id } = await createListing(ctx, owner, { title: 'Unchanged' });
    expectValidation(await patch(owner, id, change), field, message);
    expect((await listingRow(id))?.title).toBe('Unchanged');
  });

  it('answers 403 to a member who can see the listing but does not own it', async () => {
    const { id } = await createListing(ctx, owner, { title: 'Not yours' });
    const res = await patch(stranger, id, { title: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: TEXTS.editForbidden, code: 'FORBIDDEN' });
    expect((await listingRow(id))?.title).toBe('Not yours');
  });

  it('answers 404 to a member who cannot see the listing, and for a missing one', async () => {
    const { id } = await createListing(ctx, owner, { is_public: false, title: 'Friends only' });
    const hidden = await patch(stranger, id, { title: 'Mine now' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });
    expect((await patch(owner, 987654, { title: 'Ghost' })).json()).toEqual(hidden.json());
    expect((await listingRow(id))?.title).toBe('Friends only');
  });

  it('answers 401 without a session', async () => {
    const { id } = await createListing(ctx, owner);
    expect((await patch(undefined, id, { title: 'Anonymous' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/listings/{id}/visibility', () => {
  const setVisibility = (as: TestUser | undefined, id: number, payload: Record<string, unknown>) =>
    ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/visibility`, as, payload });

  it('lets the owner switch between public and friends only', async () => {
    const { id } = await createListing(ctx, owner);
    const res = await setVisibility(owner, id, { is_public: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, is_public: false, is_active: true });
    expect((await get(stranger, `/api/listings/${id}`)).statusCode).toBe(404);
    expect((await setVisibility(owner, id, { is_public: true })).json().is_public).toBe(true);
    expect((await get(stranger, `/api/listings/${id}`)).statusCode).toBe(200);
  });

  it('answers 403 to a friend, 404 to a stranger who cannot see it, 422 without is_public, 401 without a session', async () => {
    const { id } = await createListing(ctx, owner, { is_public: false });
    const forbidden = await setVisibility(friend, id, { is_public: true });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe(TEXTS.editForbidden);
    const hidden = await setVisibility(stranger, id, { is_public: true });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe(TEXTS.listingNotFound);
    expect((await setVisibility(owner, id, {})).statusCode).toBe(422);
    expect((await setVisibility(undefined, id, { is_public: true })).statusCode).toBe(401);
    expect((await listingRow(id))?.is_public).toBe(0);
  });
});

describe('listing photos', () => {
  it('replaces the photo and removes the old files', async () => {
    const created = (
      await postForm(owner, { title: 'Pumpkins', type_id: '2', category_id: '1' }, imagePart(await jpeg()))
    ).json();
    const res = await putImage(owner, created.id, imagePart(await jpeg(300, 300)));
    expect(res.statusCode).toBe(200);
    expect(res.json().featured_image).toMatch(/^uploads\//);
    expect(res.json().featured_image).not.toBe(created.featured_image);
    expect((await fetchUpload(res.json().featured_image)).statusCode).toBe(200);
    expect((await fetchUpload(created.featured_image)).statusCode).toBe(404);
    expect((await fetchUpload(created.thumbnail)).statusCode).toBe(404);
  });

  it('gives a listing without a photo its first one', async () => {
    const { id } = await createListing(ctx, owner);
    const res = await putImage(owner, id, imagePart(await jpeg()));
    expect(res.statusCode).toBe(200);
    expect(res.json().thumbnail).toMatch(/^uploads\//);
  });

  it('refuses a replacement that is not an image, keeping the old photo', async () => {
    const created = (
      await postForm(owner, { title: 'Leeks', type_id: '2', category_id: '1' }, imagePart(await jpeg()))
    ).json();
    const res = await putImage(owner, created.id, imagePart(Buffer.from('plain text'), 'leeks.jpg'));
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe(TEXTS.imageUnsupported);
    expect((await listingRow(created.id))?.featured_image).toBe(created.featured_image);
    expect((await fetchUpload(created.featured_image)).statusCode).toBe(200);
  });

  it('answers 422 when the form has no photo and 415 for a JSON body', async () => {
    const { id } = await createListing(ctx, owner);
    const empty = await putImage(owner, id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ field: 'image', message: expect.any(String) }]);
    const json = await ctx.inject({
      method: 'PUT',
      url: `/api/listings/${id}/image`,
      as: owner,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 403 to a member who can see it, 404 to one who cannot, 401 without a session', async () => {
    const open = await createListing(ctx, owner);
    const paused = await createListing(ctx, owner, { is_active: false });
    const photo = imagePart(await jpeg());
    const forbidden = await putImage(stranger, open.id, photo);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe(TEXTS.editForbidden);
    const hidden = await putImage(friend, paused.id, photo);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe(TEXTS.listingNotFound);
    const removeForbidden = await ctx.inject({ method: 'DELETE', url: `/api/listings/${open.id}/image`, as: stranger });
    expect(removeForbidden.statusCode).toBe(403);
    const removeHidden = await ctx.inject({ method: 'DELETE', url: `/api/listings/${paused.id}/image`, as: friend });
    expect(removeHidden.statusCode).toBe(404);
    expect(
      (await ctx.inject({ method: 'PUT', url: `/api/listings/${open.id}/image`, ...multipartBody({}, photo) }))
        .statusCode,
    ).toBe(401);
    expect((await listingRow(open.id))?.featured_image).toBeNull();
  });

  it('removes the photo: featured_image and thumbnail become null and the files are gone', async () => {
    const created = (
      await postForm(owner, { title: 'Chard', type_id: '2', category_id: '1' }, imagePart(await jpeg()))
    ).json();
    const res = await ctx.inject({ method: 'DELETE', url: `/api/listings/${created.id}/image`, as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, featured_image: null, thumbnail: null });
    expect((await fetchUpload(created.featured_image)).statusCode).toBe(404);
    expect((await fetchUpload(created.thumbnail)).statusCode).toBe(404);
  });
});

describe('DELETE /api/listings/{id}', () => {
  const remove = (as: TestUser | undefined, id: number) =>
    ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as });

  it("deletes the owner's listing with 204 and removes its photo files", async () => {
    const created = (
      await postForm(owner, { title: 'Old beans', type_id: '2', category_id: '2' }, imagePart(await jpeg()))
    ).json();
    expect((await fetchUpload(created.featured_image)).statusCode).toBe(200);
    const res = await remove(owner, created.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await listingRow(created.id)).toBeUndefined();
    expect((await get(owner, `/api/listings/${created.id}`)).statusCode).toBe(404);
    expect((await fetchUpload(created.featured_image)).statusCode).toBe(404);
    expect((await fetchUpload(created.thumbnail)).statusCode).toBe(404);
    expect((await remove(owner, created.id)).statusCode).toBe(404);
  });

  it('answers 403 with the spec text to a member who can see it but does not own it', async () => {
    const { id } = await createListing(ctx, owner, { is_public: false });
    const res = await remove(friend, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: TEXTS.deleteForbidden, code: 'FORBIDDEN' });
    expect(await listingRow(id)).toBeDefined();
  });

  it('answers 404 "Listing not found" for a listing the member cannot see, and for a missing one', async () => {
    const { id } = await createListing(ctx, owner, { is_public: false });
    const hidden = await remove(stranger, id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });
    expect((await remove(stranger, 987654)).body).toBe(hidden.body);
    expect(await listingRow(id)).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    const { id } = await createListing(ctx, owner);
    expect((await remove(undefined, id)).statusCode).toBe(401);
    expect(await listingRow(id)).toBeDefined();
  });
});

describe('GET /api/listings/', () => {
  it("answers listings with their owner, never the owner's address", async () => {
    const seller = await createUser(ctx, { city: 'Salem', state: 'OR', zip_code: '97301', address: '99 Hidden Road' });
    const { id } = await createListing(ctx, seller, { title: 'Pears' });
    const res = await get(stranger, `/api/listings/?user_id=${seller.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id,
        title: 'Pears',
        owner: {
          id: seller.id,
          username: seller.username,
          profile_picture: null,
          city: 'Salem',
          state: 'OR',
          zip_code: '97301',
        },
      }),
    ]);
    expect(res.body).not.toContain('Hidden Road');
    expect(res.headers.link).toBeUndefined();
  });

  it("keeps gone listings on the owner's lists but off the marketplace tabs and their public page", async () => {
    const seller = await createUser(ctx);
    await befriend(ctx, seller, stranger);
    const available = await createListing(ctx, seller, { title: 'Available' });
    const gone = await createListing(ctx, seller, { title: 'Traded', state_id: 3 });
    const ids = async (as: TestUser, query: string) =>
      ((await get(as, `/api/listings/?${query}`)).json() as { id: number; owner_id: number }[])
        .filter((l) => l.owner_id === seller.id)
        .map((l) => l.id);
    expect(await ids(seller, 'mine=true')).toEqual([gone.id, available.id]);
    expect(await ids(seller, `user_id=${seller.id}`)).toEqual([gone.id, available.id]);
    expect(await ids(stranger, 'public=true')).toEqual([available.id]);
    expect(await ids(stranger, 'friends=true')).toEqual([available.id]);
    expect(await ids(stranger, `user_id=${seller.id}`)).toEqual([available.id]);
    // Its detail page stays reachable for those who could see it.
    expect((await get(stranger, `/api/listings/${gone.id}`)).json().state_id).toBe(3);
  });

  it('answers 422 for a limit over 100, a limit of 0 and a cursor it did not issue', async () => {
    for (const query of ['limit=101', 'limit=0', 'cursor=not-a-cursor', 'user_id=abc']) {
      const res = await get(owner, `/api/listings/?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await get(undefined, '/api/listings/')).statusCode).toBe(401);
  });

  it('answers the collection with and without the trailing slash', async () => {
    const seller = await createUser(ctx);
    const { id } = await createListing(ctx, seller);
    for (const url of [`/api/listings/?user_id=${seller.id}`, `/api/listings?user_id=${seller.id}`]) {
      const res = await get(stranger, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().map((l: { id: number }) => l.id)).toEqual([id]);
    }
    const created = await ctx.inject({ method: 'POST', url: '/api/listings', as: seller, payload: validListing });
    expect(created.statusCode).toBe(201);
  });
});
