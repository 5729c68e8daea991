import type { AddressInfo } from 'node:net';
import { MODERATION_TEXTS, type Listing, type Notification, suspendedText } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';
import { setModerator } from './moderation.queries.js';
import { liftEndedSuspensions } from '../auth/suspension-ends.js';

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

const login = (email: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: PASSWORD } });
const profile = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/profile', as: token });
const visibleIds = async (as: TestUser, query: string) =>
  (await ctx.inject({ method: 'GET', url: `/api/listings/?${query}`, as })).json<Listing[]>().map((l) => l.id);
const canOpen = async (as: TestUser, id: number) =>
  (await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, as })).statusCode === 200;

/** A member with two listings, reported by another; a moderator; and a bystander. */
async function scene() {
  const moderator = await createUser(ctx);
  await setModerator(ctx.db, moderator.email, true);
  const [member, reporter, bystander] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
  const kept = await createListing(ctx, member, { title: 'Rhubarb crowns' });
  const flagged = await createListing(ctx, member, { title: 'Suspicious seeds' });
  await ctx.inject({
    method: 'POST',
    url: '/api/reports',
    as: reporter,
    payload: { target_type: 'user', target_id: member.id, reason: 'Spams everyone' },
  });
  return { moderator, member, reporter, bystander, kept, flagged };
}

const suspend = (moderator: TestUser, member: TestUser, days: number | null) =>
  ctx.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    as: moderator,
    payload: { action: 'suspend', target_type: 'user', target_id: member.id, note: 'Spamming members', days },
  });

describe('suspending a member', () => {
  it('ends their sessions and sockets, refuses their sign-in with until when, hides their listings and e-mails them', async () => {
    const { moderator, member, reporter, bystander, kept } = await scene();
    const second = (await login(member.email)).json().access_token as string;
    const tab = await connectTab(url, member.token, open);
    const dropped = new Promise<string>((resolve) => tab.socket.once('disconnect', resolve));
    expect((await profile(member.token)).statusCode).toBe(200);
    expect(await canOpen(bystander, kept.id)).toBe(true);

    const res = await suspend(moderator, member, 7);
    expect(res.statusCode).toBe(201);
    const until = res.json().suspended_until as string;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);

    expect(await dropped).toBe('io server disconnect');
    expect((await profile(member.token)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    await expect(connectTab(url, member.token, open)).rejects.toThrow('unauthorized');
    const refused = await login(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: suspendedText(until), code: 'ACCOUNT_SUSPENDED' });
    expect(refused.json().detail).toMatch(/^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);

    for (const query of ['public=true', `user_id=${member.id}`, 'q=rhubarb'])
      expect(await visibleIds(bystander, query), query).not.toContain(kept.id);
    expect(await canOpen(bystander, kept.id)).toBe(false);

    await mailerOf(ctx.app.server)!.idle();
    const mail = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', member.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Gardenswap account is suspended');
    expect(mail.text).toContain('Spamming members');
    const [outcome] = (await ctx.inject({ method: 'GET', url: '/api/notifications', as: reporter })).json<
      Notification[]
    >();
    expect(outcome!.note).toContain(`suspended ${member.username}`);
  });

  it('gives no session through a password reset link either', async () => {
    const { moderator, member } = await scene();
    expect((await suspend(moderator, member, 2)).statusCode).toBe(201);
    const asked = await ctx.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: member.email },
    });
    expect(asked.statusCode).toBe(202);
    await mailerOf(ctx.app.server)!.idle();
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('text')
      .where('to_address', '=', member.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const reset = await ctx.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'a brand new secret 7' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(reset.json()).not.toHaveProperty('access_token');
  });

  it('for good: sign-in says so, and the sweep never lifts it', async () => {
    const { moderator, member, bystander, kept } = await scene();
    expect((await suspend(moderator, member, null)).statusCode).toBe(201);
    const refused = await login(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MODERATION_TEXTS.suspendedForGood);
    expect(await liftEndedSuspensions(ctx.app)).not.toContain(member.id);
    expect(await canOpen(bystander, kept.id)).toBe(false);
  });

  it('ends by itself once its time is past: listings show again, but not one a moderator hid on its own', async () => {
    const { moderator, member, reporter, bystander, kept, flagged } = await scene();
    await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      as: reporter,
      payload: { target_type: 'listing', target_id: flagged.id, reason: 'Not real seeds' },
    });
    const hide = await ctx.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      as: moderator,
      payload: { action: 'hide_listing', target_type: 'listing', target_id: flagged.id, note: 'Fake seeds' },
    });
    expect(hide.statusCode).toBe(201);
    expect((await suspend(moderator, member, 3)).statusCode).toBe(201);
    expect(await canOpen(bystander, kept.id)).toBe(false);

    // Three days later.
    await ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect(await liftEndedSuspensions(ctx.app)).toContain(member.id);

    expect(await canOpen(bystander, kept.id)).toBe(true);
    expect(await visibleIds(bystander, 'public=true')).toContain(kept.id);
    expect(await canOpen(bystander, flagged.id)).toBe(false);
    const back = await login(member.email);
    expect(back.statusCode).toBe(200);
    const own = await ctx.inject({ method: 'GET', url: `/api/listings/${flagged.id}`, as: back.json().access_token });
    expect(own.json<Listing>().hidden_reason).toBe('Fake seeds');
  });

  it('lets a member whose time is up sign in before the sweep has run', async () => {
    const { moderator, member, bystander, kept } = await scene();
    expect((await suspend(moderator, member, 1)).statusCode).toBe(201);
    await ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect((await login(member.email)).statusCode).toBe(200);
    expect(await canOpen(bystander, kept.id)).toBe(true);
  });
});
