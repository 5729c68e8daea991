import { EMAIL_KINDS, NOTIFICATION_TEXTS, type User } from '@gardenswap/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { mailerOf } from './mailer.js';

describe('e-mail without SMTP_URL, previews and the profile switch', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('keeps e-mails in the outbox', async () => {
    const a = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/invite',
      as: a,
      payload: { email: 'pal@example.org' },
    });
    expect(res.statusCode).toBe(202);
    await mailerOf(ctx.app.server)!.idle();
    const rows = await ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', 'pal@example.org').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Test invited you to Gardenswap', error: null });
    expect(rows[0]!.html).toContain(`${ctx.config.publicOrigin}/unsubscribe?token=`);
    expect(rows[0]!.text).toContain(`/seller/${a.id}`);
  });

  it('previews the real templates with sample data, as HTML, text or both', async () => {
    const html = await ctx.inject({ method: 'GET', url: '/api/mail/preview/match?format=html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('You got a match');
    expect(html.body).toContain('Cherry tomatoes');
    const text = await ctx.inject({ method: 'GET', url: '/api/mail/preview/friend-invitation?format=text' });
    expect(text.headers['content-type']).toMatch(/text\/plain/);
    expect(text.body).toContain("See Rosa's profile:");
    const both = await ctx.inject({ method: 'GET', url: '/api/mail/preview/friend-invitation' });
    expect(both.json()).toMatchObject({ subject: 'Rosa wants to be friends on Gardenswap' });
    expect((await ctx.inject({ method: 'GET', url: '/api/mail/preview/other' })).statusCode).toBe(422);
  });

  it('escapes what members typed into the e-mail', async () => {
    const a = await createUser(ctx);
    await ctx.db.updateTable('users').set({ first_name: '<b>Eve</b>' }).where('id', '=', a.id).execute();
    await ctx.inject({ method: 'POST', url: '/api/auth/invite', as: a, payload: { email: 'esc@example.org' } });
    await mailerOf(ctx.app.server)!.idle();
    const row = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'esc@example.org')
      .executeTakeFirstOrThrow();
    expect(row.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(row.html).not.toContain('<b>Eve</b>');
  });

  it('turns each kind of e-mail off and on from the profile, the others as they are', async () => {
    const a = await createUser(ctx);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: a })).json()).toMatchObject({
      email_notifications: { matches: true, friend_requests: true, messages: true, trades: true, digest: false },
    });
    const off = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: a,
      payload: { email_notifications: { messages: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      id: a.id,
      email_notifications: { matches: true, friend_requests: true, messages: false, trades: true, digest: false },
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['email_matches', 'email_friend_requests', 'email_messages'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_matches: 1, email_friend_requests: 1, email_messages: 0 });
    const two = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: a,
      payload: { email_notifications: { matches: false, messages: true } },
    });
    expect(two.json()).toMatchObject({
      email_notifications: { matches: false, friend_requests: true, messages: true, trades: true, digest: false },
    });
    for (const payload of [
      { email_notifications: 'x' },
      { email_notifications: 0 },
      { email_notifications: {} },
      { email_notifications: { messages: 'no' } },
    ]) {
      const bad = await ctx.inject({ method: 'PATCH', url: '/api/auth/profile', as: a, payload });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });

  it('takes one true or false for every kind, as before the switches were split', async () => {
    const a = await createUser(ctx);
    const off = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: a,
      payload: { email_notifications: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<User>().email_notifications).toEqual({
      matches: false,
      friend_requests: false,
      messages: false,
      trades: false,
      digest: false,
    });
    expect(await switchesOf(a)).toEqual({
      email_matches: 0,
      email_friend_requests: 0,
      email_messages: 0,
      email_trades: 0,
      email_digest: 0,
    });
    const on = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: a,
      payload: { email_notifications: true },
    });
    expect(on.json<User>().email_notifications).toEqual({
      matches: true,
      friend_requests: true,
      messages: true,
      trades: true,
      digest: true,
    });
  });

  const settingsOf = async (user: { token: string }) =>
    (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user })).json<User>().email_notifications;
  /** The member's switches as the database holds them, read past every cache and answer. */
  const switchesOf = (user: { id: number }) =>
    ctx.db
      .selectFrom('users')
      .select(['email_matches', 'email_friend_requests', 'email_messages', 'email_trades', 'email_digest'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
  const ALL_ON = { email_matches: 1, email_friend_requests: 1, email_messages: 1, email_trades: 1, email_digest: 0 };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const describeLink = (token: string) =>
    ctx.inject({ method: 'GET', url: `/api/mail/unsubscribe/link?token=${encodeURIComponent(token)}` });
  const unsubscribe = (token: string) =>
    ctx.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
  const oldLinkToken = (subject: string) =>
    new SignJWT({ purpose: 'unsubscribe' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setSubject(subject)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));

  it("links each e-mail to the web app's unsubscribe page, which says the kind and changes nothing", async () => {
    const mailer = mailerOf(ctx.app.server)!;
    const a = await createUser(ctx);
    for (const kind of EMAIL_KINDS) {
      const link = await mailer.unsubscribeUrl({ userId: a.id }, kind);
      expect(link.startsWith(`${ctx.config.publicOrigin}/unsubscribe?token=`)).toBe(true);
      const about = await describeLink(tokenOf(link));
      expect(about.statusCode).toBe(200);
      expect(about.json()).toEqual({ kinds: [kind] });
    }
    expect(await switchesOf(a)).toEqual(ALL_ON);
  });

  it('changes nothing when a link of the old form is opened: GET leads to the page, for every kind of link', async () => {
    const mailer = mailerOf(ctx.app.server)!;
    const a = await createUser(ctx);
    const tokens = [
      ...(await Promise.all(
        EMAIL_KINDS.map(async (kind) => tokenOf(await mailer.unsubscribeUrl({ userId: a.id }, kind))),
      )),
      await oldLinkToken(String(a.id)),
      await oldLinkToken(`email:${a.email}`),
    ];
    for (const token of tokens) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.inject({ method, url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`${ctx.config.publicOrigin}/unsubscribe?token=${encodeURIComponent(token)}`);
      }
    }
    expect(await switchesOf(a)).toEqual(ALL_ON);
  });

  it("turns off only its own kind with the page's POST, and says which", async () => {
    const mailer = mailerOf(ctx.app.server)!;
    for (const kind of EMAIL_KINDS) {
      const a = await createUser(ctx);
      const res = await unsubscribe(tokenOf(await mailer.unsubscribeUrl({ userId: a.id }, kind)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ kinds: [kind] });
      expect(await settingsOf(a)).toEqual({
        matches: kind !== 'matches',
        friend_requests: kind !== 'friend_requests',
        messages: kind !== 'messages',
        trades: kind !== 'trades',
        // Off until turned on for members from before the weekly e-mail (as the factory's are).
        digest: false,
      });
    }
    // An invitation's link names an address: once it is a member's, their friend requests go quiet.
    const b = await createUser(ctx);
    expect(
      (await unsubscribe(tokenOf(await mailer.unsubscribeUrl({ email: b.email }, 'friend_requests')))).statusCode,
    ).toBe(200);
    expect(await settingsOf(b)).toEqual({
      matches: true,
      friend_requests: false,
      messages: true,
      trades: true,
      digest: false,
    });
  });

  it('unsubscribes with the one-click POST of a mail client (RFC 8058), with no page', async () => {
    const a = await createUser(ctx);
    const link = await mailerOf(ctx.app.server)!.unsubscribeUrl({ userId: a.id }, 'messages');
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await switchesOf(a)).toEqual({ ...ALL_ON, email_messages: 0 });
  });

  it('keeps the promise of a link sent before e-mail was switched per kind: its button turns every kind off', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    for (const [member, subject] of [
      [a, String(a.id)],
      [b, `email:${b.email}`],
    ] as const) {
      const token = await oldLinkToken(subject);
      expect((await describeLink(token)).json()).toEqual({ kinds: [...EMAIL_KINDS] });
      expect(await switchesOf(member)).toEqual(ALL_ON);
      expect((await unsubscribe(token)).statusCode).toBe(200);
      expect(await settingsOf(member)).toEqual({
        matches: false,
        friend_requests: false,
        messages: false,
        trades: false,
        digest: false,
      });
    }
  });

  it('refuses a changed, foreign or missing token with the one error body and changes nothing', async () => {
    const c = await createUser(ctx);
    const valid = tokenOf(await mailerOf(ctx.app.server)!.unsubscribeUrl({ userId: c.id }, 'matches'));
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const tokens = [
      `${valid.slice(0, -4)}${valid.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      // A kind the server does not know is no link at all.
      await new SignJWT({ purpose: 'unsubscribe', kind: 'everything' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.id))
        .sign(key),
      await new SignJWT({ purpose: 'listing-renew', kind: 'matches' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.id))
        .sign(key),
      c.token,
      '',
    ];
    for (const token of tokens) {
      for (const res of [await describeLink(token), await unsubscribe(token)]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.json()).toEqual({ code: 'BAD_REQUEST', detail: NOTIFICATION_TEXTS.unsubscribeInvalid });
      }
    }
    expect(await switchesOf(c)).toEqual(ALL_ON);
  });

  it('previews the unread-messages e-mail', async () => {
    const both = await ctx.inject({ method: 'GET', url: '/api/mail/preview/messages' });
    expect(both.json()).toMatchObject({ subject: 'Rosa sent you 3 messages' });
    expect(both.json<{ text: string }>().text).toContain('Reply to Rosa: http');
  });

  it('limits invitations per member when rate limits are on', async () => {
    const limited = await buildTestApp({ rateLimits: { enabled: true } });
    try {
      const a = await createUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/auth/invite',
          as: a,
          payload: { email: `f${i}@example.org` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(statuses[10]).toBe(429);
      await mailerOf(limited.app.server)!.idle();
    } finally {
      await limited.close();
    }
  });
});

describe('the unsubscribe headers of a sent e-mail', () => {
  const origin = 'https://gardenswap.example';
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ smtpUrl: sink.url, publicOrigin: origin });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('carries List-Unsubscribe with the https address a one-click POST acts on, and List-Unsubscribe-Post', async () => {
    const [asker, b] = [await createUser(ctx), await createUser(ctx)];
    const asked = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      as: asker,
      payload: { friend_id: b.id },
    });
    expect(asked.statusCode).toBe(201);
    await mailerOf(ctx.app.server)!.idle();
    const [mail] = sink.to(b.email);
    expect(mail, 'the friend request e-mail').toBeDefined();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(https:\/\/gardenswap\.example\/api\/mail\/unsubscribe\?token=[^>]+)>$/.exec(
      mail!.headers['list-unsubscribe']!,
    );
    expect(header, mail!.headers['list-unsubscribe']).not.toBeNull();
    const oneClick = new URL(header![1]!);
    // The e-mail itself shows the page of the same token; the header is for mail clients.
    expect(mail!.body).toContain(`${origin}/unsubscribe?token=${oneClick.searchParams.get('token')}`);

    const res = await ctx.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email_matches', 'email_friend_requests', 'email_messages'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_matches: 1, email_friend_requests: 0, email_messages: 1 });
  });
});
