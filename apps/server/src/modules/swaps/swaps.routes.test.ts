import type { Swap } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab, listenForSockets } from '../../../test/sockets.js';

describe('swaps for you', () => {
  let ctx: TestContext;
  let url: string;
  const sockets: ClientSocket[] = listenForSockets((live) => ({ ctx, url } = live));

  const member = async (at?: { latitude: number; longitude: number }) => {
    const user = await createUser(ctx);
    if (at) await ctx.db.updateTable('users').set(at).where('id', '=', user.id).execute();
    return user;
  };
  const want = async (user: TestUser, title: string, category_id = 1) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: user,
      payload: { title, category_id },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>();
  };
  const swapsOf = async (user: TestUser, query = '') => {
    const res = await ctx.inject({ method: 'GET', url: `/api/swaps${query}`, as: user });
    expect(res.statusCode).toBe(200);
    return res.json<Swap[]>();
  };
  /** Two members who complement each other: `a` lists `aHas` and wants `bHas`, `b` the other way round. */
  const pair = async (aHas: string, bHas: string) => {
    const a = await member();
    const b = await member();
    const aListing = await createListing(ctx, a, { title: aHas });
    const bListing = await createListing(ctx, b, { title: bHas });
    const aWant = await want(a, bHas.split(' ').at(-1)!);
    const bWant = await want(b, aHas.split(' ').at(-1)!);
    return { a, b, aListing, bListing, aWant, bWant };
  };

  it('finds a swap both ways, naming the two listings and the two wants', async () => {
    const { a, b, aListing, bListing, aWant, bWant } = await pair('Basil seedlings', 'Cherry tomatoes');
    expect(await swapsOf(a)).toEqual([
      {
        member: { id: b.id, username: b.username, profile_picture: null, city: null, state: null },
        distance_miles: null,
        their_listing: { id: bListing.id, title: 'Cherry tomatoes' },
        your_want: { id: aWant.id, title: 'tomatoes' },
        your_listing: { id: aListing.id, title: 'Basil seedlings' },
        their_want: { id: bWant.id, title: 'seedlings' },
      },
    ]);
    const seen = await swapsOf(b);
    expect(seen.map((s) => [s.member.id, s.their_listing.title, s.your_listing.title])).toEqual([
      [a.id, 'Basil seedlings', 'Cherry tomatoes'],
    ]);
    // The seller page asks about one member only.
    expect((await swapsOf(a, `?user_id=${b.id}`)).map((s) => s.member.id)).toEqual([b.id]);
    const other = await member();
    expect(await swapsOf(a, `?user_id=${other.id}`)).toEqual([]);
  });

  it('matches a want of several words against a shorter title, as want notifications do', async () => {
    const a = await member();
    const b = await member();
    await createListing(ctx, a, { title: 'Rhubarb crowns' });
    await createListing(ctx, b, { title: 'Parsnips' });
    await want(a, 'seed parsnip');
    await want(b, 'rhubarb');
    expect((await swapsOf(a)).map((s) => s.their_listing.title)).toEqual(['Parsnips']);
  });

  it('finds nothing when only one side matches', async () => {
    const a = await member();
    const b = await member();
    await createListing(ctx, a, { title: 'Kohlrabi' });
    await createListing(ctx, b, { title: 'Okra pods' });
    await want(a, 'okra');
    await want(b, 'fennel');
    expect(await swapsOf(a)).toEqual([]);
    expect(await swapsOf(b)).toEqual([]);
    // Wanting what the other lists in another category is no match either.
    await want(b, 'kohlrabi', 2);
    expect(await swapsOf(a)).toEqual([]);
  });

  it('never shows a member blocked either way', async () => {
    const { a, b } = await pair('Swiss chard', 'Leek starts');
    expect(await swapsOf(a)).toHaveLength(1);
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/blocks', as: b, payload: { user_id: a.id } })).statusCode,
    ).toBeLessThan(300);
    expect(await swapsOf(a)).toEqual([]);
    expect(await swapsOf(b)).toEqual([]);
    expect(await swapsOf(a, `?user_id=${b.id}`)).toEqual([]);
  });

  it("leaves out a non-friend's friends-only listing, and offers one's own friends-only listing only to friends", async () => {
    const a = await member();
    const b = await member();
    const theirs = await createListing(ctx, b, { title: 'Quince', is_public: false });
    await createListing(ctx, a, { title: 'Sorrel' });
    await want(a, 'quince');
    await want(b, 'sorrel');
    expect(await swapsOf(a)).toEqual([]);
    await befriend(ctx, a, b);
    expect((await swapsOf(a)).map((s) => s.their_listing.id)).toEqual([theirs.id]);

    const c = await member();
    const d = await member();
    await createListing(ctx, c, { title: 'Salsify', is_public: false });
    await createListing(ctx, d, { title: 'Celeriac' });
    await want(c, 'celeriac');
    await want(d, 'salsify');
    expect(await swapsOf(c)).toEqual([]);
  });

  it('leaves out paused and gone listings on either side', async () => {
    const { a, b, aListing, bListing } = await pair('Fava beans', 'Garlic bulbs');
    expect(await swapsOf(a)).toHaveLength(1);
    await ctx.db.updateTable('listings').set({ is_active: 0 }).where('id', '=', bListing.id).execute();
    expect(await swapsOf(a)).toEqual([]);
    await ctx.db.updateTable('listings').set({ is_active: 1 }).where('id', '=', bListing.id).execute();
    await ctx.db.updateTable('listings').set({ state_id: 3 }).where('id', '=', aListing.id).execute();
    expect(await swapsOf(a)).toEqual([]);
    expect(await swapsOf(b)).toEqual([]);
    await ctx.db.updateTable('listings').set({ state_id: 1, is_active: 0 }).where('id', '=', aListing.id).execute();
    expect(await swapsOf(b)).toEqual([]);
  });

  it('ranks swaps nearest first, members without a location last', async () => {
    const me = await member({ latitude: 40.76, longitude: -111.89 });
    await createListing(ctx, me, { title: 'Horseradish root' });
    await want(me, 'tomatillo');
    const far = await member({ latitude: 41.5, longitude: -111.9 });
    const nowhere = await member();
    const near = await member({ latitude: 40.77, longitude: -111.9 });
    for (const other of [far, nowhere, near]) {
      await createListing(ctx, other, { title: 'Tomatillos' });
      await want(other, 'horseradish');
    }
    const swaps = await swapsOf(me);
    expect(swaps.map((s) => s.member.id)).toEqual([near.id, far.id, nowhere.id]);
    expect(swaps[0]!.distance_miles).toBeLessThan(2);
    expect(swaps[1]!.distance_miles).toBeGreaterThan(40);
    expect(swaps[2]!.distance_miles).toBeNull();
  });

  it('tells both members live when a want or a listing changes', async () => {
    const a = await member();
    const b = await member();
    await createListing(ctx, a, { title: 'Elderflower cordial' });
    const bListing = await createListing(ctx, b, { title: 'Gooseberry bush' });
    await want(a, 'gooseberry');
    const tabs = await Promise.all([a, b].map((u) => connectTab(url, u.token, sockets)));
    const counts = tabs.map(() => 0);
    tabs.forEach((tab, i) => tab.socket.on('swaps_changed', () => counts[i]!++));
    const bothTold = async (change: () => Promise<unknown>) => {
      const before = [...counts];
      await change();
      await expect.poll(() => counts.map((n, i) => n - before[i]!)).toEqual([1, 1]);
    };
    const onlookerTab = await connectTab(url, (await member()).token, sockets);
    let onlookerTold = 0;
    onlookerTab.socket.on('swaps_changed', () => onlookerTold++);

    // b's new want makes the swap: a, whose listing it matches, is told too.
    let bWantId = 0;
    await bothTold(async () => {
      bWantId = (await want(b, 'elderflower')).id;
    });
    expect(await swapsOf(a)).toHaveLength(1);
    // b renames the listing a wants: the swap ends, and both are told.
    await bothTold(() =>
      ctx.inject({ method: 'PATCH', url: `/api/listings/${bListing.id}`, as: b, payload: { title: 'Currant bush' } }),
    );
    expect(await swapsOf(a)).toEqual([]);
    await bothTold(() =>
      ctx.inject({ method: 'PATCH', url: `/api/listings/${bListing.id}`, as: b, payload: { title: 'Gooseberries' } }),
    );
    expect(await swapsOf(a)).toHaveLength(1);
    // b drops the want: both are told.
    await bothTold(() => ctx.inject({ method: 'DELETE', url: `/api/listings/want-listings/${bWantId}`, as: b }));
    expect(await swapsOf(b)).toEqual([]);
    expect(onlookerTold).toBe(0);
  });

  it('answers 401 without a session and 422 for a bad member id', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/swaps' })).statusCode).toBe(401);
    const a = await member();
    const res = await ctx.inject({ method: 'GET', url: '/api/swaps?user_id=abc', as: a });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });
});
