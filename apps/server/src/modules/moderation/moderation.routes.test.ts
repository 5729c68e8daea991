import type { AddressInfo } from 'node:net';
import {
  MODERATION_TEXTS,
  type Listing,
  type ModerationLogEntry,
  type Notification,
  type ReportGroup,
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
  const member = await createUser(ctx);
  await setModerator(ctx.db, member.email, true);
  return member;
}
const report = (as: TestUser, target_type: string, target_id: number, reason = 'Looks like a scam') =>
  ctx.inject({ method: 'POST', url: '/api/reports', as, payload: { target_type, target_id, reason } });
const act = (as: TestUser, payload: object) =>
  ctx.inject({ method: 'POST', url: '/api/moderation/actions', as, payload });
const groups = async (as: TestUser) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/moderation/reports', as });
  expect(res.statusCode).toBe(200);
  return res.json<ReportGroup[]>();
};
const groupOf = async (as: TestUser, type: string, id: number) =>
  (await groups(as)).find((g) => g.target_type === type && g.target_id === id);
const notificationsOf = async (as: TestUser) =>
  (await ctx.inject({ method: 'GET', url: '/api/notifications', as })).json<Notification[]>();
async function mailsTo(email: string) {
  await mailerOf(ctx.app.server)!.idle();
  return ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
}
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toBuffer();
async function listingWithPhoto(as: TestUser, title: string): Promise<Listing> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/listings/',
    as,
    ...multipartBody(
      { title, type_id: '3', category_id: '1' },
      { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo() },
    ),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Listing>();
}

describe('who reaches /api/moderation', () => {
  it('answers 403 to a member who is not a moderator on every route, and 401 without a session', async () => {
    const member = await createUser(ctx);
    const other = await createUser(ctx);
    const listing = await createListing(ctx, other);
    await report(member, 'listing', listing.id);
    const calls = [
      { method: 'GET', url: '/api/moderation/reports' },
      { method: 'GET', url: '/api/moderation/log' },
      ...(['dismiss', 'hide_listing', 'warn', 'suspend'] as const).map((action) => ({
        method: 'POST',
        url: '/api/moderation/actions',
        payload: { action, target_type: 'listing', target_id: listing.id, note: 'Not allowed', days: 3 },
      })),
    ] as const;
    for (const call of calls) {
      const res = await ctx.inject({ ...call, as: member });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toEqual({ detail: MODERATION_TEXTS.notModerator, code: 'FORBIDDEN' });
      expect((await ctx.inject({ ...call })).statusCode).toBe(401);
    }
    // Nothing happened: the report is still open and the listing still shows.
    const row = await ctx.db
      .selectFrom('listings')
      .select('hidden_reason')
      .where('id', '=', listing.id)
      .executeTakeFirst();
    expect(row?.hidden_reason).toBeNull();
    const open = await ctx.db.selectFrom('reports').select('status').where('target_id', '=', listing.id).execute();
    expect(open).toEqual([{ status: 'open' }]);
  });

  it('stops answering a moderator the operator removed', async () => {
    const moderator = await createModerator();
    expect((await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).statusCode).toBe(200);
    const profile = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: moderator });
    expect(profile.json().is_moderator).toBe(true);
    await setModerator(ctx.db, moderator.email, false);
    expect((await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: moderator })).json().is_moderator).toBe(
      false,
    );
  });
});

