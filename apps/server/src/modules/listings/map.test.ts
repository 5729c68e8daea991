import { CATEGORIES, LISTING_TEXTS, type Listing, MAP_PINS, type MapListings } from '@gardenswap/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, memberAtZip, type TestUser } from '../../../test/factories.js';
import { SPOT_MILES, haversineMiles, zipCoordinateColumns } from '../../lib/geo.js';

/** A box around Manhattan and Brooklyn; Stamford and Philadelphia lie outside it. */
const BOX = '-74.05,40.65,-73.9,40.8';
const IN_BOX = ['10001', '10011', '11201'];
const OUTSIDE = ['06901', '19103'];

describe('the marketplace on a map', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('listing_photos').execute();
    await ctx.db.deleteFrom('listings').execute();
    ctx.wroteAround();
  });

  const map = async (viewer: TestUser, query: string) => {
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/map?${query}`, as: viewer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapListings>();
  };
  const list = async (viewer: TestUser, query: string) => {
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/?limit=100&${query}`, as: viewer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listing[]>();
  };

  it('shows exactly what the list shows for the same tab, filters and search, within the area, in its order', async () => {
    const viewer = await memberAtZip(ctx, '10001');
    const inside = await Promise.all(IN_BOX.map((zip) => memberAtZip(ctx, zip)));
    const outside = await Promise.all(OUTSIDE.map((zip) => memberAtZip(ctx, zip)));
    const nowhere = await memberAtZip(ctx, null);
    const [friend, stranger, blocker] = inside as [TestUser, TestUser, TestUser];
    await befriend(ctx, viewer, friend);
    const everyone = [...inside, ...outside, nowhere];
    for (const [i, owner] of everyone.entries()) {
      await createListing(ctx, owner, { title: `Cherry tomatoes ${i}`, type_id: 1, price: 3 });
      await createListing(ctx, owner, { title: `Basil ${i}`, category_id: CATEGORIES.produce, type_id: 2 });
      await createListing(ctx, owner, { title: `Kale for friends ${i}`, is_public: false });
      await createListing(ctx, owner, { title: `Tomato seeds ${i}`, category_id: CATEGORIES.seeds });
    }
    const hidden = await createListing(ctx, stranger, { title: 'Cherry tomatoes, hidden' });
    await ctx.db.updateTable('listings').set({ hidden_reason: 'spam' }).where('id', '=', hidden.id).execute();
    const blocked = await ctx.inject({
      method: 'POST',
      url: '/api/blocks',
      payload: { user_id: viewer.id },
      as: blocker,
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    ctx.wroteAround();

    const inArea = new Set(inside.map((m) => m.id));
    for (const query of [
      '',
      'public=true',
      'friends=true',
      'category_id=2',
      'q=tomato',
      'public=true&q=tomatoes&type_id=1',
      'public=true&min_price=1&max_price=5',
      'friends=true&category_id=1',
    ]) {
      const shown = await map(viewer, `box=${BOX}${query ? `&${query}` : ''}`);
      const expected = (await list(viewer, query)).filter((l) => inArea.has(l.owner_id));
      expect(
        shown.listings.map((l) => l.id),
        query,
      ).toEqual(expected.map((l) => l.id));
      expect(shown.more).toBe(false);
    }
    // The area is the owners' ZIP codes: none outside it, none without one, nothing of a blocker's.
    const all = await map(viewer, `box=${BOX}`);
    expect(all.listings.length).toBeGreaterThan(0);
    expect(all.listings.every((l) => inArea.has(l.owner_id) && l.owner_id !== blocker.id)).toBe(true);
    expect(all.listings.some((l) => l.title === 'Kale for friends 0')).toBe(true);
    expect(all.listings.some((l) => l.title === 'Kale for friends 1')).toBe(false);
    expect(all.listings.some((l) => l.title === 'Cherry tomatoes, hidden')).toBe(false);
    // Within a distance as well: the area cut to the circle (10011 is 0.6 miles from home, Brooklyn 4).
    const near = await map(viewer, `box=${BOX}&within_miles=2`);
    expect(new Set(near.listings.map((l) => l.owner_id))).toEqual(new Set([friend.id, stranger.id]));
  });

  it('puts each listing at its owner’s spot: near the ZIP code’s centre, never on it, the same for everyone', async () => {
    const [a, b, viewer, other] = await Promise.all(
      ['10001', '10001', '10011', '11201'].map((z) => memberAtZip(ctx, z)),
    );
    for (const owner of [a, b] as TestUser[]) {
      await createListing(ctx, owner, { title: 'Leeks' });
      await createListing(ctx, owner, { title: 'Chard' });
    }
    ctx.wroteAround();
    const seen = await map(viewer!, `box=${BOX}`);
    const again = await map(other!, `box=${BOX}`);
    expect(again.listings.map((l) => [l.id, l.spot])).toEqual(seen.listings.map((l) => [l.id, l.spot]));

    const centre = zipCoordinateColumns('10001') as { latitude: number; longitude: number };
    const spotOf = (owner: TestUser) => {
      const spots = seen.listings.filter((l) => l.owner_id === owner.id).map((l) => l.spot);
      expect(spots).toHaveLength(2);
      // One spot per member, whichever of their listings.
      expect(spots[1]).toEqual(spots[0]);
      return spots[0]!;
    };
    for (const owner of [a, b] as TestUser[]) {
      const miles = haversineMiles(centre, spotOf(owner));
      expect(miles).toBeGreaterThanOrEqual(SPOT_MILES.min - 0.01);
      expect(miles).toBeLessThanOrEqual(SPOT_MILES.max + 0.01);
    }
    // A listing's own page shows it at the same spot; a member without a ZIP code has none.
    const detail = await ctx.inject({ method: 'GET', url: `/api/listings/${seen.listings[0]!.id}`, as: other! });
    expect(detail.json<Listing>().spot).toEqual(seen.listings[0]!.spot);
    const nowhere = await memberAtZip(ctx, null);
    const unplaced = await createListing(ctx, nowhere, { title: 'Beans from nowhere' });
    ctx.wroteAround();
    const far = await ctx.inject({ method: 'GET', url: `/api/listings/${unplaced.id}`, as: other! });
    expect(far.json<Listing>().spot).toBeNull();
    // Their profile shows them at the very spot of their listings.
    const profile = await ctx.inject({ method: 'GET', url: `/api/auth/users/${a!.id}/public`, as: other! });
    expect(profile.json().spot).toEqual(spotOf(a!));
    // Two members of one ZIP code are two pins, not one.
    expect(spotOf(b!)).not.toEqual(spotOf(a!));
    // Nothing of where they live but the ZIP code: an address changes no spot.
    await ctx.db.updateTable('users').set({ address: '1 Other Street', apt: '4B' }).where('id', '=', a!.id).execute();
    ctx.wroteAround();
    const moved = await map(viewer!, `box=${BOX}`);
    expect(moved.listings.map((l) => [l.id, l.spot])).toEqual(seen.listings.map((l) => [l.id, l.spot]));
  });

  it(`shows at most ${MAP_PINS}, the newest, and says when the area holds more`, async () => {
    const [viewer, owner] = await Promise.all([memberAtZip(ctx, '10001'), memberAtZip(ctx, '10011')]);
    const ids: number[] = [];
    for (let i = 0; i <= MAP_PINS; i++) ids.push((await createListing(ctx, owner!, { title: `Garlic ${i}` })).id);
    ctx.wroteAround();
    const shown = await map(viewer!, `box=${BOX}`);
    expect(shown.more).toBe(true);
    expect(shown.listings.map((l) => l.id)).toEqual(ids.slice(1).reverse());
  });

  it('refuses an area that is not one, with the error body', async () => {
    const viewer = await memberAtZip(ctx, '10001');
    for (const box of ['', '1,2,3', '-73,40,-74,41', '-74,41,-73,40', '-200,40,-73,41', 'a,b,c,d']) {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/map?box=${box}`, as: viewer });
      expect(res.statusCode, box).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().errors).toContainEqual({ field: 'box', message: LISTING_TEXTS.boxInvalid });
    }
    const none = await ctx.inject({ method: 'GET', url: '/api/listings/map', as: viewer });
    expect(none.statusCode).toBe(422);
    expect((await ctx.inject({ method: 'GET', url: `/api/listings/map?box=${BOX}` })).statusCode).toBe(401);
  });
});
