import {
  CATEGORIES,
  LISTING_STATES,
  LISTING_TYPES,
  PollinationSchema,
  QUANTITY_MAX,
  VARIETY_MAX,
  WANTS_PER_CATEGORY,
  germinationHint,
} from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import type { DB } from '../db/schema.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { type DemoSummary, SeedRefusedError, formatSummary, runSeedDemo, seedDemo } from './seed-demo.js';

const SLC_ZIPS = /^84(10[1-9]|11[0-9]|12[0-4])$/;

async function countRows(db: DB) {
  const tables = ['users', 'friendships', 'listings', 'want_listings', 'messages'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('seedDemo on an empty database', () => {
  let ctx: TestContext;
  let summary: DemoSummary;
  beforeAll(async () => {
    ctx = await buildTestApp();
    summary = await seedDemo(ctx.app);
  }, 90_000);
  afterAll(() => ctx.close());

  it('adds at least ten members, each with a Salt Lake area location', async () => {
    const users = await ctx.db.selectFrom('users').select(['email', 'username', 'city', 'state', 'zip_code']).execute();
    expect(users.length).toBeGreaterThanOrEqual(10);
    for (const user of users) {
      expect(user.email).toMatch(/^[a-z]+@demo\.gardenswap\.example$/);
      expect(user.city).toBeTruthy();
      expect(user.state).toBe('UT');
      expect(user.zip_code).toMatch(SLC_ZIPS);
    }
    expect(summary.members.map((m) => m.email).sort()).toEqual(users.map((u) => u.email).sort());
  });

  it('lets every demo member sign in with the one documented password', async () => {
    const users = await ctx.db.selectFrom('users').select('email').execute();
    for (const { email } of users) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, email).toBe(200);
    }
    expect(summary.password).toBe(DEMO_PASSWORD);
  });

  it('puts listings in every category with every type, priced in whole dollars only when for sale', async () => {
    const listings = await ctx.db.selectFrom('listings').selectAll().execute();
    expect(listings.length).toBeGreaterThanOrEqual(30);
    for (const category of Object.values(CATEGORIES)) {
      for (const type of Object.values(LISTING_TYPES)) {
        expect(
          listings.some((l) => l.category_id === category && l.type_id === type),
          `category ${category} type ${type}`,
        ).toBe(true);
      }
    }
    for (const l of listings) {
      if (l.type_id === LISTING_TYPES.sell) {
        expect(Number.isInteger(l.price) && l.price >= 1).toBe(true);
      } else {
        expect(l.price).toBe(0);
      }
      expect(l.title.length).toBeGreaterThanOrEqual(3);
      expect(l.title.length).toBeLessThanOrEqual(100);
      expect(l.description.length).toBeGreaterThan(0);
    }
  });

  it('gives seed lots their details, within the limits, one packed long enough ago for a germination hint', async () => {
    const listings = await ctx.db.selectFrom('listings').selectAll().execute();
    const lots = listings.filter((l) => l.pollination !== null);
    expect(lots.length).toBeGreaterThanOrEqual(5);
    const year = new Date().getUTCFullYear();
    for (const lot of lots) {
      expect(lot.category_id).toBe(CATEGORIES.seeds);
      expect(PollinationSchema.safeParse(lot.pollination).success).toBe(true);
      if (lot.packed_year !== null) expect(lot.packed_year).toBeLessThanOrEqual(year);
      expect(lot.variety?.length ?? 0).toBeLessThanOrEqual(VARIETY_MAX);
      expect(lot.quantity?.length ?? 0).toBeLessThanOrEqual(QUANTITY_MAX);
    }
    const seedLot = (l: (typeof lots)[number]) => ({ title: l.title, variety: l.variety, packed_year: l.packed_year });
    expect(lots.filter((l) => germinationHint(seedLot(l), year))).toHaveLength(1);
    expect(listings.filter((l) => l.category_id !== CATEGORIES.seeds && l.variety !== null)).toEqual([]);
  });

  it('keeps most listings public, a few friends-only, one paused and one reserved', async () => {
    const listings = await ctx.db.selectFrom('listings').select(['is_public', 'is_active', 'state_id']).execute();
    const friendsOnly = listings.filter((l) => l.is_public === 0).length;
    expect(friendsOnly).toBeGreaterThan(0);
    expect(friendsOnly).toBeLessThan(listings.length / 2);
    expect(listings.filter((l) => l.is_active === 0)).toHaveLength(1);
    expect(listings.filter((l) => l.state_id === LISTING_STATES.reserved)).toHaveLength(1);
  });

  it('stores every listing photo and profile picture where the uploads route serves them', async () => {
    const listings = await ctx.db
      .selectFrom('listings')
      .select(['featured_image', 'thumbnail', 'is_public', 'is_active'])
      .execute();
    const avatars = await ctx.db
      .selectFrom('users')
      .select('profile_picture')
      .where('profile_picture', 'is not', null)
      .execute();
    expect(avatars.length).toBeGreaterThan(0);
    const paths = [
      ...listings.flatMap((l) => [l.featured_image, l.thumbnail]),
      ...avatars.map((a) => a.profile_picture),
    ];
    for (const path of paths) {
      expect(path).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
      expect(await ctx.app.images.store.get(path!.slice('uploads/'.length)), path!).toBeDefined();
    }
    // A public listing's photo, which anyone may fetch by its plain path.
    const open = listings.find((l) => l.is_public === 1 && l.is_active === 1)!;
    const res = await ctx.inject({ method: 'GET', url: `/api/${open.featured_image}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(summary.images).toBe(paths.length);
  });

  it('makes friends, with a couple of requests still pending', async () => {
    const friendships = await ctx.db.selectFrom('friendships').selectAll().execute();
    expect(friendships.filter((f) => f.status === 'accepted').length).toBeGreaterThanOrEqual(5);
    expect(friendships.filter((f) => f.status === 'pending').length).toBeGreaterThanOrEqual(2);
    for (const f of friendships) {
      expect(f.user_low).toBeLessThan(f.user_high);
      expect([f.user_low, f.user_high]).toContain(f.requester_id);
    }
  });

  it('gives members want lists of at most five items per category', async () => {
    const wants = await ctx.db.selectFrom('want_listings').select(['user_id', 'category_id', 'title']).execute();
    expect(wants.length).toBeGreaterThan(0);
    const perCategory = new Map<string, number>();
    for (const w of wants) {
      const key = `${w.user_id}:${w.category_id}`;
      perCategory.set(key, (perCategory.get(key) ?? 0) + 1);
      expect(w.title.length).toBeGreaterThanOrEqual(3);
    }
    expect(Math.max(...perCategory.values())).toBeLessThanOrEqual(WANTS_PER_CATEGORY);
    expect(new Set(wants.map((w) => w.user_id)).size).toBeGreaterThanOrEqual(10);
  });

  it('adds conversations of several messages, some of them unread', async () => {
    const messages = await ctx.db.selectFrom('messages').selectAll().execute();
    const threads = new Map<string, number>();
    for (const m of messages) {
      expect(m.sender_id).not.toBe(m.receiver_id);
      const key = [m.sender_id, m.receiver_id].sort().join(':');
      threads.set(key, (threads.get(key) ?? 0) + 1);
    }
    expect(threads.size).toBeGreaterThanOrEqual(3);
    expect(Math.min(...threads.values())).toBeGreaterThanOrEqual(3);
    expect(messages.filter((m) => m.read_at === null).length).toBeGreaterThan(0);
    expect(messages.filter((m) => m.read_at !== null).length).toBeGreaterThan(0);
  });

  it('refuses to seed a database that already has members, and adds nothing', async () => {
    const before = await countRows(ctx.db);
    await expect(seedDemo(ctx.app)).rejects.toBeInstanceOf(SeedRefusedError);
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('as a command, exits with 1 and says why when the database is not empty', async () => {
    const before = await countRows(ctx.db);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSeedDemo(ctx.config, { out: (t) => out.push(t), err: (t) => err.push(t) });
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/already has \d+ members, so no demo data was added/);
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('prints the counts, the sign-in e-mails, the password and where to open the app', () => {
    const text = formatSummary(summary, { database: 'data/gardenswap.sqlite', url: 'http://localhost:3000' });
    expect(text).toContain(`${summary.members.length} members`);
    expect(text).toContain(`${summary.listings.total} listings`);
    expect(text).toContain('maria@demo.gardenswap.example');
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain('open http://localhost:3000');
  });
});
