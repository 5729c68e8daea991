import { EMAIL_KINDS, EMAIL_KIND_TEXTS, NOTIFICATION_TEXTS, type User } from '@gardenswap/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
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
    expect(rows[0]!.html).toContain('/api/mail/unsubscribe?token=');
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
      email_notifications: { matches: true, friend_requests: true, messages: true },
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
      email_notifications: { matches: true, friend_requests: true, messages: false },
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
      email_notifications: { matches: false, friend_requests: true, messages: true },
    });
    for (const payload of [
      { email_notifications: 'x' },
      { email_notifications: false },
      { email_notifications: {} },
      { email_notifications: { messages: 'no' } },
    ]) {
      const bad = await ctx.inject({ method: 'PATCH', url: '/api/auth/profile', as: a, payload });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });

  const settingsOf = async (user: { token: string }) =>
    (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user })).json<User>().email_notifications;
  const follow = (link: string) => {
    const { pathname, search } = new URL(link);
    return ctx.inject({ method: 'GET', url: pathname + search });
  };

  it("turns off only its own kind with each e-mail's unsubscribe link, and says which", async () => {
    const mailer = mailerOf(ctx.app.server)!;
    for (const kind of EMAIL_KINDS) {
      const a = await createUser(ctx);
      const page = await follow(await mailer.unsubscribeUrl({ userId: a.id }, kind));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(EMAIL_KIND_TEXTS[kind].unsubscribed);
      expect(await settingsOf(a)).toEqual({
        matches: kind !== 'matches',
        friend_requests: kind !== 'friend_requests',
        messages: kind !== 'messages',
      });
    }
    // An invitation's link names an address: once it is a member's, their friend requests go quiet.
    const b = await createUser(ctx);
    expect((await follow(await mailer.unsubscribeUrl({ email: b.email }, 'friend_requests'))).statusCode).toBe(200);
    expect(await settingsOf(b)).toEqual({ matches: true, friend_requests: false, messages: true });
  });

  it('keeps the promise of a link sent before e-mail was switched per kind: every kind goes off', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const old = (subject: string) =>
      new SignJWT({ purpose: 'unsubscribe' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setSubject(subject)
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    for (const [member, subject] of [
      [a, String(a.id)],
      [b, `email:${b.email}`],
    ] as const) {
      const page = await ctx.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${await old(subject)}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(NOTIFICATION_TEXTS.unsubscribed);
      expect(await settingsOf(member)).toEqual({ matches: false, friend_requests: false, messages: false });
    }
    // A kind the server does not know is no link at all.
    const c = await createUser(ctx);
    const odd = await new SignJWT({ purpose: 'unsubscribe', kind: 'everything' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.id))
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await ctx.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${odd}` })).statusCode).toBe(400);
    expect(await settingsOf(c)).toEqual({ matches: true, friend_requests: true, messages: true });
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
