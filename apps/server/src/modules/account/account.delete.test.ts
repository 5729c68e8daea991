import type { AddressInfo } from 'node:net';
import { ACCOUNT_TEXTS, type Listing, MAIL_PREVIEWS, type Message, type Thread, TEXTS } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab, openSocket } from '../../../test/sockets.js';
import { UPLOADS_PREFIX } from '../images/photo-urls.js';
import { mailerOf } from '../mail/mailer.js';
import { type LivedInMember, livedInMember } from '../../../test/lived-in-member.js';

/**
 * Every route of the app, as its API reference lists them, and how the walk after a deletion
 * treats it. GET routes are all walked with every id of the deleted member; a route that acts on
 * another member by id is tried against them; the rest act only on the caller's own account. A new
 * route fails the test until it is placed here.
 */
const WRITES_ON_A_MEMBER = [
  'POST /api/auth/friends/request',
  'POST /api/auth/friends/respond',
  'DELETE /api/auth/friends/{userId}',
  'POST /api/messages/',
  'POST /api/blocks/',
  'DELETE /api/blocks/{user_id}',
  'POST /api/reports/',
  'PATCH /api/listings/{id}',
  'DELETE /api/listings/{id}',
  'PATCH /api/listings/{id}/visibility',
  'PUT /api/listings/{id}/image',
  'DELETE /api/listings/{id}/image',
  'POST /api/listings/{id}/photos',
  'DELETE /api/listings/{id}/photos/{photoId}',
  'PUT /api/listings/{id}/photos/order',
  'POST /api/listings/{id}/renew',
  'PATCH /api/listings/want-listings/{id}',
  'DELETE /api/listings/want-listings/{id}',
  'POST /api/moderation/actions',
  'POST /api/moderation/suspended-members/{id}/lift',
  'POST /api/moderation/hidden-listings/{id}/unhide',
  'POST /api/listings/{id}/interest',
  'POST /api/listings/{id}/reservation',
  'DELETE /api/listings/{id}/reservation',
  'POST /api/listings/{id}/hand-over',
  'PUT /api/listings/{id}/pickup',
  'DELETE /api/listings/{id}/pickup',
  'POST /api/listings/{id}/pickup/agree',
  'POST /api/listings/{id}/pickup/ask',
  'POST /api/trades/{id}/thanks',
  'POST /api/thanks/{id}/hide',
  'PATCH /api/events/{id}',
  'DELETE /api/events/{id}',
  'PUT /api/events/{id}/going',
  'DELETE /api/events/{id}/going',
  'PUT /api/events/{id}/photo',
  'DELETE /api/events/{id}/photo',
  'POST /api/moderation/hidden-events/{id}/unhide',
];
const OWN_ACCOUNT_ONLY = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/logout',
  'PATCH /api/auth/profile',
  'PUT /api/auth/time-zone',
  'POST /api/auth/upload-profile-image',
  'POST /api/auth/invite',
  'POST /api/mail/unsubscribe',
  'POST /api/listings/renew',
  'POST /api/notifications/read',
  'POST /api/listings/',
  'POST /api/listings/want-listings/',
  'POST /api/account/export-link',
  'POST /api/account/delete',
  'POST /api/auth/email/confirm',
  'POST /api/auth/email/confirmation',
  'POST /api/auth/email/change',
  'DELETE /api/auth/email/change',
  'POST /api/auth/email/change/resend',
  'POST /api/auth/password/change',
  'DELETE /api/auth/sessions/{id}',
  'POST /api/auth/sessions/sign-out-others',
  'PATCH /api/push/settings',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'POST /api/events/',
];

const norm = (path: string) => (path.endsWith('/') ? path : `${path}/`);

