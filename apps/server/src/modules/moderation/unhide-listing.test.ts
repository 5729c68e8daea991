import type { AddressInfo } from 'node:net';
import {
  type HiddenListing,
  type Listing,
  MODERATION_TEXTS,
  type ModerationLogEntry,
  type Notification,
  TEXTS,
} from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';
import { setModerator } from './moderation.queries.js';

let ctx: TestContext;
let url: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => ctx.close());

async function createModerator() {
  const moderator = await createUser(ctx);
  await setModerator(ctx.db, moderator.email, true);
  return moderator;
}
const unhide = (as: TestUser | undefined, listingId: number, payload: object = { note: 'Checked again: fine' }) =>
  ctx.inject({ method: 'POST', url: `/api/moderation/hidden-listings/${listingId}/unhide`, as, payload });
const hiddenListings = async (as: TestUser) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/moderation/hidden-listings', as });
  expect(res.statusCode).toBe(200);
  return res.json<HiddenListing[]>();
};
const visibleIds = async (as: TestUser, query: string) =>
  (await ctx.inject({ method: 'GET', url: `/api/listings/?${query}`, as })).json<Listing[]>().map((l) => l.id);
const hiddenReasonOf = async (id: number) =>
  (await ctx.db.selectFrom('listings').select('hidden_reason').where('id', '=', id).executeTakeFirstOrThrow())
    .hidden_reason;

async function listingWithPhoto(as: TestUser, title: string): Promise<Listing> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7d3a44' } })
    .jpeg()
    .toBuffer();
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/listings/',
    as,
    ...multipartBody(
      { title, type_id: '3', category_id: '1' },
      { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: photo },
    ),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Listing>();
}

/** Reports a listing and has `moderator` hide it. */
async function hide(moderator: TestUser, listingId: number, note = 'Misleading photo') {
  const reporter = await createUser(ctx);
  await ctx.inject({
    method: 'POST',
    url: '/api/reports',
    as: reporter,
    payload: { target_type: 'listing', target_id: listingId, reason: 'Not what it says' },
  });
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    as: moderator,
    payload: { action: 'hide_listing', target_type: 'listing', target_id: listingId, note },
  });
  expect(res.statusCode).toBe(201);
}

