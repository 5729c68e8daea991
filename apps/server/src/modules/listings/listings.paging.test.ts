import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { zipCoordinateColumns } from '../../lib/geo.js';

let ctx: TestContext;
let seller: TestUser;
let viewer: TestUser;
let allIds: number[];

beforeAll(async () => {
  ctx = await buildTestApp();
  seller = await createUser(ctx);
  viewer = await createUser(ctx);
  allIds = [];
  for (let i = 0; i < 120; i += 1) {
    allIds.push((await createListing(ctx, seller, { title: `Heirloom seeds ${i}` })).id);
  }
  allIds.sort((a, b) => b - a);
});
afterAll(() => ctx.close());

/** The URL of rel="next" in a Link header, if any. */
function nextLink(link: string | string[] | undefined): string | undefined {
  const value = Array.isArray(link) ? link.join(', ') : link;
  return value ? /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] : undefined;
}

async function follow(as: TestUser, firstUrl: string) {
  const pages: number[][] = [];
  const urls: string[] = [];
  let url: string | undefined = firstUrl;
  while (url && pages.length < 10) {
    urls.push(url);
    const res = await ctx.inject({ method: 'GET', url, as });
    expect(res.statusCode).toBe(200);
    pages.push((res.json() as { id: number }[]).map((l) => l.id));
    url = nextLink(res.headers.link);
  }
  return { pages, urls };
}

describe('paging GET /api/listings/', () => {
  it('walks 120 listings in three pages of at most 50 by following the Link header', async () => {
    const { pages, urls } = await follow(viewer, `/api/listings/?user_id=${seller.id}&limit=50`);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual(allIds);
    // The next link keeps the query and only moves the cursor.
    for (const url of urls.slice(1)) {
      const params = new URL(url, 'http://x').searchParams;
      expect(params.get('user_id')).toBe(String(seller.id));
      expect(params.get('limit')).toBe('50');
      expect(params.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(url.startsWith('/api/listings')).toBe(true);
    }
  });

  it('pages 50 at a time by default and answers no Link on the last page', async () => {
    const first = await ctx.inject({ method: 'GET', url: '/api/listings/?mine=true', as: seller });
    expect(first.json()).toHaveLength(50);
    expect(nextLink(first.headers.link)).toBeDefined();
    const exact = await ctx.inject({ method: 'GET', url: '/api/listings/?mine=true&limit=100', as: seller });
    expect(exact.json()).toHaveLength(100);
    const last = await ctx.inject({ method: 'GET', url: nextLink(exact.headers.link)!, as: seller });
    expect((last.json() as { id: number }[]).map((l) => l.id)).toEqual(allIds.slice(100));
    expect(last.headers.link).toBeUndefined();
  });

  it('neither repeats nor skips a listing when a new one is posted between pages', async () => {
    const first = await ctx.inject({ method: 'GET', url: '/api/listings/?public=true&limit=40', as: viewer });
    const fresh = await createListing(ctx, seller, { title: 'Posted meanwhile' });
    const rest = await follow(viewer, nextLink(first.headers.link)!);
    const ids = [...(first.json() as { id: number }[]).map((l) => l.id), ...rest.pages.flat()];
    expect(ids).toEqual(allIds);
    expect(ids).not.toContain(fresh.id);
    await ctx.db.deleteFrom('listings').where('id', '=', fresh.id).execute();
  });

  it('pages a search by relevance by tier and listing, so a listing posted meanwhile neither repeats nor skips one', async () => {
    // Title matches ("Heirloom seeds N") first, then one whose description alone says heirloom.
    const described = await createListing(ctx, seller, { title: 'Bean seeds', description: 'An heirloom variety' });
    const query = '/api/listings/?q=heirloom&limit=50';
    const first = await ctx.inject({ method: 'GET', url: query, as: viewer });
    const cursor = new URL(nextLink(first.headers.link)!, 'http://x').searchParams.get('cursor')!;
    expect(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))).toMatch(/^t0\.\d+$/);
    const fresh = await createListing(ctx, seller, { title: 'Heirloom tomatoes posted meanwhile' });
    const rest = await follow(viewer, nextLink(first.headers.link)!);
    const ids = [...(first.json() as { id: number }[]).map((l) => l.id), ...rest.pages.flat()];
    expect(ids).toEqual([...allIds, described.id]);
    expect(ids).not.toContain(fresh.id);

    // A relevance page by offset, handed out before tiers, still reads.
    const offset = btoa('o50').replace(/=+$/, '');
    const old = await ctx.inject({ method: 'GET', url: `${query}&cursor=${offset}`, as: viewer });
    expect(old.statusCode).toBe(200);
    expect((old.json() as { id: number }[]).map((l) => l.id)).toEqual([fresh.id, ...allIds].slice(50, 100));
    await ctx.db.deleteFrom('listings').where('id', 'in', [fresh.id, described.id]).execute();
  });

  it('answers 422 for a limit over 100', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/listings/?limit=101', as: viewer });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'limit' }] });
  });
});

