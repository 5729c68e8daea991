import {
  MODERATION_TEXTS,
  type Listing,
  type ModerationLogEntry,
  type Notification,
  type SuspendedMember,
  TEXTS,
} from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { mailerOf } from '../mail/mailer.js';
import { setModerator } from './moderation.queries.js';
import { liftEndedSuspensions } from '../auth/suspension-ends.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const login = (email: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: PASSWORD } });
const visibleIds = async (as: TestUser, query: string) =>
  (await ctx.inject({ method: 'GET', url: `/api/listings/?${query}`, as })).json<Listing[]>().map((l) => l.id);
const canOpen = async (as: TestUser, id: number) =>
  (await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, as })).statusCode === 200;
const lift = (as: TestUser | undefined, memberId: number, payload: object = { note: 'Suspended by mistake' }) =>
  ctx.inject({ method: 'POST', url: `/api/moderation/suspended-members/${memberId}/lift`, as, payload });
const suspendedMembers = async (as: TestUser) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/moderation/suspended-members', as });
  expect(res.statusCode).toBe(200);
  return res.json<SuspendedMember[]>();
};
const act = (as: TestUser, payload: object) =>
  ctx.inject({ method: 'POST', url: '/api/moderation/actions', as, payload });

async function createModerator() {
  const moderator = await createUser(ctx);
  await setModerator(ctx.db, moderator.email, true);
  return moderator;
}

/** A member with two listings, one hidden by a moderator on its own, suspended for `days` (null: for good). */
async function suspendedScene(days: number | null = 7) {
  const moderator = await createModerator();
  const [member, reporter, bystander] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
  const kept = await createListing(ctx, member, { title: 'Rhubarb crowns' });
  const flagged = await createListing(ctx, member, { title: 'Suspicious seeds' });
  for (const [target_type, target_id] of [
    ['listing', flagged.id],
    ['user', member.id],
  ] as const)
    await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      as: reporter,
      payload: { target_type, target_id, reason: 'Spams everyone' },
    });
  const hide = { action: 'hide_listing', target_type: 'listing', target_id: flagged.id, note: 'Fake seeds' };
  expect((await act(moderator, hide)).statusCode).toBe(201);
  const suspend = { action: 'suspend', target_type: 'user', target_id: member.id, note: 'Spamming members', days };
  expect((await act(moderator, suspend)).statusCode).toBe(201);
  return { moderator, member, bystander, kept, flagged };
}