describe('unhiding a listing', () => {
  it('shows it again to everyone at once, in every list (the public feed too), at its address and its photo', async () => {
    const moderator = await createModerator();
    const [owner, bystander] = [await createUser(ctx), await createUser(ctx)];
    const listing = await listingWithPhoto(owner, 'Quetzal corn seeds');
    await hide(moderator, listing.id);
    // Every list reads (and the public feed keeps) the listing hidden.
    const queries = ['public=true', 'q=quetzal', `user_id=${owner.id}`, 'sort=oldest'];
    for (const query of queries) expect(await visibleIds(bystander, query), query).not.toContain(listing.id);
    expect((await ctx.inject({ method: 'GET', url: `/api/${listing.featured_image}` })).statusCode).toBe(404);

    const res = await unhide(moderator, listing.id);
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationLogEntry>()).toMatchObject({
      action: 'unhide_listing',
      moderator: { id: moderator.id },
      target_type: 'listing',
      target_id: listing.id,
      target_label: '“Quetzal corn seeds”',
      member: { id: owner.id, username: owner.username },
      note: 'Checked again: fine',
      reports_resolved: 0,
    });

    for (const query of queries) expect(await visibleIds(bystander, query), query).toContain(listing.id);
    const seen = await ctx.inject({ method: 'GET', url: `/api/listings/${listing.id}`, as: bystander });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Listing>().hidden_reason).toBeNull();
    expect((await ctx.inject({ method: 'GET', url: `/api/${listing.featured_image}` })).statusCode).toBe(200);
    const log = (await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).json<
      ModerationLogEntry[]
    >();
    expect(log[0]).toEqual(res.json());
  });

  it('tells the owner in the app, live, and by e-mail', async () => {
    const moderator = await createModerator();
    const owner = await createUser(ctx);
    const listing = await createListing(ctx, owner, { title: 'Blue potatoes' });
    await hide(moderator, listing.id);
    const tab = await connectTab(url, owner.token, open);
    const pushed = new Promise<Notification>((resolve) => tab.socket.once('notification', resolve));

    expect((await unhide(moderator, listing.id, { note: 'The photo is real after all' })).statusCode).toBe(201);
    const notice = await pushed;
    expect(notice).toMatchObject({
      type: 'listing_unhidden',
      note: 'The photo is real after all',
      listing: { id: listing.id, title: 'Blue potatoes' },
    });
    const stored = (await ctx.inject({ method: 'GET', url: '/api/notifications', as: owner })).json<Notification[]>();
    expect(stored[0]).toMatchObject({ id: notice.id, read_at: null });

    await mailerOf(ctx.app.server)!.idle();
    const mail = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', owner.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your listing is visible again');
    expect(mail.text).toContain('The photo is real after all');
    expect(mail.text).toContain(`/listings/${listing.id}`);
    expect(mail.headers ?? '').not.toMatch(/unsubscribe/i);
  });

  it('lists the hidden listings, newest first, with the reason and the owner, until unhidden', async () => {
    const moderator = await createModerator();
    const owner = await createUser(ctx);
    const older = await createListing(ctx, owner, { title: 'Old beans' });
    const newer = await listingWithPhoto(owner, 'New beans');
    await hide(moderator, older.id, 'Spam');
    await hide(moderator, newer.id, 'Fake');
    const shown = await createListing(ctx, owner, { title: 'Shown beans' });

    const listed = (await hiddenListings(moderator)).filter((h) => h.member.id === owner.id);
    expect(listed.map((h) => [h.listing.title, h.listing.hidden_reason])).toEqual([
      ['New beans', 'Fake'],
      ['Old beans', 'Spam'],
    ]);
    expect(listed.some((h) => h.listing.id === shown.id)).toBe(false);
    expect(listed[0]!.member).toMatchObject({ username: owner.username, suspended: false });
    // Its photo, signed for the moderator.
    expect(listed[0]!.listing.thumbnail).toMatch(/sig=/);
    expect((await ctx.inject({ method: 'GET', url: `/api/${listed[0]!.listing.thumbnail}` })).statusCode).toBe(200);

    expect((await unhide(moderator, older.id)).statusCode).toBe(201);
    const after = (await hiddenListings(moderator)).filter((h) => h.member.id === owner.id);
    expect(after.map((h) => h.listing.id)).toEqual([newer.id]);
  });

  it('answers 409 for a listing not hidden, 404 for no listing, 403 for their own, 422 without a reason', async () => {
    const moderator = await createModerator();
    const owner = await createUser(ctx);
    const shown = await createListing(ctx, owner);
    const notHidden = await unhide(moderator, shown.id);
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json()).toEqual({ detail: MODERATION_TEXTS.notHidden, code: 'CONFLICT' });
    const none = await unhide(moderator, 999_999);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });

    const hidden = await createListing(ctx, owner);
    await hide(moderator, hidden.id);
    const short = await unhide(moderator, hidden.id, { note: 'ok' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: MODERATION_TEXTS.noteShort });

    // A moderator's own listing, hidden by another moderator.
    const other = await createModerator();
    const own = await createListing(ctx, moderator);
    await hide(other, own.id);
    const self = await unhide(moderator, own.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ detail: MODERATION_TEXTS.notSelf, code: 'FORBIDDEN' });
    expect(await hiddenReasonOf(own.id)).toBe('Misleading photo');

    // A second moderator unhiding it again is told so, and nothing is logged twice.
    expect((await unhide(moderator, hidden.id)).statusCode).toBe(201);
    expect((await unhide(other, hidden.id)).statusCode).toBe(409);
    const unhides = await ctx.db
      .selectFrom('moderation_actions')
      .select('id')
      .where('action', '=', 'unhide_listing')
      .where('target_id', '=', hidden.id)
      .execute();
    expect(unhides).toHaveLength(1);
  });

  it('answers 403 to a member who is not a moderator and 401 without a session, unhiding nothing', async () => {
    const moderator = await createModerator();
    const owner = await createUser(ctx);
    const listing = await createListing(ctx, owner);
    await hide(moderator, listing.id);
    for (const as of [owner, await createUser(ctx), undefined]) {
      const res = await unhide(as, listing.id);
      expect(res.statusCode).toBe(as ? 403 : 401);
      if (as) expect(res.json()).toEqual({ detail: MODERATION_TEXTS.notModerator, code: 'FORBIDDEN' });
      const list = await ctx.inject({ method: 'GET', url: '/api/moderation/hidden-listings', as });
      expect(list.statusCode).toBe(as ? 403 : 401);
    }
    expect(await hiddenReasonOf(listing.id)).toBe('Misleading photo');
  });

  it('leaves the listing of a suspended owner hidden from others until the suspension ends', async () => {
    const moderator = await createModerator();
    const [owner, bystander] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, owner, { title: 'Saffron bulbs' });
    await hide(moderator, listing.id);
    await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      as: bystander,
      payload: { target_type: 'user', target_id: owner.id, reason: 'Scams' },
    });
    const suspend = { action: 'suspend', target_type: 'user', target_id: owner.id, note: 'Scamming', days: 2 };
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/moderation/actions', as: moderator, payload: suspend }))
        .statusCode,
    ).toBe(201);

    expect((await unhide(moderator, listing.id)).statusCode).toBe(201);
    expect(await visibleIds(bystander, 'public=true')).not.toContain(listing.id);
    // The owner is told the truth: seen again once the suspension ends, not now.
    await mailerOf(ctx.app.server)!.idle();
    const told = await ctx.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', owner.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.subject).toBe('Your listing is no longer hidden');
    expect(told.text).toContain('once your account is no longer suspended');
    const lifted = await ctx.inject({
      method: 'POST',
      url: `/api/moderation/suspended-members/${owner.id}/lift`,
      as: moderator,
      payload: { note: 'Served enough' },
    });
    expect(lifted.statusCode).toBe(201);
    expect(await visibleIds(bystander, 'public=true')).toContain(listing.id);
  });
});