describe('open reports', () => {
  it('groups reports by target, newest first, each target in context with its reasons and reporters', async () => {
    const moderator = await createModerator();
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const listing = await listingWithPhoto(bob, 'Magic beans');
    const said: number[] = [];
    for (const [from, to, content] of [
      [alice, bob, 'Hi, are the beans still there?'],
      [bob, alice, 'Yes'],
      [alice, bob, 'Great, tomorrow?'],
      [bob, alice, 'Send me money first or else'],
      [alice, bob, 'No thanks'],
      [carol, bob, 'A message in another conversation'],
    ] as const) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/messages',
        as: from,
        payload: { receiver_id: to.id, content },
      });
      said.push(res.json().id);
    }
    expect((await report(alice, 'listing', listing.id, 'Beans are not magic')).statusCode).toBe(201);
    expect((await report(carol, 'listing', listing.id, 'Fake')).statusCode).toBe(201);
    expect((await report(alice, 'message', said[3]!, 'Threatening')).statusCode).toBe(201);
    expect((await report(carol, 'user', bob.id, 'Rude')).statusCode).toBe(201);

    const all = await groups(moderator);
    const mine = all.filter((g) => [listing.id, said[3], bob.id].includes(g.target_id));
    expect(mine.map((g) => g.target_type)).toEqual(['user', 'message', 'listing']);

    const listingGroup = mine[2]!;
    expect(listingGroup.reports.map((r) => [r.reason, r.reporter.username])).toEqual([
      ['Fake', carol.username],
      ['Beans are not magic', alice.username],
    ]);
    expect(listingGroup.target).toMatchObject({
      type: 'listing',
      listing: { id: listing.id, title: 'Magic beans', hidden_reason: null },
      member: { id: bob.id, username: bob.username, suspended: false },
    });
    const thumbnail = listingGroup.target?.type === 'listing' ? listingGroup.target.listing.thumbnail : null;
    expect((await ctx.inject({ method: 'GET', url: `/api/${thumbnail}` })).statusCode).toBe(200);

    const messageGroup = mine[1]!;
    if (messageGroup.target?.type !== 'message') throw new Error('expected a message target');
    expect(messageGroup.target.message.content).toBe('Send me money first or else');
    expect(messageGroup.target.member.id).toBe(bob.id);
    expect(messageGroup.target.receiver).toEqual({ id: alice.id, username: alice.username });
    // Three before and the one after, in that conversation only.
    expect(messageGroup.target.context.map((m) => m.id)).toEqual(said.slice(0, 5));

    expect(mine[0]!.target).toMatchObject({ type: 'user', member: { id: bob.id, username: bob.username } });
  });

  it('dismisses: resolves every open report of the target, logs it and tells each reporter', async () => {
    const moderator = await createModerator();
    const [alice, carol, bob] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await report(alice, 'user', bob.id, 'Weird username');
    await report(carol, 'user', bob.id, 'Odd');
    const res = await act(moderator, { action: 'dismiss', target_type: 'user', target_id: bob.id });
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationLogEntry>()).toMatchObject({
      action: 'dismiss',
      moderator: { id: moderator.id, username: moderator.username },
      target_type: 'user',
      target_id: bob.id,
      target_label: bob.username,
      member: { id: bob.id },
      note: null,
      reports_resolved: 2,
    });
    expect(await groupOf(moderator, 'user', bob.id)).toBeUndefined();
    for (const reporter of [alice, carol]) {
      const [outcome] = await notificationsOf(reporter);
      expect(outcome).toMatchObject({ type: 'report_outcome', read_at: null });
      expect(outcome!.note).toContain('found nothing against the rules');
    }
    expect(await notificationsOf(bob)).toEqual([]);
    const log = (await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).json<
      ModerationLogEntry[]
    >();
    expect(log[0]).toMatchObject({ id: res.json().id, action: 'dismiss' });

    // A second moderator acting on the same, now handled, reports is told so.
    const late = await act(await createModerator(), {
      action: 'warn',
      target_type: 'user',
      target_id: bob.id,
      note: 'Behave',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: MODERATION_TEXTS.noOpenReports, code: 'CONFLICT' });
  });

  it('refuses a moderator acting on reports about themselves or their own listing', async () => {
    const moderator = await createModerator();
    const alice = await createUser(ctx);
    const listing = await createListing(ctx, moderator);
    await report(alice, 'user', moderator.id);
    await report(alice, 'listing', listing.id);
    for (const payload of [
      { action: 'dismiss', target_type: 'user', target_id: moderator.id },
      { action: 'suspend', target_type: 'user', target_id: moderator.id, note: 'Myself', days: null },
      { action: 'hide_listing', target_type: 'listing', target_id: listing.id, note: 'Mine' },
    ]) {
      const res = await act(moderator, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: MODERATION_TEXTS.notSelf, code: 'FORBIDDEN' });
    }
    expect(await groupOf(moderator, 'user', moderator.id)).toBeDefined();
  });

  it('answers 422 for a missing reason, bad days or hiding what is not a listing', async () => {
    const moderator = await createModerator();
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    await report(alice, 'user', bob.id);
    for (const [payload, detail] of [
      [{ action: 'warn', note: ' ' }, MODERATION_TEXTS.noteShort],
      [{ action: 'suspend', note: 'Spam', days: 0 }, MODERATION_TEXTS.daysInvalid],
      [{ action: 'suspend', note: 'Spam', days: 2.5 }, MODERATION_TEXTS.daysInvalid],
      [{ action: 'hide_listing', note: 'Spam' }, MODERATION_TEXTS.onlyListings],
    ] as const) {
      const res = await act(moderator, { target_type: 'user', target_id: bob.id, ...payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail });
    }
    expect(
      (await act(moderator, { action: 'warn', target_type: 'user', target_id: 999999, note: 'Hm' })).statusCode,
    ).toBe(422);
    expect(
      (await act(moderator, { action: 'warn', target_type: 'user', target_id: 999999, note: 'Hmm' })).statusCode,
    ).toBe(404);
  });

  it('warns the member in the app and by e-mail, and tells the reporter', async () => {
    const moderator = await createModerator();
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      as: bob,
      payload: { receiver_id: alice.id, content: 'Rude words' },
    });
    await report(alice, 'message', sent.json().id, 'Insulting');
    const tab = await connectTab(url, bob.token, open);
    const pushed = new Promise<Notification>((resolve) => tab.socket.once('notification', resolve));
    const res = await act(moderator, {
      action: 'warn',
      target_type: 'message',
      target_id: sent.json().id,
      note: 'Be kind in chat',
    });
    expect(res.statusCode).toBe(201);
    expect(await pushed).toMatchObject({ type: 'moderation_warning', note: 'Be kind in chat' });
    const mails = await mailsTo(bob.email);
    expect(mails.at(-1)!.subject).toBe('A warning from the Gardenswap moderators');
    expect(mails.at(-1)!.text).toContain('Be kind in chat');
    expect((await notificationsOf(alice))[0]!.note).toContain(`warned ${bob.username}`);
  });
});