describe.each(['disk', 'database'] as const)('delete my account (photos on %s)', (uploadsStore) => {
  let ctx: TestContext;
  let url: string;
  const open: ClientSocket[] = [];
  let lived: LivedInMember;
  let member: TestUser;
  let stranger: TestUser;
  let standInId: number;
  let signedPhotoUrl: string;
  let unsubscribeUrl: string;
  let photos: string[];
  let strangersWantId: number;

  beforeAll(async () => {
    ctx = await buildTestApp({ uploadsStore });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    lived = await livedInMember(ctx, 'del1');
    member = lived.member;
    stranger = await createUser(ctx);
    // Someone else wants what the member had: its matches must not bring the member's listing back.
    strangersWantId = (
      await ctx.db
        .insertInto('want_listings')
        .values({ user_id: stranger.id, title: 'Tomatoes', category_id: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const matchesBefore = await ctx.inject({
      method: 'GET',
      url: `/api/listings/want-listings/${strangersWantId}/matches`,
      as: stranger,
    });
    expect(matchesBefore.body).toContain('Tomatoes del1');
    photos = [
      lived.avatar,
      lived.publicListing.photo.image,
      lived.publicListing.photo.thumbnail,
      lived.privateListing.photo.image,
      lived.privateListing.photo.thumbnail,
      lived.event.photo.image,
      lived.event.photo.thumbnail,
    ];
    // What the member's friend held before: a signed address of the friends-only listing's photo.
    const seen = await ctx.inject({ method: 'GET', url: `/api/listings/${lived.privateListing.id}`, as: lived.friend });
    signedPhotoUrl = `/api/${seen.json<Listing>().featured_image}`;
    expect(signedPhotoUrl).toContain('sig=');
    expect((await ctx.inject({ method: 'GET', url: signedPhotoUrl })).statusCode).toBe(200);
    const link = new URL(await mailerOf(ctx.app.server)!.unsubscribeUrl({ userId: member.id }, 'matches'));
    unsubscribeUrl = link.pathname + link.search;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => ctx.close());

  const remove = (as: TestUser, password: unknown) =>
    ctx.inject({ method: 'POST', url: '/api/account/delete', as, payload: { password } });

  it('refuses a wrong or missing password with 422 on the password field and deletes nothing', async () => {
    const wrong = await remove(member, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      detail: ACCOUNT_TEXTS.wrongPassword,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: ACCOUNT_TEXTS.wrongPassword }],
    });
    const missing = await ctx.inject({ method: 'POST', url: '/api/account/delete', as: member, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'password', message: TEXTS.passwordRequired }]);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: member })).statusCode).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/listings/${lived.publicListing.id}`, as: stranger })).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/account/delete', payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it('deletes the member with their password and drops their open sockets', async () => {
    const tab = await connectTab(url, member.token, open);
    const memberGone = new Promise((resolve) => tab.socket.once('disconnect', resolve));
    const res = await remove(member, PASSWORD);
    expect(res.statusCode).toBe(204);
    expect(await memberGone).toBe('io server disconnect');
    const standIn = await ctx.db
      .selectFrom('messages')
      .select('sender_id')
      .where('content', '=', 'Hello from del1')
      .executeTakeFirstOrThrow();
    standInId = standIn.sender_id;
    expect(standInId).not.toBe(member.id);
  });

  it('ends every session: the old token, a new socket and signing in are all refused', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: member })).statusCode).toBe(401);
    const socket = openSocket(url, member.token);
    open.push(socket);
    await expect(
      new Promise((resolve, reject) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => reject(error));
      }),
    ).rejects.toThrow('unauthorized');
    const login = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('removes their photos from the store, thumbnails too', async () => {
    for (const path of photos)
      expect(await ctx.app.images.store.get(path.slice(UPLOADS_PREFIX.length))).toBeUndefined();
    if (uploadsStore === 'database') {
      const names = photos.map((p) => p.slice(UPLOADS_PREFIX.length));
      expect(await ctx.db.selectFrom('images').select('name').where('name', 'in', names).execute()).toEqual([]);
    }
  });

  it('leaves the rows of every table that referenced them empty', async () => {
    const id = member.id;
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    const db = ctx.db;
    expect(await count(db.selectFrom('users').select('id').where('id', '=', id))).toBe(0);
    expect(await count(db.selectFrom('listings').select('id').where('owner_id', '=', id))).toBe(0);
    expect(await count(db.selectFrom('events').select('id').where('owner_id', '=', id))).toBe(0);
    expect(await count(db.selectFrom('event_attendees').select('user_id').where('event_id', '=', lived.event.id))).toBe(
      0,
    );
    expect(await count(db.selectFrom('want_listings').select('id').where('user_id', '=', id))).toBe(0);
    expect(
      await count(
        db
          .selectFrom('friendships')
          .select('id')
          .where((eb) => eb.or([eb('user_low', '=', id), eb('user_high', '=', id)])),
      ),
    ).toBe(0);
    expect(
      await count(
        db
          .selectFrom('notifications')
          .select('id')
          .where((eb) => eb.or([eb('user_id', '=', id), eb('from_user_id', '=', id)])),
      ),
    ).toBe(0);
    expect(
      await count(
        db
          .selectFrom('messages')
          .select('id')
          .where((eb) => eb.or([eb('sender_id', '=', id), eb('receiver_id', '=', id)])),
      ),
    ).toBe(0);
    expect(await count(db.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', id))).toBe(0);
    expect(await count(db.selectFrom('reports').select('id').where('reporter_id', '=', id))).toBe(0);
    expect(
      await count(
        db
          .selectFrom('trades')
          .select('id')
          .where((eb) => eb.or([eb('owner_id', '=', id), eb('receiver_id', '=', id)])),
      ),
    ).toBe(0);
    expect(
      await count(
        db
          .selectFrom('thanks')
          .select('id')
          .where((eb) => eb.or([eb('from_user_id', '=', id), eb('to_user_id', '=', id)])),
      ),
    ).toBe(0);
    expect(await count(db.selectFrom('listing_interests').select('user_id').where('user_id', '=', id))).toBe(0);
    expect(await count(db.selectFrom('outbox').select('id').where('to_address', '=', member.email))).toBe(0);
    const standIn = await db.selectFrom('users').selectAll().where('id', '=', standInId).executeTakeFirstOrThrow();
    expect(standIn).toMatchObject({ password_hash: '', first_name: '', last_name: '', profile_picture: null });
    expect(JSON.stringify(standIn)).not.toContain(member.username);
    expect(JSON.stringify(standIn)).not.toContain(member.email);
  });

  it('keeps the conversation readable to the other member, from "Deleted member" with no photo', async () => {
    const threads = await ctx.inject({ method: 'GET', url: '/api/messages', as: lived.friend });
    expect(threads.json<Thread[]>()).toEqual([
      expect.objectContaining({
        user_id: standInId,
        username: ACCOUNT_TEXTS.deletedMember,
        profile_picture: null,
        last_message: expect.objectContaining({ content: 'Hi back to del1', sender_id: lived.friend.id }),
      }),
    ]);
    const chat = await ctx.inject({ method: 'GET', url: `/api/messages/${standInId}`, as: lived.friend });
    expect(chat.statusCode).toBe(200);
    expect(chat.json<Message[]>().map((m) => [m.sender_id, m.content])).toEqual([
      [standInId, 'Hello from del1'],
      [lived.friend.id, 'Hi back to del1'],
    ]);
    // Nobody else reads it.
    const other = await ctx.inject({ method: 'GET', url: `/api/messages/${standInId}`, as: stranger });
    expect(other.json()).toEqual([]);
  });

  it('lets no one message, befriend, block or report the deleted member', async () => {
    for (const id of [member.id, standInId]) {
      const tries = [
        ctx.inject({
          method: 'POST',
          url: '/api/messages',
          as: lived.friend,
          payload: { receiver_id: id, content: 'hi' },
        }),
        ctx.inject({ method: 'POST', url: '/api/auth/friends/request', as: stranger, payload: { friend_id: id } }),
        ctx.inject({ method: 'POST', url: '/api/blocks', as: stranger, payload: { user_id: id } }),
        ctx.inject({
          method: 'POST',
          url: '/api/reports',
          as: stranger,
          payload: { target_type: 'user', target_id: id, reason: 'spam spam spam' },
        }),
      ];
      for (const res of await Promise.all(tries)) expect([404, 422], res.body).toContain(res.statusCode);
    }
    const socket = (await connectTab(url, lived.friend.token, open)).socket;
    const ack = await socket.emitWithAck('send_message', { receiver_id: standInId, content: 'are you there?' });
    expect(ack).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves nothing of theirs readable through any route, for anyone', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${norm(path)}`),
    );
    const classified = new Set(
      [...WRITES_ON_A_MEMBER, ...OWN_ACCOUNT_ONLY].map((r) => r.replace(/ (\S+)$/, (_, p: string) => ` ${norm(p)}`)),
    );
    const unplaced = routes.filter((r) => !r.startsWith('GET ') && !classified.has(r));
    expect(unplaced, 'routes the walk does not know yet').toEqual([]);

    const names = photos.map((p) => p.slice(UPLOADS_PREFIX.length));
    const memberIds = [member.id, standInId];
    const values: Record<string, (string | number)[]> = {
      id: [
        ...memberIds,
        lived.publicListing.id,
        lived.privateListing.id,
        lived.wantId,
        strangersWantId,
        lived.event.id,
      ],
      userId: memberIds,
      user_id: memberIds,
      name: names,
      kind: [...MAIL_PREVIEWS],
    };
    const queries: Record<string, string[]> = {
      '/api/listings/': [
        '',
        `?user_id=${member.id}`,
        `?user_id=${standInId}`,
        '?public=true',
        '?friends=true',
        '?q=del1',
        '?q=Tomatoes',
      ],
      '/api/listings/want-listings/': ['', `?user_id=${member.id}`, `?user_id=${standInId}`],
      '/api/swaps/': ['', `?user_id=${member.id}`, `?user_id=${standInId}`],
      '/api/auth/users/': ['?q=leaver', `?q=${member.username}`, '?q=deleted', '?q=Deleted%20member'],
      '/api/auth/friends/requests/': ['?direction=incoming', '?direction=outgoing'],
      '/api/events/': ['', '?going=true', '?mine=true', '?within_miles=500'],
      '/api/events/map/': ['?box=-125,24,-66,50'],
      '/api/mail/unsubscribe/': [unsubscribeUrl.split('?')[1] ? `?${unsubscribeUrl.split('?')[1]}` : ''],
      '/api/mail/unsubscribe/link/': [unsubscribeUrl.split('?')[1] ? `?${unsubscribeUrl.split('?')[1]}` : ''],
    };
    const urls: string[] = [];
    for (const route of routes.filter((r) => r.startsWith('GET '))) {
      const path = route.slice(4);
      if (path === '/api/account/export/') continue; // its own test file: a link is signed for one member
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      let filled = [path];
      for (const param of params) {
        expect(values[param], `a value for {${param}} in ${path}`).toBeDefined();
        filled = filled.flatMap((p) => values[param]!.map((v) => p.replace(`{${param}}`, String(v))));
      }
      for (const p of filled) for (const q of queries[path] ?? ['']) urls.push(p.replace(/\/$/, '') + q);
    }
    urls.push(signedPhotoUrl, `/api/messages/${member.id}`);

    const traces = [
      member.username,
      member.email,
      'Firstdel1',
      'Lastdel1',
      '12 del1 Lane',
      'Tomatoes del1',
      'Seeds del1',
      'Basil del1',
      'Rude del1',
      'Thanks del1',
      'Cheers del1',
      'Swap del1',
      ...names,
      'deleted member ',
      'deleted:',
    ];
    const viewers: (TestUser | undefined)[] = [
      lived.friend,
      lived.requested,
      lived.blocked,
      stranger,
      member,
      undefined,
    ];
    for (const viewer of viewers) {
      for (const target of urls) {
        const res = await ctx.inject({ method: 'GET', url: target, as: viewer });
        expect(res.statusCode, `${target} as ${viewer?.username ?? 'a guest'}`).toBeLessThan(500);
        for (const trace of traces)
          expect(res.body, `${target} as ${viewer?.username ?? 'a guest'}`).not.toContain(trace);
        if (target.startsWith('/api/uploads/')) expect(res.statusCode, target).toBe(404);
      }
    }
    // Writes that name a member by id find nothing to act on.
    const attempts = [
      { method: 'DELETE', url: `/api/auth/friends/${member.id}` },
      { method: 'DELETE', url: `/api/blocks/${member.id}` },
      { method: 'PATCH', url: `/api/listings/${lived.publicListing.id}`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `/api/listings/${lived.publicListing.id}` },
      { method: 'PATCH', url: `/api/listings/${lived.privateListing.id}/visibility`, payload: { is_public: true } },
      { method: 'DELETE', url: `/api/listings/${lived.privateListing.id}/image` },
      { method: 'POST', url: `/api/listings/${lived.publicListing.id}/renew` },
      { method: 'PATCH', url: `/api/events/${lived.event.id}`, payload: { title: 'Mine now' } },
      { method: 'PUT', url: `/api/events/${lived.event.id}/going` },
      { method: 'PATCH', url: `/api/listings/want-listings/${lived.wantId}`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `/api/listings/want-listings/${lived.wantId}` },
      { method: 'POST', url: '/api/auth/friends/respond', payload: { request_id: 1, accept: true } },
    ] as const;
    for (const attempt of attempts) {
      const res = await ctx.inject({ ...attempt, as: lived.friend });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBeGreaterThanOrEqual(204);
      for (const trace of traces) expect(res.body).not.toContain(trace);
    }
  });

  it('answers their unsubscribe link like any other, changing nothing', async () => {
    const search = unsubscribeUrl.slice(unsubscribeUrl.indexOf('?'));
    expect((await ctx.inject({ method: 'GET', url: `/api/mail/unsubscribe${search}` })).statusCode).toBe(303);
    expect((await ctx.inject({ method: 'GET', url: `/api/mail/unsubscribe/link${search}` })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: `/api/mail/unsubscribe${search}` })).statusCode).toBe(200);
  });

  it('sends no reset link to their address', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(202);
    await mailerOf(ctx.app.server)!.idle();
    expect(await ctx.db.selectFrom('outbox').select('id').where('to_address', '=', member.email).execute()).toEqual([]);
  });

  it('frees their e-mail and username for a new account that inherits nothing', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: member.email,
        username: member.username,
        password: PASSWORD,
        first_name: 'New',
        last_name: 'One',
      },
    });
    expect(res.statusCode).toBe(201);
    const login = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.email, password: PASSWORD },
    });
    const token = login.json<{ access_token: string }>().access_token;
    for (const target of [
      '/api/messages',
      '/api/auth/friends',
      '/api/notifications',
      '/api/listings/?mine=true',
      '/api/listings/want-listings',
      '/api/blocks',
    ]) {
      const list = await ctx.inject({ method: 'GET', url: target, as: token });
      expect(list.statusCode, target).toBe(200);
      expect(list.json(), target).toSatisfy((body: unknown) =>
        Array.isArray(body)
          ? body.length === 0
          : Array.isArray((body as { items?: unknown[] }).items)
            ? (body as { items: unknown[] }).items.length === 0
            : true,
      );
    }
    // The one e-mail the new account has is its own confirmation link.
    const outbox = await ctx.inject({ method: 'GET', url: '/api/mail/outbox', as: token });
    expect(outbox.json<{ subject: string }[]>().map((m) => m.subject)).toEqual([ACCOUNT_TEXTS.confirmSubject]);
  });
});

