import { CATEGORIES, FRESH_TEXTS, LISTING_STATES, type Listing, type Notification } from '@gardenswap/shared';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { buildTestApp, dialect, testConfig, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { freshListingsOf } from './fresh-sweep.js';
import { signRenewToken } from './renew-links.js';

const DAY = 24 * 60 * 60_000;

describe('fresh listings: asked whether still available, renewed, paused', () => {
  let ctx: TestContext;
  // The clock the app goes by: each test jumps it days ahead instead of waiting.
  let now = Date.now();
  const clock = () => now;

  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp({ clock, freshListings: { ...ctxSettings(), sweepMs: 60 * 60_000 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx?.close();
  });

  function ctxSettings() {
    return {
      produceAfterMs: 7 * DAY,
      seedsAndPlantsAfterMs: 30 * DAY,
      graceMs: 3 * DAY,
      sweepMs: 60_000,
      batchSize: 100,
      backlogSpreadMs: 7 * DAY,
      linkTtlMs: 14 * DAY,
    };
  }

  /** A member whose every listing starts now (real time) and whose clock is back at now. */
  async function owner() {
    now = Date.now();
    return createUser(ctx);
  }
  const sweep = () => freshListingsOf(ctx.app.server)!.sweep();
  const notices = async (user: TestUser) =>
    (await ctx.inject({ method: 'GET', url: '/api/notifications', as: user })).json<Notification[]>();
  const renewNotices = async (user: TestUser, listingId: number) =>
    (await notices(user)).filter((n) => n.type === 'listing_renew' && n.listing_id === listingId);
  const mailsTo = (user: TestUser) =>
    ctx.db.selectFrom('outbox').select(['subject', 'text', 'html']).where('to_address', '=', user.email).execute();
  const listing = async (user: TestUser, id: number) =>
    (await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, as: user })).json<Listing>();
  /** The "Still available" link of a renew e-mail: the web app's page. */
  const renewLinkIn = (text: string) => {
    const match = /Still available: (\S+)/.exec(text);
    expect(match, text).not.toBeNull();
    return new URL(match![1]!);
  };
  const describeLink = (token: string) =>
    ctx.inject({ method: 'GET', url: `/api/listings/renew/link?token=${encodeURIComponent(token)}` });
  const renewByLink = (token: string) =>
    ctx.inject({ method: 'POST', url: `/api/listings/renew?token=${encodeURIComponent(token)}` });
  /** The listing's renewal state as the database holds it. */
  const renewalOf = (id: number) =>
    ctx.db
      .selectFrom('listings')
      .select(['renewed_at', 'renew_asked_at', 'is_active', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('asks about produce after 7 days and not before, in the app and by e-mail', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { title: 'Zucchini glut', category_id: CATEGORIES.produce });
    now += 7 * DAY - 60_000;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(0);
    expect(await mailsTo(maria)).toHaveLength(0);

    now += 2 * 60_000;
    await sweep();
    const [notice] = await renewNotices(maria, id);
    expect(notice?.note).toBe(FRESH_TEXTS.askNotification('Zucchini glut'));
    expect(notice?.listing?.title).toBe('Zucchini glut');
    const mails = await mailsTo(maria);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Is “Zucchini glut” still available?');
    expect(mails[0]!.text).toContain('It is 7 days since you listed or last renewed');
    expect(mails[0]!.text).toContain(`${ctx.config.publicOrigin}/unsubscribe?token=`);
    expect(mails[0]!.html).toContain(`${ctx.config.publicOrigin}/renew?token=`);
  });

  it('pushes the question and the pause live to the owner’s open tabs', async () => {
    const maria = await owner();
    const { socket } = await connectTab(url, maria.token, sockets);
    const live: Notification[] = [];
    socket.on('notification', (n) => live.push(n));
    const { id } = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    now += 8 * DAY;
    await sweep();
    now += 4 * DAY;
    await sweep();
    await expect.poll(() => live.map((n) => n.type)).toEqual(['listing_renew', 'listing_paused']);
    expect(live.every((n) => n.listing_id === id)).toBe(true);
  });

  it('previews the real renew e-mail', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/mail/preview/listing-renew?format=text' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Is “Zucchini” still available?');
    expect(res.body).toContain(`${FRESH_TEXTS.stillAvailable}: `);
  });

  it('asks about seeds and plants after 30 days, not after 7', async () => {
    const maria = await owner();
    const seeds = await createListing(ctx, maria, { title: 'Bean seeds', category_id: CATEGORIES.seeds });
    const plant = await createListing(ctx, maria, { title: 'Fig cutting', category_id: CATEGORIES.plants });
    now += 8 * DAY;
    await sweep();
    expect(await renewNotices(maria, seeds.id)).toHaveLength(0);
    expect(await renewNotices(maria, plant.id)).toHaveLength(0);
    now += 22 * DAY + 60_000;
    await sweep();
    expect(await renewNotices(maria, seeds.id)).toHaveLength(1);
    expect(await renewNotices(maria, plant.id)).toHaveLength(1);
  });

  it('asks once per cycle however many sweeps run', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    now += 8 * DAY;
    await Promise.all([sweep(), sweep()]);
    await sweep();
    now += DAY;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(1);
    expect(await mailsTo(maria)).toHaveLength(1);
  });

  it('renews from the app: the age restarts and the next question comes a cycle later', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    expect((await listing(maria, id)).renewed_at).toBeNull();
    now += 8 * DAY;
    await sweep();
    const res = await ctx.inject({ method: 'POST', url: `/api/listings/${id}/renew`, as: maria });
    expect(res.statusCode).toBe(200);
    expect(res.json<Listing>()).toMatchObject({
      is_active: true,
      paused_reason: null,
      renewed_at: new Date(now).toISOString(),
    });
    // Past the pause deadline of the old question: it is answered, so nothing pauses.
    now += 4 * DAY;
    await sweep();
    expect((await listing(maria, id)).is_active).toBe(true);
    expect(await renewNotices(maria, id)).toHaveLength(1);
    now += 4 * DAY;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(2);
  });

  it('refuses renewing another member’s listing, and a gone one', async () => {
    const maria = await owner();
    const alex = await createUser(ctx);
    const mine = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    const gone = await createListing(ctx, maria, { state_id: LISTING_STATES.gone });
    const paused = await createListing(ctx, maria, { is_active: false });
    expect((await ctx.inject({ method: 'POST', url: `/api/listings/${mine.id}/renew`, as: alex })).statusCode).toBe(
      403,
    );
    expect((await ctx.inject({ method: 'POST', url: `/api/listings/${paused.id}/renew`, as: alex })).statusCode).toBe(
      404,
    );
    expect((await ctx.inject({ method: 'POST', url: `/api/listings/${mine.id}/renew` })).statusCode).toBe(401);
    const res = await ctx.inject({ method: 'POST', url: `/api/listings/${gone.id}/renew`, as: maria });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', detail: FRESH_TEXTS.goneRefused });
  });

  it('changes nothing when the e-mail link is opened: the page asks, GET of the old address leads there', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { title: 'Zucchini glut', category_id: CATEGORIES.produce });
    now += 8 * DAY;
    await sweep();
    const [mail] = await mailsTo(maria);
    const link = renewLinkIn(mail!.text);
    expect(link.origin + link.pathname).toBe(`${ctx.config.publicOrigin}/renew`);
    const token = link.searchParams.get('token')!;
    const before = await renewalOf(id);
    expect(before.renew_asked_at).not.toBeNull();

    const about = await describeLink(token);
    expect(about.statusCode).toBe(200);
    expect(about.json()).toEqual({ listing_id: id, title: 'Zucchini glut' });
    // E-mails sent before the page existed point at the API itself: a GET only leads to the page.
    for (const method of ['GET', 'HEAD'] as const) {
      const old = await ctx.inject({ method, url: `/api/listings/renew?token=${encodeURIComponent(token)}` });
      expect(old.statusCode).toBe(303);
      expect(old.headers.location).toBe(`${ctx.config.publicOrigin}/renew?token=${encodeURIComponent(token)}`);
    }
    expect(await renewalOf(id)).toEqual(before);
    // Unanswered, the question pauses the listing as if nobody had opened anything.
    now += 4 * DAY;
    await sweep();
    expect((await renewalOf(id)).is_active).toBe(0);
  });

  it("renews with the page's POST, without signing in", async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { title: 'Runner beans', category_id: CATEGORIES.produce });
    now += 8 * DAY;
    await sweep();
    const [mail] = await mailsTo(maria);
    const res = await renewByLink(renewLinkIn(mail!.text).searchParams.get('token')!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ listing_id: id, title: 'Runner beans' });
    expect(await renewalOf(id)).toMatchObject({ renewed_at: expect.anything(), renew_asked_at: null, is_active: 1 });
    expect((await listing(maria, id)).renewed_at).toBe(new Date(now).toISOString());
    now += 4 * DAY;
    await sweep();
    expect((await listing(maria, id)).is_active).toBe(true);
  });

  it('refuses a changed, expired or foreign renew link with the one error body and changes nothing', async () => {
    const maria = await owner();
    const alex = await createUser(ctx);
    const { id } = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    const secret = ctx.config.jwtSecret;
    const valid = await signRenewToken(secret, { userId: maria.id, listingId: id }, now + DAY);
    const tampered = `${valid.slice(0, -3)}${valid.endsWith('A') ? 'B' : 'A'}xx`;
    const expired = await signRenewToken(secret, { userId: maria.id, listingId: id }, now - 1000);
    const foreign = await signRenewToken(secret, { userId: alex.id, listingId: id }, now + DAY);
    const wrongKey = await signRenewToken('x'.repeat(48), { userId: maria.id, listingId: id }, now + DAY);
    const before = await renewalOf(id);
    for (const token of [tampered, expired, foreign, wrongKey, maria.token, '']) {
      for (const res of [await describeLink(token), await renewByLink(token)]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.json()).toEqual({ code: 'BAD_REQUEST', detail: FRESH_TEXTS.linkInvalid });
      }
    }
    expect(await renewalOf(id)).toEqual(before);
    // A link past its time, on the test's clock.
    now += 2 * DAY;
    expect((await renewByLink(valid)).statusCode).toBe(400);
    expect(await renewalOf(id)).toEqual(before);
  });

  it('refuses the link of a listing that is gone with 409', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { state_id: LISTING_STATES.gone });
    const token = await signRenewToken(ctx.config.jwtSecret, { userId: maria.id, listingId: id }, now + DAY);
    for (const res of [await describeLink(token), await renewByLink(token)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', detail: FRESH_TEXTS.goneRefused });
    }
    expect((await renewalOf(id)).renewed_at).toBeNull();
  });

  it('pauses a listing not renewed within 3 days of asking; the owner sees why and reactivating renews', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { title: 'Old kale', category_id: CATEGORIES.produce });
    now += 7 * DAY + 60_000;
    await sweep();
    now += 3 * DAY - 120_000;
    expect((await sweep()).paused).toBe(0);
    expect((await listing(maria, id)).is_active).toBe(true);
    now += 120_000;
    await sweep();
    const paused = await listing(maria, id);
    expect(paused).toMatchObject({ is_active: false, paused_reason: 'not_renewed' });
    const told = (await notices(maria)).filter((n) => n.type === 'listing_paused' && n.listing_id === id);
    expect(told.map((n) => n.note)).toEqual([FRESH_TEXTS.pausedNotification('Old kale')]);
    // Paused: no more questions.
    now += 30 * DAY;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(1);

    const res = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${id}`,
      as: maria,
      payload: { is_active: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Listing>()).toMatchObject({
      is_active: true,
      paused_reason: null,
      renewed_at: new Date(now).toISOString(),
    });
    now += 7 * DAY + 60_000;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(2);
  });

  it('pausing by hand forgets the reason; an edit of an active listing does not renew it', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, { category_id: CATEGORIES.produce });
    await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${id}`,
      as: maria,
      payload: { title: 'Edited', is_active: true },
    });
    expect((await listing(maria, id)).renewed_at).toBeNull();
    now += 8 * DAY;
    await sweep();
    now += 4 * DAY;
    await sweep();
    expect((await listing(maria, id)).paused_reason).toBe('not_renewed');
    await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}`, as: maria, payload: { is_active: false } });
    expect((await listing(maria, id)).paused_reason).toBeNull();
  });

  it('never asks about gone, paused or hidden listings', async () => {
    const maria = await owner();
    const gone = await createListing(ctx, maria, { state_id: LISTING_STATES.gone });
    const paused = await createListing(ctx, maria, { is_active: false });
    const hidden = await createListing(ctx, maria, {});
    await ctx.db.updateTable('listings').set({ hidden_reason: 'Spam' }).where('id', '=', hidden.id).execute();
    now += 40 * DAY;
    await sweep();
    for (const l of [gone, paused, hidden]) expect(await renewNotices(maria, l.id)).toHaveLength(0);
    expect(await mailsTo(maria)).toHaveLength(0);
  });

  it('never asks about a reserved listing nor pauses it; un-reserved, it is asked anew', async () => {
    const maria = await owner();
    const tom = await createUser(ctx);
    const { id } = await createListing(ctx, maria, { title: 'Rhubarb', category_id: CATEGORIES.produce });
    now += 7 * DAY + 60_000;
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(1);

    const asked = await ctx.inject({ method: 'POST', url: `/api/listings/${id}/interest`, as: tom, payload: {} });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const reserved = await ctx.inject({
      method: 'POST',
      url: `/api/listings/${id}/reservation`,
      as: maria,
      payload: { user_id: tom.id },
    });
    expect(reserved.statusCode, reserved.body).toBe(204);
    now += 4 * DAY;
    expect((await sweep()).paused).toBe(0);
    now += 40 * DAY;
    await sweep();
    expect(await listing(maria, id)).toMatchObject({ is_active: true, state_id: LISTING_STATES.reserved });
    expect(await renewNotices(maria, id)).toHaveLength(1);

    const unreserved = await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}/reservation`, as: maria });
    expect(unreserved.statusCode).toBe(204);
    await sweep();
    expect(await renewNotices(maria, id)).toHaveLength(2);
    expect(await listing(maria, id)).toMatchObject({ is_active: true, paused_reason: null });
  });

  it('e-mails only when the rules allow: the matches switch on and the address confirmed', async () => {
    const off = await owner();
    const unconfirmed = await createUser(ctx);
    await ctx.db.updateTable('users').set({ email_matches: 0 }).where('id', '=', off.id).execute();
    await ctx.db.updateTable('users').set({ email_confirmed: 0 }).where('id', '=', unconfirmed.id).execute();
    const a = await createListing(ctx, off, {});
    const b = await createListing(ctx, unconfirmed, {});
    now += 8 * DAY;
    await sweep();
    // Asked in the app all the same.
    expect(await renewNotices(off, a.id)).toHaveLength(1);
    expect(await renewNotices(unconfirmed, b.id)).toHaveLength(1);
    expect(await mailsTo(off)).toHaveLength(0);
    expect(await mailsTo(unconfirmed)).toHaveLength(0);
  });

  it('shows every listing’s age source in the answers: created_at, and renewed_at once renewed', async () => {
    const maria = await owner();
    const { id } = await createListing(ctx, maria, {});
    const mine = (await ctx.inject({ method: 'GET', url: '/api/listings/?mine=true', as: maria })).json<Listing[]>();
    expect(mine.find((l) => l.id === id)).toMatchObject({ renewed_at: null, paused_reason: null });
    now += DAY;
    await ctx.inject({ method: 'POST', url: `/api/listings/${id}/renew`, as: maria });
    const stranger = await createUser(ctx);
    expect((await listing(stranger, id)).renewed_at).toBe(new Date(now).toISOString());
  });
});