describe('hiding a listing', () => {
  it('hides it from everyone but its owner by every route, photo included, and tells owner and reporter', async () => {
    const moderator = await createModerator();
    const [owner, reporter, fan] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const want = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: fan,
      payload: { title: 'Zanzibar basil', category_id: 1 },
    });
    const listing = await listingWithPhoto(owner, 'Zanzibar basil seedlings');
    const seen = (await ctx.inject({ method: 'GET', url: `/api/listings/${listing.id}`, as: fan })).json<Listing>();
    expect((await notificationsOf(fan)).map((n) => n.listing_id)).toContain(listing.id);
    await report(reporter, 'listing', listing.id, 'Not basil at all');

    const ownerTab = await connectTab(url, owner.token, open);
    const pushed = new Promise<Notification>((resolve) => ownerTab.socket.once('notification', resolve));
    const res = await act(moderator, {
      action: 'hide_listing',
      target_type: 'listing',
      target_id: listing.id,
      note: 'Misleading photo',
    });
    expect(res.statusCode).toBe(201);
    expect(await pushed).toMatchObject({
      type: 'listing_hidden',
      note: 'Misleading photo',
      listing: { id: listing.id, title: 'Zanzibar basil seedlings' },
    });

    for (const viewer of [fan, reporter]) {
      const get = (path: string) => ctx.inject({ method: 'GET', url: path, as: viewer });
      expect((await get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
      for (const query of ['public=true', 'q=zanzibar', `user_id=${owner.id}`, 'sort=oldest', 'sort=lowest']) {
        const ids = (await get(`/api/listings/?${query}`)).json<Listing[]>().map((l) => l.id);
        expect(ids, query).not.toContain(listing.id);
      }
    }
    const matches = await ctx.inject({
      method: 'GET',
      url: `/api/listings/want-listings/${want.json().id}/matches`,
      as: fan,
    });
    expect(matches.json<Listing[]>().map((l) => l.id)).not.toContain(listing.id);
    expect((await notificationsOf(fan)).map((n) => n.listing_id)).not.toContain(listing.id);
    // The public photo path handed out before stops working.
    for (const path of [seen.featured_image!, seen.thumbnail!])
      expect((await ctx.inject({ method: 'GET', url: `/api/${path}` })).statusCode).toBe(404);

    // The owner still sees it, with the reason, and its photo through their own signed URL.
    const own = await ctx.inject({ method: 'GET', url: `/api/listings/${listing.id}`, as: owner });
    expect(own.statusCode).toBe(200);
    expect(own.json<Listing>().hidden_reason).toBe('Misleading photo');
    expect(own.json<Listing>().thumbnail).toMatch(/\?v=\d+&exp=\d+&sig=/);
    expect((await ctx.inject({ method: 'GET', url: `/api/${own.json<Listing>().thumbnail}` })).statusCode).toBe(200);
    const mine = (await ctx.inject({ method: 'GET', url: '/api/listings/?mine=true', as: owner })).json<Listing[]>();
    expect(mine.map((l) => l.id)).toContain(listing.id);
    // The owner's signed URL is theirs alone.
    const stolen = own.json<Listing>().thumbnail!.replace(/v=\d+/, `v=${fan.id}`);
    expect((await ctx.inject({ method: 'GET', url: `/api/${stolen}` })).statusCode).toBe(404);

    const mail = (await mailsTo(owner.email)).at(-1)!;
    expect(mail.subject).toBe('A moderator hid your listing');
    expect(mail.text).toContain('Misleading photo');
    expect(mail.headers ?? '').not.toMatch(/unsubscribe/i);
    expect((await notificationsOf(reporter))[0]).toMatchObject({ type: 'report_outcome', listing: null });
    expect((await notificationsOf(reporter))[0]!.note).toContain('hid the listing');

    const log = (await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).json<
      ModerationLogEntry[]
    >();
    expect(log[0]).toMatchObject({
      action: 'hide_listing',
      target_label: '“Zanzibar basil seedlings”',
      note: 'Misleading photo',
      member: { id: owner.id },
    });
  });
});