describe('paging the friends tab, whose page is found by id before its rows are read', () => {
  it('answers every order and filter page by page exactly as its listings sort: friends’ visible listings only', async () => {
    const [me, pal, other, blockedPal, stranger] = [
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
    ];
    for (const friend of [pal, other, blockedPal]) await befriend(ctx, me, friend);
    const shown: { id: number; price: number; type_id: number }[] = [];
    for (let i = 0; i < 24; i += 1) {
      const owner = i % 2 === 0 ? pal : other;
      const values = { title: `Seedling ${i}`, price: (i * 7) % 10, type_id: 1 + (i % 3), is_public: i % 4 !== 0 };
      shown.push({ ...(await createListing(ctx, owner, values)), price: values.price, type_id: values.type_id });
    }
    // Never on the tab: paused, gone, a blocked friend's, a stranger's, my own.
    await createListing(ctx, pal, { title: 'Paused', is_active: false });
    await createListing(ctx, other, { title: 'Gone', state_id: 3 });
    await createListing(ctx, blockedPal, { title: 'Blocked friend’s' });
    await createListing(ctx, stranger, { title: 'Stranger’s' });
    await createListing(ctx, me, { title: 'Mine' });
    const blocked = await ctx.inject({
      method: 'POST',
      url: '/api/blocks',
      as: me,
      payload: { user_id: blockedPal.id },
    });
    expect(blocked.statusCode).toBe(201);

    const byId = (a: { id: number }, b: { id: number }) => b.id - a.id;
    const orders = {
      newest: byId,
      oldest: (a: { id: number }, b: { id: number }) => a.id - b.id,
      highest: (a: (typeof shown)[number], b: (typeof shown)[number]) => b.price - a.price || b.id - a.id,
      lowest: (a: (typeof shown)[number], b: (typeof shown)[number]) => a.price - b.price || a.id - b.id,
    };
    for (const [sort, order] of Object.entries(orders)) {
      for (const filter of ['', '&type_id=1&type_id=3', '&min_price=2&max_price=6']) {
        const expected = shown
          .filter((l) => filter !== '&type_id=1&type_id=3' || l.type_id !== 2)
          .filter((l) => filter !== '&min_price=2&max_price=6' || (l.price >= 2 && l.price <= 6))
          .sort(order)
          .map((l) => l.id);
        const { pages } = await follow(me, `/api/listings/?friends=true&sort=${sort}&limit=5${filter}`);
        expect(pages.flat(), `${sort}${filter}`).toEqual(expected);
        expect(pages.slice(0, -1).every((p) => p.length === 5)).toBe(true);
      }
    }
  });

  it('pages the friends tab nearest first, friends without a postcode last, each listing once', async () => {
    const located = async (zip: string | null) => {
      const user = await createUser(ctx, zip ? { zip_code: zip, city: 'Somewhere' } : {});
      await ctx.db.updateTable('users').set(zipCoordinateColumns(zip)).where('id', '=', user.id).execute();
      return user;
    };
    const [me, near, far, nowhere] = [
      await located('94110'),
      await located('94110'),
      await located('10001'),
      await located(null),
    ];
    for (const friend of [near, far, nowhere]) await befriend(ctx, me, friend);
    const ids = async (owner: TestUser, n: number) => {
      const made: number[] = [];
      for (let i = 0; i < n; i += 1) made.push((await createListing(ctx, owner, { title: `Cutting ${i}` })).id);
      return made.sort((a, b) => b - a);
    };
    const [nearIds, farIds, nowhereIds] = [await ids(near, 4), await ids(far, 4), await ids(nowhere, 4)];
    const { pages } = await follow(me, '/api/listings/?friends=true&sort=nearest&limit=5');
    expect(pages.flat()).toEqual([...nearIds, ...farIds, ...nowhereIds]);
  });
});