describe('fresh listings arriving in a lived-in marketplace', () => {
  it('asks about the listings already due spread over a week, not all in the first sweep', async () => {
    let now = Date.now();
    const ctx = await buildTestApp({ clock: () => now });
    try {
      // An upgrade today of a marketplace whose listings are two months old.
      await ctx.db
        .updateTable('fresh_listings_since')
        .set({ at: new Date(now).toISOString() })
        .execute();
      const owners = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
      const old: number[] = [];
      for (let i = 0; i < 120; i++)
        old.push(
          (await createListing(ctx, owners[i % 3]!, { title: `Old squash ${i}`, category_id: CATEGORIES.produce })).id,
        );
      await ctx.db
        .updateTable('listings')
        .set({ created_at: new Date(now - 60 * DAY).toISOString() })
        .where('id', 'in', old)
        .execute();
      const sweepAll = async () => {
        let asked = 0;
        for (;;) {
          const round = (await freshListingsOf(ctx.app.server)!.sweep()).asked;
          asked += round;
          if (round < 100) return asked;
        }
      };
      const askedFirst = await sweepAll();
      expect(askedFirst).toBeLessThan(6);
      now += 1 * DAY;
      const afterADay = askedFirst + (await sweepAll());
      expect(afterADay).toBeGreaterThan(5);
      expect(afterADay).toBeLessThan(35);
      // A listing made after the upgrade keeps its own clock.
      const fresh = await createListing(ctx, owners[0]!, { title: 'New squash', category_id: CATEGORIES.produce });
      now += 3 * DAY;
      const halfway = afterADay + (await sweepAll());
      expect(halfway).toBeGreaterThan(40);
      expect(halfway).toBeLessThan(80);
      now += 3 * DAY + 60_000;
      expect(halfway + (await sweepAll())).toBe(121);
      const askedAbout = await ctx.db
        .selectFrom('listings')
        .select('id')
        .where('renew_asked_at', 'is not', null)
        .execute();
      expect(askedAbout.map((r) => r.id).sort((a, b) => a - b)).toEqual([...old, fresh.id]);
    } finally {
      await ctx.close();
    }
  });
});

