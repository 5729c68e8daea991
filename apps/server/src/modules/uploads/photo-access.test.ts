import type { Listing, Notification } from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createUser, type TestUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { mailerOf } from '../mail/mailer.js';
import { photoUrls } from '../images/photo-urls.js';

/**
 * A listing's photo follows its listing's visibility now: public ones are public and cacheable,
 * the rest only through a signed, expiring URL of a viewer who may still see the listing, and
 * tightening the listing ends every URL handed out before.
 */
describe('who can fetch a photo', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let friend: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    owner = await createUser(ctx);
    friend = await createUser(ctx);
    stranger = await createUser(ctx);
    await befriend(ctx, owner, friend);
  });
  afterAll(() => ctx.close());

  const photo = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();

  async function listingWithPhoto(as: TestUser, fields: Record<string, string> = {}): Promise<Listing> {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as,
      ...multipartBody(
        { title: 'Heirloom tomatoes', type_id: '3', category_id: '1', ...fields },
        { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo() },
      ),
    });
    expect(res.statusCode).toBe(201);
    return res.json<Listing>();
  }

  const viewAs = async (as: TestUser, id: number) => {
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, as });
    expect(res.statusCode).toBe(200);
    return res.json<Listing>();
  };
  /** Fetched as a browser's <img> does: no session, whoever holds the URL. */
  const fetchPhoto = (path: string) => ctx.inject({ method: 'GET', url: `/api/${path}` });
  const patch = (id: number, payload: object) =>
    ctx.inject({ method: 'PATCH', url: `/api/listings/${id}`, as: owner, payload });

  it('hands out plain, public, cacheable paths for a public listing, to anyone', async () => {
    const listing = await listingWithPhoto(owner);
    const seen = await viewAs(stranger, listing.id);
    expect(seen.featured_image).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
    expect(seen.thumbnail).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
    const res = await fetchPhoto(seen.thumbnail!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('stops serving a saved public URL once the listing turns friends-only, and signs it for friends', async () => {
    const listing = await listingWithPhoto(owner);
    const saved = (await viewAs(stranger, listing.id)).featured_image!;
    expect((await fetchPhoto(saved)).statusCode).toBe(200);

    const res = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}/visibility`,
      as: owner,
      payload: { is_public: false },
    });
    expect(res.statusCode).toBe(200);
    const gone = await fetchPhoto(saved);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Image not found', code: 'NOT_FOUND' });

    const forFriend = await viewAs(friend, listing.id);
    expect(forFriend.featured_image).toMatch(
      new RegExp(`^${saved.replace('.', '\\.')}\\?v=${friend.id}&exp=\\d+&sig=[\\w-]+$`),
    );
    const ok = await fetchPhoto(forFriend.featured_image!);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await fetchPhoto(forFriend.thumbnail!)).statusCode).toBe(200);
    // The owner's own listing answers signed paths too, and they work.
    expect((await fetchPhoto((await viewAs(owner, listing.id)).featured_image!)).statusCode).toBe(200);
  });

  it('refuses a signed URL that was altered, lent to another member, or expired', async () => {
    const listing = await listingWithPhoto(owner, { is_public: 'false' });
    const signed = (await viewAs(friend, listing.id)).featured_image!;
    const [path, query] = signed.split('?') as [string, string];
    const params = new URLSearchParams(query);

    expect((await fetchPhoto(path)).statusCode).toBe(404);
    const otherViewer = new URLSearchParams(params);
    otherViewer.set('v', String(stranger.id));
    expect((await fetchPhoto(`${path}?${otherViewer}`)).statusCode).toBe(404);
    const later = new URLSearchParams(params);
    later.set('exp', String(Number(params.get('exp')) + 3600));
    expect((await fetchPhoto(`${path}?${later}`)).statusCode).toBe(404);
    const tampered = new URLSearchParams(params);
    tampered.set('sig', `${params.get('sig')!.slice(0, -1)}${params.get('sig')!.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetchPhoto(`${path}?${tampered}`)).statusCode).toBe(404);

    // Correctly signed with the server's own key, but its window has passed.
    const hoursAgo = photoUrls(ctx.config.jwtSecret, () => Date.now() - 3 * 60 * 60_000);
    const expired = hoursAgo.signerFor(friend.id)(path, { is_public: false, is_active: true })!;
    expect(expired).not.toBe(signed);
    expect((await fetchPhoto(expired)).statusCode).toBe(404);

    // A stranger's own signature proves nothing about a listing they may not see.
    const strangers = photoUrls(ctx.config.jwtSecret).signerFor(stranger.id)(path, {
      is_public: false,
      is_active: true,
    })!;
    expect((await fetchPhoto(strangers)).statusCode).toBe(404);
    expect((await fetchPhoto(signed)).statusCode).toBe(200);
  });

  it('ends every URL handed out before when the owner pauses the listing, except the owner’s own', async () => {
    const listing = await listingWithPhoto(owner);
    const savedPublic = (await viewAs(stranger, listing.id)).thumbnail!;
    await patch(listing.id, { is_public: false });
    const friendsUrl = (await viewAs(friend, listing.id)).thumbnail!;
    expect((await fetchPhoto(friendsUrl)).statusCode).toBe(200);

    expect((await patch(listing.id, { is_active: false })).statusCode).toBe(200);
    expect((await fetchPhoto(friendsUrl)).statusCode).toBe(404);
    expect((await fetchPhoto(savedPublic)).statusCode).toBe(404);
    expect((await fetchPhoto((await viewAs(owner, listing.id)).thumbnail!)).statusCode).toBe(200);
  });

  it('ends a public paused listing’s plain URL too', async () => {
    const listing = await listingWithPhoto(owner);
    const saved = (await viewAs(stranger, listing.id)).featured_image!;
    await patch(listing.id, { is_active: false });
    expect((await fetchPhoto(saved)).statusCode).toBe(404);
    await patch(listing.id, { is_active: true });
    expect((await fetchPhoto(saved)).statusCode).toBe(200);
  });

  it('ends a friend’s URL when the owner blocks them or the friendship ends', async () => {
    const blocked = await createUser(ctx);
    const former = await createUser(ctx);
    await befriend(ctx, owner, blocked);
    await befriend(ctx, owner, former);
    const listing = await listingWithPhoto(owner, { is_public: 'false' });
    const blockedUrl = (await viewAs(blocked, listing.id)).featured_image!;
    const formerUrl = (await viewAs(former, listing.id)).featured_image!;
    expect((await fetchPhoto(blockedUrl)).statusCode).toBe(200);
    expect((await fetchPhoto(formerUrl)).statusCode).toBe(200);

    const block = await ctx.inject({ method: 'POST', url: '/api/blocks', as: owner, payload: { user_id: blocked.id } });
    expect(block.statusCode).toBeLessThan(300);
    expect((await fetchPhoto(blockedUrl)).statusCode).toBe(404);

    const unfriend = await ctx.inject({ method: 'DELETE', url: `/api/auth/friends/${former.id}`, as: owner });
    expect(unfriend.statusCode).toBe(204);
    expect((await fetchPhoto(formerUrl)).statusCode).toBe(404);
  });

  it('ends every URL when the listing or its photo is deleted', async () => {
    const listing = await listingWithPhoto(owner);
    const publicUrl = (await viewAs(stranger, listing.id)).featured_image!;
    await patch(listing.id, { is_public: false });
    const friendsUrl = (await viewAs(friend, listing.id)).featured_image!;
    expect((await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing.id}`, as: owner })).statusCode).toBe(
      204,
    );
    expect((await fetchPhoto(publicUrl)).statusCode).toBe(404);
    expect((await fetchPhoto(friendsUrl)).statusCode).toBe(404);
  });

  it('serves avatars to anyone, and a stored photo that belongs to nothing to nobody', async () => {
    const member = await createUser(ctx);
    const upload = await ctx.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      as: member,
      ...multipartBody(
        { city: 'Provo', state: 'UT', postcode: '84601' },
        { field: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await photo() },
      ),
    });
    expect(upload.statusCode).toBe(200);
    const avatar = upload.json<{ profile_picture: string }>().profile_picture;
    const res = await fetchPhoto(avatar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const orphan = await ctx.app.images.save(await photo());
    expect((await fetchPhoto(orphan.image)).statusCode).toBe(404);
  });

  it('signs a friends-only match for its member in the bell and in the e-mail, and the links work', async () => {
    const member = await createUser(ctx);
    await befriend(ctx, owner, member);
    const want = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: member,
      payload: { title: 'Kohlrabi', category_id: 1 },
    });
    expect(want.statusCode).toBe(201);
    const listing = await listingWithPhoto(owner, { title: 'Purple kohlrabi', is_public: 'false' });

    const bell = await ctx.inject({ method: 'GET', url: '/api/notifications', as: member });
    const match = bell.json<Notification[]>().find((n) => n.listing_id === listing.id)!;
    expect(match.listing!.thumbnail).toMatch(new RegExp(`\\?v=${member.id}&exp=\\d+&sig=`));
    expect((await fetchPhoto(match.listing!.thumbnail!)).statusCode).toBe(200);

    const matches = await ctx.inject({
      method: 'GET',
      url: `/api/listings/want-listings/${want.json<{ id: number }>().id}/matches`,
      as: member,
    });
    expect((await fetchPhoto(matches.json<Listing[]>()[0]!.featured_image!)).statusCode).toBe(200);

    await mailerOf(ctx.app.server)!.idle();
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('html')
      .where('to_address', '=', member.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const src = /\/api\/(uploads\/[a-f0-9]{32}\.webp\?[^"]+)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&');
    expect(src).toMatch(new RegExp(`v=${member.id}&`));
    expect((await fetchPhoto(src)).statusCode).toBe(200);
    await patch(listing.id, { is_active: false });
    expect((await fetchPhoto(src)).statusCode).toBe(404);
  });
});
