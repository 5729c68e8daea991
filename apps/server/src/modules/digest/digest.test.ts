import { DIGEST_TEXTS, type User } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../../test/app.js';
import { befriend, createEvent, createListing, memberAtZip, type TestUser } from '../../../test/factories.js';
import { type ReceivedMail, startSmtpSink } from '../../../test/smtp-sink.js';
import { mailerOf } from '../mail/mailer.js';
import { nextDigestAt } from './digest-slot.js';
import { digestSweepOf } from './digest-sweep.js';

const DAY = 24 * 60 * 60_000;

describe('the weekly "new near you" e-mail', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  // The clock the app goes by: tests jump it to a member's Saturday morning.
  let now = Date.now();
  const clock = () => now;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  // An app of its own for each test: a sweep's counts are of this test's members alone.
  beforeEach(async () => {
    now = Date.now();
    ctx = await buildTestApp({ clock, smtpUrl: sink.url });
  });
  afterEach(async () => {
    await ctx?.close();
  });
  afterAll(async () => {
    await sink?.close();
  });

  const sweep = () => digestSweepOf(ctx.app.server)!.sweep();
  const dueAt = async (user: { id: number }) =>
    (await ctx.db.selectFrom('users').select('digest_due_at').where('id', '=', user.id).executeTakeFirstOrThrow())
      .digest_due_at;
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

  /** A member in Salt Lake City who turned the weekly e-mail on, given their first slot. */
  async function reader() {
    const member = await memberAtZip(ctx, '84101');
    const on = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: member,
      payload: { email_notifications: { digest: true } },
    });
    expect(on.json<User>().email_notifications.digest).toBe(true);
    await sweep();
    return member;
  }

  /** Moves the clock to the member's slot and sweeps. */
  async function atSlot(member: TestUser) {
    now = Date.parse(iso(await dueAt(member))!);
    return sweep();
  }

  async function mailsTo(user: TestUser, count: number): Promise<ReceivedMail[]> {
    await mailerOf(ctx.app.server)!.idle();
    await expect.poll(() => sink.to(user.email).length, { timeout: 10_000 }).toBe(count);
    return sink.to(user.email);
  }

  it("gives a member who turns it on a slot on their own Saturday morning, their ZIP code's zone when they named none", async () => {
    const member = await reader();
    expect(iso(await dueAt(member))).toBe(nextDigestAt('America/Denver', now));
    expect(new Date(iso(await dueAt(member))!).getUTCDay()).toBe(6);
  });

  it('starts on for members who register from now on, and off for those from before it', async () => {
    const registered = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `new${Date.now()}@example.com`,
        password: 'tomatoes-2026',
        first_name: 'New',
        last_name: 'Member',
        username: `new_${Date.now()}`,
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json<User>().email_notifications.digest).toBe(true);
    const before = await memberAtZip(ctx, '84101');
    await sweep();
    expect(await dueAt(before)).toBeNull();
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: before })).json<User>().email_notifications
        .digest,
    ).toBe(false);
  });

  it('tells the new public listings within 25 miles since the last one, wish-list matches first, nothing it may not see', async () => {
    const member = await reader();
    await ctx.db
      .insertInto('want_listings')
      .values({ user_id: member.id, title: 'Tomatoes', category_id: 1 })
      .execute();
    const neighbour = await memberAtZip(ctx, '84105');
    const friend = await memberAtZip(ctx, '84106');
    await befriend(ctx, member, friend);
    const blocker = await memberAtZip(ctx, '84106');
    const blocked = await memberAtZip(ctx, '84106');
    const faraway = await memberAtZip(ctx, '10001');

    await createListing(ctx, neighbour, { title: 'Cherry tomatoes', thumbnail: 'uploads/thumb-a.webp' });
    await createListing(ctx, neighbour, { title: 'Zucchini glut' });
    await createListing(ctx, neighbour, { title: 'Basil seeds', category_id: 2 });
    await createListing(ctx, neighbour, { title: 'Paused pears', is_active: false });
    await createListing(ctx, friend, { title: 'Friends-only figs', is_public: false });
    await createListing(ctx, member, { title: 'My own apples' });
    await createListing(ctx, blocker, { title: 'Blocker beans' });
    await createListing(ctx, blocked, { title: 'Blocked beets' });
    await createListing(ctx, faraway, { title: 'Brooklyn kale' });
    const hidden = await createListing(ctx, neighbour, { title: 'Hidden herbs' });
    await ctx.db.updateTable('listings').set({ hidden_reason: 'spam' }).where('id', '=', hidden.id).execute();
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: blocker, payload: { user_id: member.id } });
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: member, payload: { user_id: blocked.id } });

    expect(await atSlot(member)).toEqual({ sent: 1, empty: 0 });
    const [mail] = await mailsTo(member, 1);
    expect(mail!.subject).toBe(DIGEST_TEXTS.subject(3));
    for (const title of ['Cherry tomatoes', 'Zucchini glut', 'Basil seeds']) expect(mail!.body).toContain(title);
    for (const title of [
      'Paused pears',
      'Friends-only figs',
      'My own apples',
      'Blocker beans',
      'Blocked beets',
      'Brooklyn kale',
      'Hidden herbs',
    ])
      expect(mail!.body).not.toContain(title);
    const text = mail!.body;
    expect(text.indexOf(DIGEST_TEXTS.matches)).toBeGreaterThan(-1);
    expect(text.indexOf(DIGEST_TEXTS.matches)).toBeLessThan(text.indexOf('Zucchini glut'));
    expect(text.indexOf('Cherry tomatoes')).toBeLessThan(text.indexOf('Zucchini glut'));
    // Shown once, at the top, not again under Produce.
    const times = (title: string) => text.split(title).length - 1;
    expect(times('Cherry tomatoes')).toBe(times('Zucchini glut'));
    expect(text).toMatch(/\/api\/uploads\/thumb-a\.webp/);
    expect(mail!.headers['list-unsubscribe']).toBeDefined();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('tells the seed swaps near the member in the next two weeks, even in a week with no new listing', async () => {
    const member = await reader();
    const slot = Date.parse(iso(await dueAt(member))!);
    const host = await memberAtZip(ctx, '84105');
    const blockedHost = await memberAtZip(ctx, '84105');
    const DAYS = (n: number) => slot - Date.now() + n * DAY;
    await createEvent(ctx, host, { title: 'Library seed swap', zip_code: '84105', startsInMs: DAYS(3) });
    await createEvent(ctx, host, { title: 'Far-off fair', zip_code: '10001', startsInMs: DAYS(3) });
    await createEvent(ctx, host, { title: 'Summer swap', zip_code: '84105', startsInMs: DAYS(30) });
    await createEvent(ctx, blockedHost, { title: 'Blocked host swap', zip_code: '84105', startsInMs: DAYS(4) });
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: member, payload: { user_id: blockedHost.id } });

    expect(await atSlot(member)).toEqual({ sent: 1, empty: 0 });
    const [mail] = await mailsTo(member, 1);
    expect(mail!.subject).toBe(DIGEST_TEXTS.eventsSubject);
    expect(mail!.body).toContain(DIGEST_TEXTS.events);
    expect(mail!.body).toContain('Library seed swap');
    expect(mail!.body).toContain('Elm Street community garden');
    for (const title of ['Far-off fair', 'Summer swap', 'Blocked host swap']) expect(mail!.body).not.toContain(title);
  });

  it('sends nothing in a week with nothing new near the member, and moves their slot a week on', async () => {
    const member = await reader();
    const faraway = await memberAtZip(ctx, '10001');
    await createListing(ctx, faraway, { title: 'Brooklyn kale' });
    const slot = Date.parse(iso(await dueAt(member))!);
    expect(await atSlot(member)).toEqual({ sent: 0, empty: 1 });
    await mailerOf(ctx.app.server)!.idle();
    expect(sink.to(member.email)).toHaveLength(0);
    expect(iso(await dueAt(member))).toBe(new Date(slot + 7 * DAY).toISOString());
  });

  it('sends each once, and the next one tells only what is new since', async () => {
    const member = await reader();
    const neighbour = await memberAtZip(ctx, '84105');
    await createListing(ctx, neighbour, { title: 'First week radishes' });
    expect(await atSlot(member)).toEqual({ sent: 1, empty: 0 });
    expect(await sweep()).toEqual({ sent: 0, empty: 0 });
    await mailsTo(member, 1);

    const later = await createListing(ctx, neighbour, { title: 'Second week chard' });
    const nextSlot = Date.parse(iso(await dueAt(member))!);
    await ctx.db
      .updateTable('listings')
      .set({ created_at: new Date(nextSlot - DAY).toISOString() })
      .where('id', '=', later.id)
      .execute();
    expect(await atSlot(member)).toEqual({ sent: 1, empty: 0 });
    const [, second] = await mailsTo(member, 2);
    expect(second!.subject).toBe(DIGEST_TEXTS.subject(1));
    expect(second!.body).toContain('Second week chard');
    expect(second!.body).not.toContain('First week radishes');
  });

  it('sends it once across a restart: the instance that starts after finds it sent', async () => {
    const member = await reader();
    const neighbour = await memberAtZip(ctx, '84105');
    await createListing(ctx, neighbour, { title: 'Restart rhubarb' });
    expect(await atSlot(member)).toEqual({ sent: 1, empty: 0 });
    await mailerOf(ctx.app.server)!.idle();
    const { database } = ctx.config;
    await ctx.app.close();
    const restarted = await buildTestApp({ clock, smtpUrl: sink.url, database });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await digestSweepOf(restarted.app.server)!.sweep()).toEqual({ sent: 0, empty: 0 });
      await mailerOf(restarted.app.server)!.idle();
      expect(sink.to(member.email)).toHaveLength(1);
    } finally {
      await restarted.app.close();
    }
  });

  it('sends nothing once the member turns it off or unsubscribes with one click', async () => {
    const member = await reader();
    const neighbour = await memberAtZip(ctx, '84105');
    await createListing(ctx, neighbour, { title: 'Rhubarb crowns' });
    const link = await mailerOf(ctx.app.server)!.unsubscribeUrl({ userId: member.id }, 'digest');
    const token = new URL(link).searchParams.get('token')!;
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await atSlot(member)).toEqual({ sent: 0, empty: 1 });
    await mailerOf(ctx.app.server)!.idle();
    expect(sink.to(member.email)).toHaveLength(0);
  });

  // SQLite serves one instance; several share PostgreSQL.
  it.runIf(dialect === 'postgres')('sends each once when two instances sweep at the same moment', async () => {
    const member = await reader();
    const neighbour = await memberAtZip(ctx, '84105');
    await createListing(ctx, neighbour, { title: 'Shared squash' });
    const second = await buildTestApp({ clock, smtpUrl: sink.url, database: ctx.config.database });
    // The sweep each instance starts with runs first (nothing is due yet), so only the two below count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await digestSweepOf(second.app.server)!.sweep();
    try {
      now = Date.parse(iso(await dueAt(member))!);
      const results = await Promise.all([sweep(), digestSweepOf(second.app.server)!.sweep()]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
      await mailerOf(second.app.server)!.idle();
      await mailsTo(member, 1);
    } finally {
      await second.app.close();
    }
  });
});
