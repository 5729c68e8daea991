import type { Listing, Swap } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../test/app.js';
import { createListing, createUser, type TestUser } from '../../test/factories.js';

// One rule for what a word matches: a want's matches, its swaps and a search for it find the same
// listings, on the database in use.
describe(`one word rule for matches, swaps and search (${dialect})`, () => {
  let ctx: TestContext;
  let viewer: TestUser;
  const sellers: Record<string, TestUser> = {};
  const TITLES = [
    'Cherry Tomatoes',
    'Potatoes',
    'Tomatillos',
    'Strawberry runners',
    'Qxmx1eyab12 squash',
    'Shelling peas',
    'Plan your bed',
  ];

  beforeAll(async () => {
    ctx = await buildTestApp();
    viewer = await createUser(ctx);
    await createListing(ctx, viewer, { title: 'Basil' });
    for (const title of TITLES) {
      const seller = await createUser(ctx);
      sellers[title] = seller;
      await createListing(ctx, seller, { title });
      // Each seller wants what the viewer has: every listing matching a want makes a swap.
      await ctx.inject({
        method: 'POST',
        url: '/api/listings/want-listings',
        as: seller,
        payload: { title: 'basil', category_id: 1 },
      });
    }
  });
  afterAll(() => ctx.close());

  const search = async (q: string, more = '') => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/listings/?q=${encodeURIComponent(q)}${more}`,
      as: viewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<Listing[]>()
      .map((l) => l.title)
      .sort();
  };

  /** The viewer's one want, and what its matches and swaps find. */
  async function wantFinds(title: string) {
    const wants = await ctx.inject({ method: 'GET', url: '/api/listings/want-listings', as: viewer });
    for (const want of wants.json<{ id: number }[]>())
      await ctx.inject({ method: 'DELETE', url: `/api/listings/want-listings/${want.id}`, as: viewer });
    const want = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: viewer,
      payload: { title, category_id: 1 },
    });
    expect(want.statusCode, want.body).toBe(201);
    const id = want.json<{ id: number }>().id;
    const matches = await ctx.inject({ method: 'GET', url: `/api/listings/want-listings/${id}/matches`, as: viewer });
    const swaps = await ctx.inject({ method: 'GET', url: '/api/swaps', as: viewer });
    return {
      matches: matches
        .json<Listing[]>()
        .map((l) => l.title)
        .sort(),
      swaps: swaps
        .json<Swap[]>()
        .map((s) => s.their_listing.title)
        .sort(),
    };
  }

  it.each([
    ['tomatoes', ['Cherry Tomatoes']],
    ['tomato', ['Cherry Tomatoes']],
    ['Cherry Tomatoes', ['Cherry Tomatoes']],
    ['potatoes', ['Potatoes']],
    ['fresh potatoes', ['Potatoes']],
  ])('finds the same listings for "%s" as a want, in swaps and in a search', async (words, expected) => {
    const found = await wantFinds(words);
    expect(found.matches).toEqual(expected);
    expect(found.swaps).toEqual(expected);
    expect(await search(words)).toEqual(expected);
  });

  it('finds a listing by every beginning of its word typed so far, where the stemmer rewrites the letters too', async () => {
    for (let end = 3; end <= 'strawberry'.length; end++) {
      const typed = 'strawberry'.slice(0, end);
      expect(await search(typed), typed).toEqual(['Strawberry runners']);
    }
    for (const typed of ['qxmx1e', 'qxmx1ey', 'qxmx1eya', 'qxmx1eyab12'])
      expect(await search(typed), typed).toEqual(['Qxmx1eyab12 squash']);
  });

  it('finds a word by what was typed of it past its stem, and only what begins so', async () => {
    // "shelling" is stored as "shell": "shelli" begins the word, not its stem.
    for (let end = 3; end <= 'shelling'.length; end++) {
      const typed = 'shelling'.slice(0, end);
      expect(await search(typed), typed).toEqual(['Shelling peas']);
    }
    expect(await search('shelling pe')).toEqual(['Shelling peas']);
    // A word before one typed past its stem: every order and tab, on both databases.
    for (const sort of ['relevance', 'newest', 'lowest'])
      expect(await search('peas shelli', `&sort=${sort}`), sort).toEqual(['Shelling peas']);
    // A whole word finds no shorter one ("plants" is no "plan", "peach" no "peas").
    expect(await search('plants')).toEqual([]);
    expect(await search('peach')).toEqual([]);
    // A word changed after it was listed is found by its new letters, not its old ones.
    const [shelling] = (
      await ctx.db.selectFrom('listings').select('id').where('title', '=', 'Shelling peas').execute()
    ).map((r) => r.id);
    await ctx.db.updateTable('listings').set({ title: 'Podding peas' }).where('id', '=', shelling!).execute();
    ctx.wroteAround();
    expect(await search('poddi')).toEqual(['Podding peas']);
    expect(await search('shelli')).toEqual([]);
    await ctx.db.updateTable('listings').set({ title: 'Shelling peas' }).where('id', '=', shelling!).execute();
    ctx.wroteAround();
  });
});
