import { CATEGORIES, type InSeason, LISTING_STATES, LISTING_TEXTS, PRODUCE, type Listing } from '@gardenswap/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, memberAtZip, type TestUser } from '../../../test/factories.js';

/** Manhattan; a few streets away; Brooklyn (4 miles); Stamford (32 miles); Philadelphia (83 miles). */
const HOME = '10001';
const NEXT_DOOR = '10011';
const BROOKLYN = '11201';
const STAMFORD = '06901';
const PHILADELPHIA = '19103';
const DAY = 24 * 60 * 60_000;

describe('in season near you', () => {
  let ctx: TestContext;
  // The clock the app goes by: a test moves it weeks ahead instead of waiting.
  let now = Date.now();

  beforeAll(async () => {
    ctx = await buildTestApp({ clock: () => now });
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    now = Date.now();
    // Every test starts from no listings, so the counts are its own.
    await ctx.db.deleteFrom('listing_photos').execute();
    await ctx.db.deleteFrom('listings').execute();
    await ctx.app.inSeason.rebuild();
  });

  const member = (zip: string | null) => memberAtZip(ctx, zip);
  const inSeason = async (viewer: TestUser, query = '') => {
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/in-season${query}`, as: viewer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InSeason>();
  };
  const counts = async (viewer: TestUser, query = '') =>
    (await inSeason(viewer, query)).crops.map((c) => [c.crop, c.listings] as const);
  /** Listings written straight to the database, then counted as the background rebuild counts them. */
  const listed = async (owner: TestUser, titles: string[], overrides: Parameters<typeof createListing>[2] = {}) => {
    for (const title of titles) await createListing(ctx, owner, { title, ...overrides });
    await ctx.app.inSeason.rebuild();
  };
  const post = async (owner: TestUser, payload: Record<string, unknown>) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: owner,
      payload: { description: '', type_id: 2, price: 0, category_id: CATEGORIES.produce, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };

  it('counts the produce listed near the member in the last two weeks, commonest first, with the word each searches', async () => {
    const [me, neighbour, brooklyn, stamford, philadelphia] = await Promise.all([
      member(HOME),
      member(NEXT_DOOR),
      member(BROOKLYN),
      member(STAMFORD),
      member(PHILADELPHIA),
    ]);
    await listed(neighbour, ['Zucchini, too many', 'Zucchinis', 'Cherry tomatoes', 'Garden surplus box']);
    await listed(brooklyn, ['Zucchini', 'Heirloom tomatoes', 'Sweet basil bunch']);
    await listed(stamford, ['Zucchini', 'Zucchini', 'Apples']);
    await listed(philadelphia, ['Zucchini', 'Zucchini', 'Zucchini', 'Zucchini']);
    // Seeds and plants are not produce; sweet peas are flowers.
    await listed(brooklyn, ['Tomato seeds'], { category_id: CATEGORIES.seeds });
    await listed(brooklyn, ['Basil seedlings'], { category_id: CATEGORIES.plants });
    await listed(neighbour, ['Sweet peas']);

    const near = await inSeason(me);
    expect(near.within_miles).toBe(25);
    expect(near.located).toBe(true);
    expect(near.crops).toEqual([
      { crop: 'Zucchini', search: 'zucchini', listings: 3 },
      { crop: 'Tomatoes', search: 'tomato', listings: 2 },
      { crop: 'Basil', search: 'basil', listings: 1 },
    ]);
    // Within the distance asked: Stamford is 32 miles away, Philadelphia 83.
    expect(await counts(me, '?within_miles=50')).toEqual([
      ['Zucchini', 5],
      ['Tomatoes', 2],
      ['Apples', 1],
      ['Basil', 1],
    ]);
    expect(await counts(me, '?within_miles=1')).toEqual([
      ['Zucchini', 2],
      ['Tomatoes', 1],
    ]);
  });

  it('counts only listings the member may see: friends-only ones of friends and their own, never a blocked member’s', async () => {
    const [me, friend, stranger, blocker, blockedByMe] = await Promise.all([
      member(HOME),
      member(NEXT_DOOR),
      member(BROOKLYN),
      member(BROOKLYN),
      member(NEXT_DOOR),
    ]);
    await befriend(ctx, me, friend);
    await listed(friend, ['Kale, friends only'], { is_public: false });
    await listed(me, ['My own kale, friends only'], { is_public: false });
    await listed(stranger, ['Kale, for my friends'], { is_public: false });
    await listed(stranger, ['Public kale']);
    await listed(blocker, ['Kale from a blocker']);
    await listed(blockedByMe, ['Kale from someone I blocked']);
    for (const [from, to] of [
      [blocker, me],
      [me, blockedByMe],
    ] as const) {
      const res = await ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: to.id }, as: from });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }

    // Mine and my friend's friends-only, the stranger's public one; not the two on either side of a block.
    expect(await counts(me)).toEqual([['Kale', 3]]);
    // The friend sees their own, the public ones, and mine (we are friends); the blocks are not theirs.
    expect(await counts(friend)).toEqual([['Kale', 5]]);
    // A stranger sees every public listing, and their own.
    expect(await counts(stranger)).toEqual([['Kale', 4]]);
  });

  it('counts neither paused, gone, hidden nor suspended owners’ listings', async () => {
    const [me, owner, suspended] = await Promise.all([member(HOME), member(NEXT_DOOR), member(NEXT_DOOR)]);
    await listed(owner, ['Leeks on offer']);
    await listed(owner, ['Leeks, paused'], { is_active: false });
    await listed(owner, ['Leeks, gone'], { state_id: LISTING_STATES.gone });
    await listed(owner, ['Leeks, reserved'], { state_id: LISTING_STATES.reserved });
    const hidden = await createListing(ctx, owner, { title: 'Leeks, hidden' });
    const ofSuspended = await createListing(ctx, suspended, { title: 'Leeks of a suspended member' });
    // As moderation keeps them: the reason on the listing, the suspension on each of the owner's listings.
    await ctx.db.updateTable('listings').set({ hidden_reason: 'spam' }).where('id', '=', hidden.id).execute();
    await ctx.db.updateTable('listings').set({ owner_suspended: 1 }).where('id', '=', ofSuspended.id).execute();
    await ctx.app.inSeason.rebuild();
    // On offer and reserved: a reserved listing is still being listed.
    expect(await counts(me)).toEqual([['Leeks', 2]]);
  });

  it('counts a listing posted in the app at once, moves it when its title changes, and drops it when made friends-only or deleted', async () => {
    const [me, neighbour] = await Promise.all([member(HOME), member(NEXT_DOOR)]);
    const { id } = await post(neighbour, { title: 'Rhubarb stalks' });
    expect(await counts(me)).toEqual([['Rhubarb', 1]]);

    const edited = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${id}`,
      as: neighbour,
      payload: { title: 'Blueberries, a pint' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await counts(me)).toEqual([['Blueberries', 1]]);

    const toFriends = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${id}`,
      as: neighbour,
      payload: { is_public: false },
    });
    expect(toFriends.statusCode, toFriends.body).toBe(200);
    expect(await counts(me)).toEqual([]);
    expect(await counts(neighbour)).toEqual([['Blueberries', 1]]);

    const { id: second } = await post(neighbour, { title: 'Garlic braids' });
    expect(await counts(me)).toEqual([['Garlic', 1]]);
    const removed = await ctx.inject({ method: 'DELETE', url: `/api/listings/${second}`, as: neighbour });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await counts(me)).toEqual([]);
  });

  it('forgets what was listed more than two weeks ago at the next rebuild', async () => {
    const [me, neighbour] = await Promise.all([member(HOME), member(NEXT_DOOR)]);
    await post(neighbour, { title: 'Figs' });
    now += 13 * DAY;
    await ctx.app.inSeason.rebuild();
    expect(await counts(me)).toEqual([['Figs', 1]]);
    now += 2 * DAY;
    await ctx.app.inSeason.rebuild();
    expect(await counts(me)).toEqual([]);
  });

  it('finds, from each chip, every listing its count names: each name of the produce table is found by its search', async () => {
    const [grower, shopper] = await Promise.all([member(HOME), member(NEXT_DOOR)]);
    const produce = PRODUCE.filter((p) => !p.notProduce);
    for (const p of produce)
      for (const name of p.names) await createListing(ctx, grower, { title: `${name} from the plot` });
    for (const p of produce) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/listings/?public=true&category_id=${CATEGORIES.produce}&limit=100&q=${encodeURIComponent(p.search)}`,
        as: shopper,
      });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json<Listing[]>().map((l) => l.title);
      expect(found, p.crop).toEqual(expect.arrayContaining(p.names.map((name) => `${name} from the plot`)));
    }
  });

  it('answers a member without a postcode that it cannot tell, and refuses a distance that is not one', async () => {
    const nowhere = await member(null);
    expect(await inSeason(nowhere)).toEqual({ within_miles: 25, located: false, crops: [] });
    const me = await member(HOME);
    for (const bad of ['0', 'far', '501']) {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/in-season?within_miles=${bad}`, as: me });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: LISTING_TEXTS.distanceInvalid });
      expect(res.json().errors).toContainEqual({ field: 'within_miles', message: LISTING_TEXTS.distanceInvalid });
    }
    expect((await ctx.inject({ method: 'GET', url: '/api/listings/in-season' })).statusCode).toBe(401);
  });
});