describe('fresh listings across a restart', () => {
  let cleanup = async () => {};
  afterAll(async () => cleanup());

  it('asks once per cycle though the server restarts, and pauses after the restart', async () => {
    let now = Date.now();
    const made = await testConfig({ clock: () => now });
    cleanup = made.cleanup;
    const start = async () => {
      const app = await buildApp({
        ...made.config,
        freshListings: { ...made.config.freshListings, sweepMs: 3_600_000 },
      });
      await app.ready();
      return app;
    };
    const first = await start();
    const ctx = { db: first.db, config: made.config };
    const maria = await createUser(ctx);
    const { id } = await createListing(ctx, maria, {});
    now += 8 * DAY;
    expect((await freshListingsOf(first.server)!.sweep()).asked).toBe(1);
    await first.close();

    const second = await start();
    try {
      expect(await freshListingsOf(second.server)!.sweep()).toEqual({ asked: 0, paused: 0 });
      now += 3 * DAY;
      expect(await freshListingsOf(second.server)!.sweep()).toEqual({ asked: 0, paused: 1 });
      const row = await second.db
        .selectFrom('listings')
        .select(['is_active', 'paused_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ is_active: 0, paused_reason: 'not_renewed' });
    } finally {
      await second.close();
    }
  });
});

describe.runIf(dialect === 'postgres')('fresh listings on two instances', () => {
  const apps: App[] = [];
  let cleanup = async () => {};
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await cleanup();
  });

  it('asks each listing once and pauses it once when two instances sweep at the same moment', async () => {
    let now = Date.now();
    const made = await testConfig({ clock: () => now });
    cleanup = made.cleanup;
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        ...made.config,
        freshListings: { ...made.config.freshListings, sweepMs: 3_600_000 },
      });
      apps.push(app);
      await app.ready();
    }
    const [a, b] = apps as [App, App];
    const ctx = { db: a.db, config: made.config };
    const maria = await createUser(ctx);
    const listings = await Promise.all(Array.from({ length: 5 }, () => createListing(ctx, maria, {})));
    now += 8 * DAY;
    const asked = await Promise.all([freshListingsOf(a.server)!.sweep(), freshListingsOf(b.server)!.sweep()]);
    expect(asked[0]!.asked + asked[1]!.asked).toBe(5);
    const notices = await a.db
      .selectFrom('notifications')
      .select('listing_id')
      .where('user_id', '=', maria.id)
      .where('type', '=', 'listing_renew')
      .execute();
    expect(notices.map((n) => n.listing_id).sort()).toEqual(listings.map((l) => l.id).sort());
    const mails = await a.db.selectFrom('outbox').select('id').where('to_address', '=', maria.email).execute();
    expect(mails).toHaveLength(5);

    now += 3 * DAY + 60_000;
    const paused = await Promise.all([freshListingsOf(a.server)!.sweep(), freshListingsOf(b.server)!.sweep()]);
    expect(paused[0]!.paused + paused[1]!.paused).toBe(5);
  });
});