describe('lifting a suspension', () => {
  it('lets the member sign in at once and shows their listings again, but not one a moderator hid on its own', async () => {
    const { moderator, member, bystander, kept, flagged } = await suspendedScene();
    expect((await login(member.email)).statusCode).toBe(403);
    // The public feed holds its page while the member is suspended.
    expect(await visibleIds(bystander, 'public=true')).not.toContain(kept.id);

    const res = await lift(moderator, member.id);
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationLogEntry>()).toMatchObject({
      action: 'lift_suspension',
      moderator: { id: moderator.id, username: moderator.username },
      target_type: 'user',
      target_id: member.id,
      target_label: member.username,
      member: { id: member.id, username: member.username },
      note: 'Suspended by mistake',
      reports_resolved: 0,
    });

    for (const query of ['public=true', `user_id=${member.id}`, 'q=rhubarb'])
      expect(await visibleIds(bystander, query), query).toContain(kept.id);
    expect(await canOpen(bystander, kept.id)).toBe(true);
    expect(await canOpen(bystander, flagged.id)).toBe(false);
    const back = await login(member.email);
    expect(back.statusCode).toBe(200);
    // Nothing is left for the sweep to lift.
    expect(await liftEndedSuspensions(ctx.app)).not.toContain(member.id);

    const log = (await ctx.inject({ method: 'GET', url: '/api/moderation/log', as: moderator })).json<
      ModerationLogEntry[]
    >();
    expect(log[0]).toEqual(res.json());
    expect((await suspendedMembers(moderator)).map((s) => s.member.id)).not.toContain(member.id);
  });

  it('tells the member in the app and by e-mail', async () => {
    const { moderator, member } = await suspendedScene();
    expect((await lift(moderator, member.id, { note: 'Appeal accepted' })).statusCode).toBe(201);
    const token = (await login(member.email)).json().access_token as string;
    const [notice] = (await ctx.inject({ method: 'GET', url: '/api/notifications', as: token })).json<Notification[]>();
    expect(notice).toMatchObject({ type: 'suspension_lifted', note: 'Appeal accepted', read_at: null });

    await mailerOf(ctx.app.server)!.idle();
    const mail = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', member.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Gardenswap account is no longer suspended');
    expect(mail.text).toContain('Appeal accepted');
    expect(mail.text).toContain('/login');
    expect(mail.headers ?? '').not.toMatch(/unsubscribe/i);
  });

  it('lifts a suspension for good', async () => {
    const { moderator, member, bystander, kept } = await suspendedScene(null);
    expect((await login(member.email)).json().detail).toBe(MODERATION_TEXTS.suspendedForGood);
    expect((await lift(moderator, member.id)).statusCode).toBe(201);
    expect((await login(member.email)).statusCode).toBe(200);
    expect(await canOpen(bystander, kept.id)).toBe(true);
  });

  it('lists the members suspended now, newest first, with until when and the reason', async () => {
    const first = await suspendedScene(3);
    const second = await suspendedScene(null);
    const over = await suspendedScene(1);
    await ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', over.member.id)
      .execute();

    const listed = await suspendedMembers(first.moderator);
    const ids = listed.map((s) => s.member.id);
    expect(ids).not.toContain(over.member.id);
    expect(ids.indexOf(second.member.id)).toBeLessThan(ids.indexOf(first.member.id));
    expect(listed.find((s) => s.member.id === first.member.id)).toMatchObject({
      member: { username: first.member.username, suspended: true, suspended_until: expect.any(String) },
      reason: 'Spamming members',
      suspended_at: expect.any(String),
    });
    expect(listed.find((s) => s.member.id === second.member.id)?.member).toMatchObject({
      suspended: true,
      suspended_until: null,
    });
  });

  it('answers 409 for a member not suspended now, 404 for no member, 403 for oneself, 422 without a reason', async () => {
    const { moderator, member } = await suspendedScene(1);
    const free = await createUser(ctx);
    expect((await lift(moderator, free.id)).json()).toEqual({
      detail: MODERATION_TEXTS.notSuspended,
      code: 'CONFLICT',
    });
    expect((await lift(moderator, 999_999)).json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
    expect((await lift(moderator, 999_999)).statusCode).toBe(404);
    const short = await lift(moderator, member.id, { note: ' ' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: MODERATION_TEXTS.noteShort });

    // A moderator whose own suspension another moderator is still deciding on.
    await ctx.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', moderator.id)
      .execute();
    const self = await lift(moderator, moderator.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ detail: MODERATION_TEXTS.notSelf, code: 'FORBIDDEN' });
    await ctx.db.updateTable('users').set({ suspended_at: null }).where('id', '=', moderator.id).execute();

    // A suspension that has run out is the sweep's to lift.
    await ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect((await lift(moderator, member.id)).statusCode).toBe(409);

    // A second moderator lifting one already lifted is told so.
    const again = await suspendedScene();
    expect((await lift(again.moderator, again.member.id)).statusCode).toBe(201);
    expect((await lift(await createModerator(), again.member.id)).statusCode).toBe(409);
    const lifts = await ctx.db
      .selectFrom('moderation_actions')
      .select('id')
      .where('action', '=', 'lift_suspension')
      .where('member_id', '=', again.member.id)
      .execute();
    expect(lifts).toHaveLength(1);
  });

  it('answers 403 to a member who is not a moderator and 401 without a session, lifting nothing', async () => {
    const { member } = await suspendedScene();
    const other = await createUser(ctx);
    for (const as of [other, undefined]) {
      const res = await lift(as, member.id);
      expect(res.statusCode).toBe(as ? 403 : 401);
      if (as) expect(res.json()).toEqual({ detail: MODERATION_TEXTS.notModerator, code: 'FORBIDDEN' });
      const list = await ctx.inject({ method: 'GET', url: '/api/moderation/suspended-members', as });
      expect(list.statusCode).toBe(as ? 403 : 401);
    }
    expect((await login(member.email)).statusCode).toBe(403);
  });
});
