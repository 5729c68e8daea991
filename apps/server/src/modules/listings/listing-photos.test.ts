import { LISTING_PHOTOS_MAX, LISTING_PHOTO_TEXTS, type Listing, type ExportLink } from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { PASSWORD, befriend, createUser, type TestUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { UPLOADS_PREFIX } from '../images/photo-urls.js';

/** The names of a ZIP's entries, read with a real unzip library. */
function zipNames(data: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const photo = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();
const COLOURS = ['#3a7d44', '#aa3344', '#113355', '#557711', '#775511', '#115577', '#999999'];

/**
 * Several photos per listing: the owner adds (up to the limit), orders and removes them, the
 * first is the cover on the listing's card, and every photo follows the listing's visibility
 * exactly as the single photo did.
 */
describe.each(['disk', 'database'] as const)('the photos of a listing (stored on %s)', (uploadsStore) => {
  let ctx: TestContext;
  let owner: TestUser;
  let friend: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp({ uploadsStore });
    owner = await createUser(ctx);
    friend = await createUser(ctx);
    stranger = await createUser(ctx);
    await befriend(ctx, owner, friend);
  });
  afterAll(() => ctx.close());

  async function newListing(as: TestUser = owner, fields: object = {}): Promise<Listing> {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as,
      payload: { title: 'Heirloom tomatoes', type_id: 3, category_id: 1, ...fields },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Listing>();
  }
  const addPhoto = async (id: number, as: TestUser = owner, colour = COLOURS[0]!) =>
    ctx.inject({
      method: 'POST',
      url: `/api/listings/${id}/photos`,
      as,
      ...multipartBody({}, { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo(colour) }),
    });
  async function listingWithPhotos(n: number, fields: object = {}): Promise<Listing> {
    const listing = await newListing(owner, fields);
    let last = listing;
    for (let i = 0; i < n; i++) {
      const res = await addPhoto(listing.id, owner, COLOURS[i]);
      expect(res.statusCode).toBe(201);
      last = res.json<Listing>();
    }
    return last;
  }
  const get = async (as: TestUser, id: number) => ctx.inject({ method: 'GET', url: `/api/listings/${id}`, as });
  const viewAs = async (as: TestUser, id: number) => {
    const res = await get(as, id);
    expect(res.statusCode).toBe(200);
    return res.json<Listing>();
  };
  const reorder = (id: number, photo_ids: unknown, as: TestUser = owner) =>
    ctx.inject({ method: 'PUT', url: `/api/listings/${id}/photos/order`, as, payload: { photo_ids } });
  /** Fetched as a browser's <img> does: no session, whoever holds the URL. */
  const fetchPhoto = (path: string) => ctx.inject({ method: 'GET', url: `/api/${path}` });
  const stored = async (path: string) => ctx.app.images.store.get(path.split('?')[0]!.slice(UPLOADS_PREFIX.length));
  const everyPath = (l: Listing) => l.photos!.flatMap((p) => [p.image, p.thumbnail]);

  it('adds photos in order, the first one the cover on the card', async () => {
    const listing = await listingWithPhotos(3);
    expect(listing.photos).toHaveLength(3);
    const [first] = listing.photos!;
    expect(listing.featured_image).toBe(first!.image);
    expect(listing.thumbnail).toBe(first!.thumbnail);
    for (const p of listing.photos!) {
      expect(p.image).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
      expect(p.thumbnail).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
    }
    // Lists carry the cover alone.
    const mine = await ctx.inject({ method: 'GET', url: '/api/listings/?mine=true', as: owner });
    const card = mine.json<Listing[]>().find((l) => l.id === listing.id)!;
    expect(card.thumbnail).toBe(first!.thumbnail);
  });

  it('keeps a photo uploaded with the new listing as its first photo', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: owner,
      ...multipartBody(
        { title: 'Runner beans', type_id: '3', category_id: '1' },
        { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo('#123456') },
      ),
    });
    expect(res.statusCode).toBe(201);
    const listing = res.json<Listing>();
    expect(listing.photos).toEqual([
      { id: expect.any(Number), image: listing.featured_image, thumbnail: listing.thumbnail },
    ]);
    const second = await addPhoto(listing.id);
    expect(second.json<Listing>().photos).toHaveLength(2);
    expect(second.json<Listing>().featured_image).toBe(listing.featured_image);
  });

  it(`refuses a ${LISTING_PHOTOS_MAX + 1}th photo with 409 and a clear text, storing nothing`, async () => {
    const listing = await listingWithPhotos(LISTING_PHOTOS_MAX);
    const before = await ctx.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await addPhoto(listing.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: LISTING_PHOTO_TEXTS.tooMany, code: 'CONFLICT' });
    const after = await ctx.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
    expect((await viewAs(owner, listing.id)).photos).toHaveLength(LISTING_PHOTOS_MAX);
  });

  it('refuses what is not an image (415) and a missing file (422), as for the single photo', async () => {
    const listing = await newListing();
    const text = await ctx.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/photos`,
      as: owner,
      ...multipartBody(
        {},
        { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: Buffer.from('hello') },
      ),
    });
    expect(text.statusCode).toBe(415);
    const none = await ctx.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/photos`,
      as: owner,
      ...multipartBody({ a: 'b' }),
    });
    expect(none.statusCode).toBe(422);
    const json = await ctx.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/photos`,
      as: owner,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect((await viewAs(owner, listing.id)).photos).toEqual([]);
  });

  it('reorders the photos, and the new first one becomes the cover', async () => {
    const listing = await listingWithPhotos(3);
    const [a, b, c] = listing.photos!;
    const res = await reorder(listing.id, [c!.id, a!.id, b!.id]);
    expect(res.statusCode).toBe(200);
    const after = res.json<Listing>();
    expect(after.photos!.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(after.featured_image).toBe(c!.image);
    expect(after.thumbnail).toBe(c!.thumbnail);
    expect((await viewAs(stranger, listing.id)).photos!.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it('refuses an order that does not name every photo once with 422', async () => {
    const listing = await listingWithPhotos(2);
    const [a, b] = listing.photos!;
    const other = await listingWithPhotos(1);
    for (const ids of [[a!.id], [a!.id, a!.id], [a!.id, b!.id, other.photos![0]!.id], [a!.id, other.photos![0]!.id]]) {
      const res = await reorder(listing.id, ids);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(LISTING_PHOTO_TEXTS.orderMismatch);
    }
    expect((await reorder(listing.id, 'a,b')).statusCode).toBe(422);
    expect((await viewAs(owner, listing.id)).photos!.map((p) => p.id)).toEqual([a!.id, b!.id]);
  });

  it('lets only the owner add, order or remove photos: 403 to who sees it, 404 to who does not', async () => {
    const listing = await listingWithPhotos(2);
    const [a, b] = listing.photos!;
    const hidden = await listingWithPhotos(1, { is_public: false });
    expect((await addPhoto(listing.id, stranger)).statusCode).toBe(403);
    expect((await reorder(listing.id, [b!.id, a!.id], stranger)).statusCode).toBe(403);
    const del = await ctx.inject({
      method: 'DELETE',
      url: `/api/listings/${listing.id}/photos/${a!.id}`,
      as: stranger,
    });
    expect(del.statusCode).toBe(403);
    expect((await addPhoto(hidden.id, stranger)).statusCode).toBe(404);
    expect((await reorder(hidden.id, [hidden.photos![0]!.id], stranger)).statusCode).toBe(404);
    expect((await viewAs(owner, listing.id)).photos!.map((p) => p.id)).toEqual([a!.id, b!.id]);
    expect((await ctx.inject({ method: 'POST', url: `/api/listings/${listing.id}/photos` })).statusCode).toBe(401);
  });

  it('removes one photo and its files; removing the cover makes the next the cover', async () => {
    const listing = await listingWithPhotos(3);
    const [a, b, c] = listing.photos!;
    const res = await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing.id}/photos/${a!.id}`, as: owner });
    expect(res.statusCode).toBe(200);
    const after = res.json<Listing>();
    expect(after.photos!.map((p) => p.id)).toEqual([b!.id, c!.id]);
    expect(after.featured_image).toBe(b!.image);
    expect(await stored(a!.image)).toBeUndefined();
    expect(await stored(a!.thumbnail)).toBeUndefined();
    expect((await fetchPhoto(a!.image)).statusCode).toBe(404);
    const again = await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing.id}/photos/${a!.id}`, as: owner });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(LISTING_PHOTO_TEXTS.photoNotFound);
    // The single-photo call removes the cover, whichever photo that is now.
    const cover = await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing.id}/image`, as: owner });
    expect(cover.json<Listing>().photos!.map((p) => p.id)).toEqual([c!.id]);
    expect(cover.json<Listing>().thumbnail).toBe(c!.thumbnail);
    expect(await stored(b!.image)).toBeUndefined();
  });

  it('deleting the listing removes every photo and thumbnail from the store', async () => {
    const listing = await listingWithPhotos(3);
    for (const path of everyPath(listing)) expect(await stored(path)).toBeDefined();
    const res = await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing.id}`, as: owner });
    expect(res.statusCode).toBe(204);
    for (const path of everyPath(listing)) {
      expect(await stored(path)).toBeUndefined();
      expect((await fetchPhoto(path)).statusCode).toBe(404);
    }
    expect(
      await ctx.db.selectFrom('listing_photos').select('id').where('listing_id', '=', listing.id).execute(),
    ).toEqual([]);
  });

  it('serves every photo of a public listing to anyone, cached for good', async () => {
    const listing = await listingWithPhotos(3);
    const seen = await viewAs(stranger, listing.id);
    for (const path of everyPath(seen)) {
      const res = await fetchPhoto(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('signs every photo of a friends-only listing for friends, and 404s it to strangers by every route', async () => {
    const listing = await listingWithPhotos(3, { is_public: false });
    const seen = await viewAs(friend, listing.id);
    for (const path of everyPath(seen)) {
      expect(path).toMatch(/\?v=\d+&exp=\d+&sig=/);
      expect((await fetchPhoto(path)).statusCode).toBe(200);
      expect((await fetchPhoto(path.split('?')[0]!)).statusCode).toBe(404);
    }
    expect((await get(stranger, listing.id)).statusCode).toBe(404);
    // A URL signed for the friend does not work as the stranger's.
    const forged = seen.photos![1]!.image.replace(`v=${friend.id}`, `v=${stranger.id}`);
    expect((await fetchPhoto(forged)).statusCode).toBe(404);
  });

  /** Each way a listing stops being seen ends every photo URL handed out before, not only the cover's. */
  const tightenings: [string, (l: Listing) => Promise<unknown>][] = [
    [
      'goes friends-only',
      (l) =>
        ctx.inject({
          method: 'PATCH',
          url: `/api/listings/${l.id}/visibility`,
          as: owner,
          payload: { is_public: false },
        }),
    ],
    [
      'is paused',
      (l) => ctx.inject({ method: 'PATCH', url: `/api/listings/${l.id}`, as: owner, payload: { is_active: false } }),
    ],
    [
      'is hidden by a moderator',
      (l) => ctx.db.updateTable('listings').set({ hidden_reason: 'Misleading photo' }).where('id', '=', l.id).execute(),
    ],
    ['is deleted', (l) => ctx.inject({ method: 'DELETE', url: `/api/listings/${l.id}`, as: owner })],
  ];
  it.each(tightenings)('ends every saved photo URL when the listing %s', async (_, tighten) => {
    const listing = await listingWithPhotos(3);
    const saved = everyPath(await viewAs(stranger, listing.id));
    for (const path of saved) expect((await fetchPhoto(path)).statusCode).toBe(200);
    await tighten(listing);
    for (const path of saved) expect((await fetchPhoto(path)).statusCode).toBe(404);
  });

  it('ends a friend’s signed URLs of every photo when the owner blocks them or pauses the listing', async () => {
    const blocked = await createUser(ctx);
    await befriend(ctx, owner, blocked);
    const listing = await listingWithPhotos(2, { is_public: false });
    const friendUrls = everyPath(await viewAs(friend, listing.id));
    const blockedUrls = everyPath(await viewAs(blocked, listing.id));
    for (const path of [...friendUrls, ...blockedUrls]) expect((await fetchPhoto(path)).statusCode).toBe(200);
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: owner, payload: { user_id: blocked.id } });
    for (const path of blockedUrls) expect((await fetchPhoto(path)).statusCode).toBe(404);
    for (const path of friendUrls) expect((await fetchPhoto(path)).statusCode).toBe(200);
    await ctx.inject({ method: 'PATCH', url: `/api/listings/${listing.id}`, as: owner, payload: { is_active: false } });
    for (const path of friendUrls) expect((await fetchPhoto(path)).statusCode).toBe(404);
    // The owner still sees them all, signed for themselves.
    for (const path of everyPath(await viewAs(owner, listing.id)))
      expect((await fetchPhoto(path)).statusCode).toBe(200);
  });

  it('puts every photo in the data export and removes them all with the account', async () => {
    const member = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: member,
      payload: { title: 'Pea shoots', type_id: 3, category_id: 1 },
    });
    const id = res.json<Listing>().id;
    let listing = res.json<Listing>();
    for (const colour of COLOURS.slice(0, 3)) listing = (await addPhoto(id, member, colour)).json<Listing>();
    const link = (await ctx.inject({ method: 'POST', url: '/api/account/export-link', as: member })).json<ExportLink>();
    const zip = await ctx.inject({ method: 'GET', url: link.url });
    expect(zip.statusCode).toBe(200);
    const names = await zipNames(zip.rawPayload);
    expect(names.filter((n) => n.startsWith('photos/'))).toEqual([
      `photos/listing-${id}.webp`,
      `photos/listing-${id}-2.webp`,
      `photos/listing-${id}-3.webp`,
    ]);

    const paths = everyPath(listing);
    for (const path of paths) expect(await stored(path)).toBeDefined();
    const deleted = await ctx.inject({
      method: 'POST',
      url: '/api/account/delete',
      as: member,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    for (const path of paths) expect(await stored(path)).toBeUndefined();
  });
});
