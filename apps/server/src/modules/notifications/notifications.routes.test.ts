import type { AddressInfo } from 'node:net';
import { type Notification, type User } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { mailerOf } from '../mail/mailer.js';
import { type ClientSocket, openSocket } from '../../../test/sockets.js';

describe('wish-list matches, notifications and their e-mails', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ smtpUrl: sink.url });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  const want = async (user: TestUser, title: string, category_id = 1) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: user,
      payload: { title, category_id },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>();
  };
  const post = async (user: TestUser, payload: Record<string, unknown>) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: user,
      payload: { type_id: 2, category_id: 1, ...payload },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>();
  };
  const patch = async (user: TestUser, id: number, payload: Record<string, unknown>) => {
    const res = await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}`, as: user, payload });
    expect(res.statusCode).toBe(200);
  };
  const notifications = async (user: TestUser) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/notifications', as: user });
    expect(res.statusCode).toBe(200);
    return res.json<Notification[]>();
  };
  const unread = async (user: TestUser) =>
    (await ctx.inject({ method: 'GET', url: '/api/notifications/unread-count', as: user })).json<{
      unread_count: number;
    }>().unread_count;
  /** Every queued e-mail has reached the sink. */
  const mailsSettled = () => mailerOf(ctx.app.server)!.idle();
  const listen = async (user: TestUser) => {
    const socket = openSocket(url, user.token);
    sockets.push(socket);
    const received: Notification[] = [];
    socket.on('notification', (n) => received.push(n));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  };
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };
  const profile = async (user: TestUser) =>
    (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user })).json<User>();

  it('tells a stranger who wants "tomato" about public "Cherry tomatoes": a row, a live event and an e-mail with a working unsubscribe', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const tomato = await want(b, 'tomato');
    const live = await listen(b);
    const listing = await post(a, { title: 'Cherry tomatoes' });

    const [notice] = await notifications(b);
    expect(notice).toMatchObject({
      type: 'match',
      listing_id: listing.id,
      want_id: tomato.id,
      read_at: null,
      from_user: { id: a.id, username: a.username },
      listing: { id: listing.id, title: 'Cherry tomatoes' },
      want: { id: tomato.id, title: 'tomato' },
    });
    expect(await unread(b)).toBe(1);
    await until(() => live.length > 0);
    expect(live).toEqual([notice]);

    await mailsSettled();
    const [mail] = sink.to(b.email);
    expect(sink.to(b.email)).toHaveLength(1);
    expect(mail!.subject).toMatch(/^You got a match/);
    expect(mail!.body).toContain('Cherry tomatoes');
    expect(mail!.body).toContain(`/listings/${listing.id}`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/<(https?:\/\/[^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!);
    expect(link.pathname).toBe('/api/mail/unsubscribe');
    // The e-mail shows the page of the same token; opening a link changes nothing, its button does.
    expect(mail!.body).toContain(`/unsubscribe${link.search}`);

    expect((await profile(b)).email_notifications.matches).toBe(true);
    const opened = await ctx.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(303);
    expect((await profile(b)).email_notifications.matches).toBe(true);
    const done = await ctx.inject({ method: 'POST', url: link.pathname + link.search });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kinds: ['matches'] });
    // Only matches: the member still hears of friend requests and messages by e-mail.
    expect((await profile(b)).email_notifications).toEqual({
      matches: false,
      friend_requests: true,
      messages: true,
      trades: true,
      digest: false,
    });

    // Unsubscribed: still told in the app, no longer by e-mail.
    const second = await post(a, { title: 'Roma tomatoes' });
    await mailsSettled();
    expect((await notifications(b)).map((n) => n.listing_id)).toEqual([second.id, listing.id]);
    expect(sink.to(b.email)).toHaveLength(1);
  });

  it('answers the one-click POST of List-Unsubscribe, and refuses a forged or session token', async () => {
    const b = await createUser(ctx);
    const link = new URL(await mailerOf(ctx.app.server)!.unsubscribeUrl({ userId: b.id }, 'friend_requests'));
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(b)).email_notifications).toEqual({
      matches: true,
      friend_requests: false,
      messages: true,
      trades: true,
      digest: false,
    });

    const c = await createUser(ctx);
    for (const token of [c.token, 'not-a-token']) {
      const bad = await ctx.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('not valid');
    }
    expect((await profile(c)).email_notifications).toEqual({
      matches: true,
      friend_requests: true,
      messages: true,
      trades: true,
      digest: false,
    });
  });

  it('never tells a stranger about a friends-only listing, but tells a friend', async () => {
    const [a, stranger, friend] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, a, friend);
    await want(stranger, 'tomato');
    await want(friend, 'tomatoes');
    const listing = await post(a, { title: 'Cherry tomatoes', is_public: false });
    await mailsSettled();
    expect(await notifications(stranger)).toEqual([]);
    expect(sink.to(stranger.email)).toEqual([]);
    expect((await notifications(friend)).map((n) => n.listing_id)).toEqual([listing.id]);
    expect(sink.to(friend.email)).toHaveLength(1);
  });

  it('tells once: editing the listing, or a second matching want, sends nothing more', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await want(b, 'tomato');
    await want(b, 'cherry tomato');
    const listing = await post(a, { title: 'Cherry tomatoes' });
    await patch(a, listing.id, { title: 'Cherry tomatoes, very sweet', description: 'Now ripe' });
    await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}/visibility`,
      as: a,
      payload: { is_public: true },
    });
    await mailsSettled();
    expect(await notifications(b)).toHaveLength(1);
    expect(sink.to(b.email)).toHaveLength(1);
  });

  it("never tells a member about their own listing, nor about a paused, gone, other-category or blocked member's one", async () => {
    const [a, b, blocked] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await want(a, 'tomato');
    await post(a, { title: 'Cherry tomatoes' });
    await want(b, 'basil');
    await post(a, { title: 'Basil', is_active: false });
    await post(a, { title: 'Sweet basil', state_id: 3 });
    await post(a, { title: 'Basil', category_id: 2 });
    await post(a, { title: 'Tomato' });
    await want(blocked, 'basil');
    await ctx.db.insertInto('blocks').values({ blocker_id: blocked.id, blocked_id: a.id }).execute();
    await post(a, { title: 'Thai basil' });
    await mailsSettled();
    expect(await notifications(a)).toEqual([]);
    expect(sink.to(a.email)).toEqual([]);
    expect((await notifications(b)).map((n) => n.listing!.title)).toEqual(['Thai basil']);
    expect(await notifications(blocked)).toEqual([]);
  });

  it('tells when a paused listing becomes active', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await want(b, 'seed potatoes', 2);
    const listing = await post(a, { title: 'Potato', category_id: 2, is_active: false });
    expect(await notifications(b)).toEqual([]);
    await patch(a, listing.id, { is_active: true });
    expect((await notifications(b)).map((n) => n.listing_id)).toEqual([listing.id]);
  });

  it('a friend request notifies in the app and by e-mail; accepting notifies the requester and opens friends-only matches', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await want(b, 'rhubarb', 3);
    const hidden = await createListing(ctx, a, { title: 'Rhubarb crowns', category_id: 3, is_public: false });
    const live = await listen(b);
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      as: a,
      payload: { friend_id: b.id },
    });
    expect(sent.statusCode).toBe(201);
    const [request] = await notifications(b);
    expect(request).toMatchObject({ type: 'friend_request', from_user: { id: a.id, username: a.username } });
    await until(() => live.length > 0);
    expect(live[0]).toMatchObject({ type: 'friend_request' });
    await mailsSettled();
    const [mail] = sink.to(b.email);
    expect(mail!.subject).toBe('Test wants to be friends on Gardenswap');
    expect(mail!.body).toContain(`/seller/${a.id}`);
    expect(mail!.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\?token=/);

    const requestId = sent.json<{ request_id: number }>().request_id;
    const answered = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/respond',
      as: b,
      payload: { request_id: requestId, accept: true },
    });
    expect(answered.statusCode).toBe(200);
    expect((await notifications(a)).map((n) => [n.type, n.from_user?.id])).toEqual([['friend_accepted', b.id]]);
    expect((await notifications(b)).map((n) => [n.type, n.listing_id])).toEqual([
      ['match', hidden.id],
      ['friend_request', null],
    ]);
  });

  it("sends the invitation e-mail with the member's profile link to the given address", async () => {
    const a = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/invite',
      as: a,
      payload: { email: 'New.Friend@Example.org' },
    });
    expect(res.statusCode).toBe(202);
    await mailsSettled();
    const [mail] = sink.to('new.friend@example.org');
    expect(mail!.subject).toBe('Test invited you to Gardenswap');
    expect(mail!.body).toContain(`${ctx.config.publicOrigin}/seller/${a.id}`);
    expect(mail!.headers['list-unsubscribe']).toBeDefined();

    const bad = await ctx.inject({ method: 'POST', url: '/api/auth/invite', as: a, payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'email', message: 'Invalid email format' }] });
  });

  it('marks given notifications read, then all', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await want(b, 'tomato');
    await want(b, 'bean');
    await want(b, 'pea');
    for (const title of ['Tomato', 'Beans', 'Peas']) await post(a, { title });
    const list = await notifications(b);
    expect(list.map((n) => n.listing!.title)).toEqual(['Peas', 'Beans', 'Tomato']);
    expect(await unread(b)).toBe(3);
    const one = await ctx.inject({
      method: 'POST',
      url: '/api/notifications/read',
      as: b,
      payload: { ids: [list[0]!.id] },
    });
    expect(one.json()).toEqual({ unread_count: 2 });
    // Someone else's id marks nothing of theirs.
    await ctx.inject({ method: 'POST', url: '/api/notifications/read', as: a, payload: {} });
    expect(await unread(b)).toBe(2);
    const all = await ctx.inject({ method: 'POST', url: '/api/notifications/read', as: b, payload: {} });
    expect(all.json()).toEqual({ unread_count: 0 });
    expect((await notifications(b)).every((n) => n.read_at !== null)).toBe(true);
  });

  it('hides a match once its listing is no longer visible to the member', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await want(b, 'tomato');
    const listing = await post(a, { title: 'Cherry tomatoes' });
    expect(await unread(b)).toBe(1);
    await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}/visibility`,
      as: a,
      payload: { is_public: false },
    });
    expect(await notifications(b)).toEqual([]);
    expect(await unread(b)).toBe(0);
  });

  it('shows at once the listings a saved want already matches, only those the member can see', async () => {
    const [a, b, friend] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, a, friend);
    const visible = await createListing(ctx, a, { title: 'Heirloom kohlrabi' });
    await createListing(ctx, a, { title: 'Kohlrabi seedlings', is_public: false });
    await createListing(ctx, a, { title: 'Kohlrabi', state_id: 3 });
    await createListing(ctx, a, { title: 'Basil' });
    await createListing(ctx, b, { title: 'My own kohlrabi' });
    const kohlrabi = await want(b, 'kohlrabi');
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/want-listings/${kohlrabi.id}/matches`, as: b });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: number }[]>().map((l) => l.id)).toEqual([visible.id]);

    const friendWant = await want(friend, 'kohlrabi');
    const forFriend = await ctx.inject({
      method: 'GET',
      url: `/api/listings/want-listings/${friendWant.id}/matches`,
      as: friend,
    });
    expect(
      forFriend
        .json<{ title: string }[]>()
        .map((l) => l.title)
        .sort(),
    ).toEqual(['Heirloom kohlrabi', 'Kohlrabi seedlings', 'My own kohlrabi']);
    const notMine = await ctx.inject({
      method: 'GET',
      url: `/api/listings/want-listings/${kohlrabi.id}/matches`,
      as: friend,
    });
    expect(notMine.statusCode).toBe(404);
  });
});