describe('two members of one conversation who both leave', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('takes the conversation and its stand-in with the second one', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const c = await createUser(ctx);
    await ctx.db
      .insertInto('messages')
      .values([
        { sender_id: a.id, receiver_id: b.id, content: 'a to b', client_id: 'x1' },
        { sender_id: b.id, receiver_id: a.id, content: 'b to a', client_id: 'x1' },
        { sender_id: b.id, receiver_id: c.id, content: 'b to c', client_id: null },
      ])
      .execute();
    const del = (u: TestUser) =>
      ctx.inject({ method: 'POST', url: '/api/account/delete', as: u, payload: { password: PASSWORD } });
    expect((await del(a)).statusCode).toBe(204);
    const standInA = (
      await ctx.db.selectFrom('messages').select('sender_id').where('content', '=', 'a to b').executeTakeFirstOrThrow()
    ).sender_id;
    expect((await del(b)).statusCode).toBe(204);
    const left = await ctx.db.selectFrom('messages').select(['content', 'sender_id', 'receiver_id']).execute();
    expect(left.map((m) => m.content)).toEqual(['b to c']);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', standInA).execute()).toEqual([]);
    const threads = await ctx.inject({ method: 'GET', url: '/api/messages', as: c });
    expect(threads.json<Thread[]>()).toEqual([expect.objectContaining({ username: ACCOUNT_TEXTS.deletedMember })]);
  });
});

describe('password guesses through deleting', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { enabled: true, loginPerAccount: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => ctx.close());

  it('are limited per member, with Retry-After', async () => {
    const member = await createUser(ctx);
    const guess = () =>
      ctx.inject({ method: 'POST', url: '/api/account/delete', as: member, payload: { password: 'guess guess' } });
    expect((await guess()).statusCode).toBe(422);
    expect((await guess()).statusCode).toBe(422);
    const third = await guess();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', detail: ACCOUNT_TEXTS.tooManyAttempts });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
