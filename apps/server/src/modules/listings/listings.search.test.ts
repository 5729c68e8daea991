import { LISTING_TEXTS, ListingsQuerySchema } from '@gardenswap/shared';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext, withPlannerBounds } from '../../../test/app.js';
import { befriend, createListing, type TestUser, memberAtZip, milesBetweenZips } from '../../../test/factories.js';
import type { Executor } from '../../db/schema.js';
import { type ListPlanner, type PlanBounds, listListings } from './index.js';

let ctx: TestContext;
let viewer: TestUser;
let stranger: TestUser;
let nowhere: TestUser;

/** What the test knows of each listing, to compute the expected answer on its own. */
interface Known {
  id: number;
  title: string;
  price: number;
  type_id: number;
  category_id: number;
  /** Miles from the viewer (94110, San Francisco); null for an owner without a known ZIP. */
  miles: number | null;
  /** Visible to the viewer on the marketplace: active, not gone, public or a friend's. */
  listed: boolean;
  /** "tomato" in the title (t) or only in the description (d). */
  tomato: 't' | 'd' | null;
}
const known: Known[] = [];

const HOME = '94110';

const member = (zip: string | null) => memberAtZip(ctx, zip);
const milesFromHome = (zip: string | null) => milesBetweenZips(HOME, zip);

async function add(
  owner: TestUser,
  zip: string | null,
  fields: {
    title: string;
    description?: string;
    price?: number;
    type_id?: number;
    category_id?: number;
    state_id?: number;
    is_public?: boolean;
    is_active?: boolean;
  },
  listed: boolean,
  tomato: Known['tomato'],
) {
  const type_id = fields.type_id ?? 1;
  const price = type_id === 1 ? (fields.price ?? 5) : 0;
  const category_id = fields.category_id ?? 1;
  const { id } = await createListing(ctx, owner, { ...fields, type_id, price, category_id });
  known.push({ id, title: fields.title, price, type_id, category_id, miles: milesFromHome(zip), listed, tomato });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  viewer = await member(HOME);
  stranger = await member(HOME);
  nowhere = await member(null);
  const soma = await member('94103');
  const oakland = await member('94612');
  const sacramento = await member('95814');
  const unknown = await member('99999');
  const friend = await member(HOME);
  await befriend(ctx, viewer, friend);

  await add(soma, '94103', { title: 'Cherry tomatoes', price: 5 }, true, 't');
  await add(soma, '94103', { title: 'Basil plant', type_id: 3, category_id: 3 }, true, null);
  await add(soma, '94103', { title: 'Heirloom tomato seeds', price: 3, category_id: 2 }, true, 't');
  await add(soma, '94103', { title: 'Traded tomato', state_id: 3 }, false, 't');
  await add(soma, '94103', { title: 'Paused tomato', is_active: false }, false, 't');
  await add(oakland, '94612', { title: 'Tomato cages', type_id: 2, category_id: 3 }, true, 't');
  await add(
    oakland,
    '94612',
    { title: 'Zucchini', description: 'Goes great with a tomato sauce', price: 12 },
    true,
    'd',
  );
  await add(oakland, '94612', { title: 'Pepper seeds', price: 2, category_id: 2 }, true, null);
  await add(sacramento, '95814', { title: 'Tomatoes by the box', price: 40 }, true, 't');
  await add(sacramento, '95814', { title: 'Lemon tree', price: 150, category_id: 3 }, true, null);
  await add(unknown, null, { title: 'Green tomatoes', price: 8 }, true, 't');
  await add(unknown, null, { title: 'Mint cuttings', type_id: 3, category_id: 3 }, true, null);
  await add(friend, HOME, { title: 'Tomato starts', price: 4, category_id: 3, is_public: false }, true, 't');
  await add(friend, HOME, { title: 'Reserved tomatoes', price: 6, state_id: 2 }, true, 't');
});
afterAll(() => ctx.close());

function nextLink(link: string | string[] | undefined): string | undefined {
  const value = Array.isArray(link) ? link.join(', ') : link;
  return value ? /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] : undefined;
}

interface Answer {
  id: number;
  distance_miles: number | null;
  owner: Record<string, unknown>;
}

/** Every listing of a search, two per page, by following the Link header. */
async function all(query: string, as: TestUser = viewer) {
  const found: Answer[] = [];
  let url: string | undefined = `/api/listings/?limit=2&${query}`;
  let pages = 0;
  while (url) {
    const res = await ctx.inject({ method: 'GET', url, as });
    expect(res.statusCode, res.body).toBe(200);
    found.push(...(res.json() as Answer[]));
    url = nextLink(res.headers.link);
    pages += 1;
    expect(pages).toBeLessThan(20);
  }
  return found;
}
const ids = async (query: string, as?: TestUser) => (await all(query, as)).map((l) => l.id);

const byIdDesc = (a: Known, b: Known) => b.id - a.id;
const orders: Record<string, (a: Known, b: Known) => number> = {
  newest: byIdDesc,
  oldest: (a, b) => a.id - b.id,
  highest: (a, b) => b.price - a.price || b.id - a.id,
  lowest: (a, b) => a.price - b.price || a.id - b.id,
  // Owners without a known postcode last; then nearest; then newest.
  nearest: (a, b) =>
    (a.miles === null ? 1 : 0) - (b.miles === null ? 1 : 0) || (a.miles ?? 0) - (b.miles ?? 0) || b.id - a.id,
};

function expected(filter: (l: Known) => boolean, sort: keyof typeof orders) {
  return known
    .filter((l) => l.listed && filter(l))
    .sort(orders[sort])
    .map((l) => l.id);
}

const withPlanBounds = (changes: Partial<PlanBounds>, check: () => Promise<void>) =>
  withPlannerBounds(ctx, changes, check);

/**
 * One read of a list on `trx`'s connection (a transaction is one connection): its listings' ids,
 * and the statements matching `like` that it ran prepared, from `pg_prepared_statements`.
 */
async function readPrepared(trx: Executor, like: string, query: string) {
  const runs = async () => {
    const { rows } = await sql<{ statement: string; runs: number }>`
      select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
      where statement like ${like}`.execute(trx);
    return new Map(rows.map((r) => [r.statement, r.runs]));
  };
  const before = await runs();
  const parsed = ListingsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const page = await listListings(trx, viewer.id, parsed, (path) => path, { planner: ctx.app.listReads.planner });
  const ran = [...(await runs())].filter(([statement, n]) => n > (before.get(statement) ?? 0));
  return { ids: page.listings.map((l) => l.id), ran: ran.map(([statement]) => statement) };
}

describe('searching and filtering GET /api/listings/', () => {
  it('filters by text, type, price and distance and sorts each way, across pages', async () => {
    for (const sort of Object.keys(orders)) {
      expect(await ids(`q=tomato&sort=${sort}`), `q ${sort}`).toEqual(expected((l) => l.tomato !== null, sort));
      expect(await ids(`type_id=1&type_id=3&sort=${sort}`), `type ${sort}`).toEqual(
        expected((l) => l.type_id === 1 || l.type_id === 3, sort),
      );
      expect(await ids(`min_price=3&max_price=40&sort=${sort}`), `price ${sort}`).toEqual(
        expected((l) => l.price >= 3 && l.price <= 40, sort),
      );
      expect(await ids(`within_miles=10&sort=${sort}`), `distance ${sort}`).toEqual(
        expected((l) => l.miles !== null && l.miles <= 10, sort),
      );
      expect(
        await ids(`q=tomatoes&type_id=1&max_price=10&within_miles=25&category_id=1&sort=${sort}`),
        `all ${sort}`,
      ).toEqual(
        expected(
          (l) =>
            l.tomato !== null &&
            l.type_id === 1 &&
            l.price <= 10 &&
            l.category_id === 1 &&
            l.miles !== null &&
            l.miles <= 25,
          sort,
        ),
      );
    }
  });

  it('answers the same when a search walks only a few of the newest listings and gathers the older ones', async () => {
    await withPlanBounds({ recentLeast: 3, recentPerRow: 1 }, async () => {
      const tomato = (l: Known) => l.tomato !== null;
      expect(await ids('q=tomato&sort=newest')).toEqual(expected(tomato, 'newest'));
      expect(await ids('q=tomato')).toEqual([
        ...expected((l) => l.tomato === 't', 'newest'),
        ...expected((l) => l.tomato === 'd', 'newest'),
      ]);
      expect(await ids('q=tomatoes&type_id=1&within_miles=25&sort=newest')).toEqual(
        expected((l) => tomato(l) && l.type_id === 1 && l.miles !== null && l.miles <= 25, 'newest'),
      );
      expect(await ids('friends=true&q=tom&sort=newest')).toEqual(
        known
          .filter((l) => l.title === 'Tomato starts' || l.title === 'Reserved tomatoes')
          .sort(byIdDesc)
          .map((l) => l.id),
      );
    });
  });

  it('answers the same when a crowded circle is walked in the page order instead of gathered from its owners', async () => {
    await withPlanBounds({ circleGather: 0 }, async () => {
      for (const sort of ['newest', 'oldest', 'lowest', 'highest']) {
        expect(await ids(`within_miles=10&sort=${sort}`), sort).toEqual(
          expected((l) => l.miles !== null && l.miles <= 10, sort),
        );
        expect(await ids(`q=tomato&within_miles=25&sort=${sort}`), `q ${sort}`).toEqual(
          expected((l) => l.tomato !== null && l.miles !== null && l.miles <= 25, sort),
        );
      }
    });
  });

  it('answers the same when nearest halves every ring that holds more than one listing', async () => {
    // No search counts as few enough to gather: each ring checks its rows for the words.
    await withPlanBounds({ ringRows: 1, nearestGather: 0 }, async () => {
      const located = (l: Known) => l.miles !== null;
      expect(await ids('sort=nearest')).toEqual(expected(() => true, 'nearest'));
      expect(await ids('q=tomato&sort=nearest')).toEqual(expected((l) => l.tomato !== null, 'nearest'));
      expect(await ids('within_miles=25&sort=nearest')).toEqual(
        expected((l) => located(l) && l.miles! <= 25, 'nearest'),
      );
      expect(await ids('q=tomatoes&within_miles=100&sort=nearest')).toEqual(
        expected((l) => l.tomato !== null && located(l) && l.miles! <= 100, 'nearest'),
      );
    });
  });

  it('answers the same when nearest reads each crowded ring of a few owners owner by owner', async () => {
    // Every ring holding more than one listing counts as crowded; one of at most three owners is
    // read from its owners' own lists (members at the same postcode tie, as at home here).
    await withPlanBounds({ ringRows: 1, ringOwners: 3, nearestGather: 0 }, async () => {
      const located = (l: Known) => l.miles !== null;
      expect(await ids('sort=nearest')).toEqual(expected(() => true, 'nearest'));
      expect(await ids('q=tomato&sort=nearest')).toEqual(expected((l) => l.tomato !== null, 'nearest'));
      expect(await ids('category_id=1&sort=nearest')).toEqual(expected((l) => l.category_id === 1, 'nearest'));
      expect(await ids('within_miles=25&sort=nearest')).toEqual(
        expected((l) => located(l) && l.miles! <= 25, 'nearest'),
      );
      expect(await ids('type_id=1&within_miles=100&sort=nearest')).toEqual(
        expected((l) => l.type_id === 1 && located(l) && l.miles! <= 100, 'nearest'),
      );
      expect(await ids('friends=true&sort=nearest')).toEqual(
        known
          .filter((l) => l.title === 'Tomato starts' || l.title === 'Reserved tomatoes')
          .sort(orders.nearest)
          .map((l) => l.id),
      );
    });
  });

  it('answers the same when every box is wide enough to be planned for its values', async () => {
    await withPlanBounds({ samePlanDegrees: 0, circleGather: 1_000 }, async () => {
      const located = (l: Known) => l.miles !== null;
      expect(await ids('sort=nearest')).toEqual(expected(() => true, 'nearest'));
      expect(await ids('within_miles=100&sort=nearest')).toEqual(
        expected((l) => located(l) && l.miles! <= 100, 'nearest'),
      );
      for (const sort of ['newest', 'lowest']) {
        expect(await ids(`within_miles=25&sort=${sort}`), sort).toEqual(
          expected((l) => located(l) && l.miles! <= 25, sort),
        );
      }
    });
  });

  it.runIf(dialect === 'postgres')(
    'runs a narrow ring prepared on its connection, and plans a wide one or a search by nearness for its values',
    async () => {
      await ctx.db.transaction().execute(async (trx) => {
        /** The ring statements a read ran prepared. */
        const ranPrepared = async (query: string) => (await readPrepared(trx, '%"nearness"%', query)).ran;
        expect(await ranPrepared('sort=nearest&category_id=1')).not.toEqual([]);
        expect(await ranPrepared('q=tomato&sort=nearest&category_id=1')).toEqual([]);
        await withPlanBounds({ samePlanDegrees: 0 }, async () => {
          expect(await ranPrepared('sort=nearest&category_id=1')).toEqual([]);
        });
      });
    },
  );

  it.runIf(dialect === 'postgres')(
    "runs a search's window of the newest listings prepared, parsing its words once, and plans the older matches for their values",
    async () => {
      await ctx.db.transaction().execute(async (trx) => {
        const read = (query: string) => readPrepared(trx, '%to_tsquery%', query);
        // A window of every listing: the older matches, past it, are read too (and not prepared).
        await withPlanBounds({ recentLeast: 3, recentPerRow: 0 }, async () => {
          const inTitleFirst = [
            ...expected((l) => l.tomato === 't', 'newest'),
            ...expected((l) => l.tomato === 'd', 'newest'),
          ];
          for (const sort of ['relevance', 'newest']) {
            const { ids, ran } = await read(`q=tomato&sort=${sort}&limit=50`);
            expect(ids, sort).toEqual(
              sort === 'relevance' ? inTitleFirst : expected((l) => l.tomato !== null, 'newest'),
            );
            expect(ran.length, sort).toBeGreaterThan(0);
            for (const statement of ran) expect(statement).toContain("(select to_tsquery('english', $");
          }
        });
        // The same read again runs the same statements: one prepared statement per window shape.
        const again = await read('q=tomato&sort=newest&limit=50');
        expect(again.ran).toHaveLength(1);
      });
    },
  );

  it('counts how common a search is once, then remembers it for the next pages and searches', async () => {
    /** The counts one read runs (a lone row of `n`): a search few listings match gathers them, counting nothing else. */
    const counts = async (query: string, planner: ListPlanner) => {
      let counted = 0;
      const counting: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          const [row, ...more] = args.result.rows as Record<string, unknown>[];
          if (row && more.length === 0 && Object.keys(row).join() === 'n') counted += 1;
          return args.result;
        },
      };
      const parsed = ListingsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const page = await listListings(ctx.db.withPlugin(counting), viewer.id, parsed, (path) => path, { planner });
      return { counted, ids: page.listings.map((l) => l.id) };
    };
    const planner = new (ctx.app.listReads.planner.constructor as new () => ListPlanner)();
    const first = await counts('sort=nearest&q=tomato&limit=50', planner);
    expect(first.counted).toBe(1);
    const again = await counts('sort=nearest&q=tomato&limit=50', planner);
    expect(again).toEqual({ counted: 0, ids: first.ids });
    // Another search is counted for itself.
    expect((await counts('sort=nearest&q=basil&limit=50', planner)).counted).toBe(1);
  });

  it("reads a filtered nearest page in a few widening rings, and one member's list newest first", async () => {
    /** The statements one read of a page runs, and its listings' ids. */
    const read = async (query: string) => {
      let statements = 0;
      const counting: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => ((statements += 1), args.result),
      };
      const parsed = ListingsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const page = await listListings(ctx.db.withPlugin(counting), viewer.id, parsed, (path) => path, {
        planner: ctx.app.listReads.planner,
      });
      return { statements, ids: page.listings.map((l) => l.id) };
    };
    // Rings that may hold one listing each: sized by every listing their owners hold, a filter
    // that no listing meets was counted ring by ring around each owner, out to the last.
    await withPlanBounds({ ringRows: 1, ringPages: 1 }, async () => {
      // Only the furthest located listing asks that much.
      const far = await read('sort=nearest&min_price=100&limit=50');
      expect(far.ids).toEqual(expected((l) => l.price >= 100, 'nearest'));
      // The coordinates, whether anything meets the filter, 18 rings from a quarter mile doubling
      // out to the globe's width (the owners of each, counted where there are any, the listing's
      // also read), the unlocated, the rows.
      expect(far.statements).toBeLessThanOrEqual(30);
      // Nothing asks that much anywhere: answered without a ring.
      const none = await read('sort=nearest&min_price=1000&limit=50');
      expect(none.ids).toEqual([]);
      expect(none.statements).toBeLessThanOrEqual(2);
      const seeds = await read('sort=nearest&category_id=2&limit=50');
      expect(seeds.ids).toEqual(expected((l) => l.category_id === 2, 'nearest'));
    });
    // One member's listings are all as near: their nearest first is their newest first, read at once.
    const cherries = known.find((l) => l.title === 'Cherry tomatoes')!;
    const { owner_id } = await ctx.db
      .selectFrom('listings')
      .select('owner_id')
      .where('id', '=', cherries.id)
      .executeTakeFirstOrThrow();
    const theirs = new Set(
      (await ctx.db.selectFrom('listings').select('id').where('owner_id', '=', owner_id).execute()).map((r) => r.id),
    );
    const own = await read(`sort=nearest&user_id=${owner_id}&limit=50`);
    expect(own.ids).toEqual(expected((l) => theirs.has(l.id), 'nearest'));
    expect(own.ids.length).toBeGreaterThan(1);
    // The viewer's coordinates, the page's ids, their rows.
    expect(own.statements).toBeLessThanOrEqual(3);
    // A nearest cursor of that list, from when it was read in rings, still pages on.
    const ringCursor = btoa(`n0.0001_${own.ids[0]}_5`).replace(/=+$/, '');
    const after = await ctx.inject({
      method: 'GET',
      url: `/api/listings/?sort=nearest&user_id=${owner_id}&cursor=${ringCursor}`,
      as: viewer,
    });
    expect(after.statusCode, after.body).toBe(200);
    expect((after.json() as Answer[]).map((l) => l.id)).toEqual(own.ids.slice(1));
  });

  it('answers the same when a common search is walked in price order instead of sorted', async () => {
    await withPlanBounds({ priceWalk: 0 }, async () => {
      for (const sort of ['lowest', 'highest']) {
        expect(await ids(`q=tomato&sort=${sort}`), sort).toEqual(expected((l) => l.tomato !== null, sort));
        expect(await ids(`q=tom&type_id=1&min_price=4&sort=${sort}`), `filtered ${sort}`).toEqual(
          expected((l) => l.tomato !== null && l.type_id === 1 && l.price >= 4, sort),
        );
      }
    });
  });

  it('pages nearest by nearness and listing, so a listing posted meanwhile neither repeats nor skips one', async () => {
    const first = await ctx.inject({ method: 'GET', url: '/api/listings/?sort=nearest&limit=3', as: viewer });
    const next = nextLink(first.headers.link)!;
    // Asked again, the same page answers the same, its cursor included.
    const again = await ctx.inject({ method: 'GET', url: '/api/listings/?sort=nearest&limit=3', as: viewer });
    expect([again.json(), again.headers.link]).toEqual([first.json(), first.headers.link]);
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const decoded = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    // Nearness, listing, and the width of the ring that ended the page (where the next one starts reading).
    expect(decoded).toMatch(/^n[0-9.e-]+_\d+_[0-9.e-]+$/);
    // Posted next door after the first page: nearer than everything the next pages hold.
    const neighbour = await member(HOME);
    const fresh = await createListing(ctx, neighbour, { title: 'Posted meanwhile' });
    const rest: number[] = [];
    let url: string | undefined = next;
    while (url) {
      const res = await ctx.inject({ method: 'GET', url, as: viewer });
      rest.push(...(res.json() as Answer[]).map((l) => l.id));
      url = nextLink(res.headers.link);
    }
    const ids = [...(first.json() as Answer[]).map((l) => l.id), ...rest];
    expect(ids).toEqual(expected(() => true, 'nearest'));
    expect(ids).not.toContain(fresh.id);
    await ctx.db.deleteFrom('listings').where('id', '=', fresh.id).execute();

    // The width is only a hint: without it (a cursor from before), or far off, the next page is the same.
    const [, nearness, id] = /^n([0-9.e-]+)_(\d+)_/.exec(decoded)!;
    const second = (await ctx.inject({ method: 'GET', url: next, as: viewer })).json() as Answer[];
    for (const hint of ['', '_0.00001', '_5000']) {
      const old = btoa(`n${nearness}_${id}${hint}`).replace(/=+$/, '');
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/listings/?sort=nearest&limit=3&cursor=${old}`,
        as: viewer,
      });
      expect((res.json() as Answer[]).map((l) => l.id)).toEqual(second.map((l) => l.id));
    }
    for (const bad of ['_0', '_-1', '_x']) {
      const old = btoa(`n${nearness}_${id}${bad}`).replace(/=+$/, '');
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/?sort=nearest&cursor=${old}`, as: viewer });
      expect(res.statusCode).toBe(422);
    }

    // An offset cursor for nearest, from before, asks to reload the list.
    const offset = btoa('o3').replace(/=+$/, '');
    const old = await ctx.inject({ method: 'GET', url: `/api/listings/?sort=nearest&cursor=${offset}`, as: viewer });
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ errors: [{ field: 'cursor', message: LISTING_TEXTS.cursorInvalid }] });
  });

  it('combines the filters with the tabs', async () => {
    expect(await ids('public=true&q=tomato&sort=lowest')).toEqual(
      expected((l) => l.tomato !== null && !l.title.startsWith('Tomato starts'), 'lowest'),
    );
    const friends = await ids('friends=true&q=tom');
    expect(friends.sort()).toEqual(
      known
        .filter((l) => l.title === 'Tomato starts' || l.title === 'Reserved tomatoes')
        .map((l) => l.id)
        .sort(),
    );
    expect(await ids('within_miles=5&category_id=2&sort=oldest')).toEqual(
      expected((l) => l.miles !== null && l.miles <= 5 && l.category_id === 2, 'oldest'),
    );
  });

  it('defaults to relevance with q and ranks a title match above a description match', async () => {
    const found = await ids('q=tomato');
    expect([...found].sort()).toEqual(expected((l) => l.tomato !== null, 'newest').sort());
    const zucchini = known.find((l) => l.tomato === 'd')!.id;
    expect(found.at(-1)).toBe(zucchini);
    expect(await ids('q=tomato&sort=relevance')).toEqual(await ids('q=tomato'));
  });

  it('matches the last word as a prefix and every word', async () => {
    expect(await ids('q=tom&sort=newest')).toEqual(expected((l) => l.tomato !== null, 'newest'));
    expect(await ids('q=heirloom%20tom&sort=newest')).toEqual(
      expected((l) => l.title === 'Heirloom tomato seeds', 'newest'),
    );
    expect(await ids('q=cucumber')).toEqual([]);
  });

  it('treats quotes and search operators in q as plain text', async () => {
    for (const q of ['"tomato', 'tomato OR (', 'NEAR(*', "tomato's", '-:*&|!', 'title:tomato']) {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/?q=${encodeURIComponent(q)}`, as: viewer });
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('answers distance_miles from the postcodes and never coordinates', async () => {
    const found = await all('sort=nearest');
    for (const listing of found) {
      const k = known.find((l) => l.id === listing.id)!;
      expect(listing.distance_miles).toBe(k.miles === null ? null : Math.round(k.miles * 10) / 10);
      expect(JSON.stringify(listing)).not.toMatch(/latitude|longitude|address/);
    }
    const soma = found.find((l) => known.find((k) => k.id === l.id)!.title === 'Cherry tomatoes')!;
    expect(soma.distance_miles).toBeGreaterThan(0.5);
    expect(soma.distance_miles).toBeLessThan(3);
    const detail = await ctx.inject({ method: 'GET', url: `/api/listings/${soma.id}`, as: viewer });
    expect(detail.json().distance_miles).toBe(soma.distance_miles);
    // A viewer without a postcode sees no distance anywhere.
    const fromNowhere = await all('public=true', nowhere);
    expect(fromNowhere.length).toBeGreaterThan(0);
    expect(fromNowhere.every((l) => l.distance_miles === null)).toBe(true);
  });

  it('answers 422 for within_miles without a known postcode, and nearest falls back to newest', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/listings/?within_miles=10', as: nowhere });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ field: 'within_miles', message: LISTING_TEXTS.locationNeeded }] });
    expect(await ids('public=true&sort=nearest', nowhere)).toEqual(await ids('public=true&sort=newest', nowhere));
  });

  it('keeps a friends-only listing out of a stranger search', async () => {
    const starts = known.find((l) => l.title === 'Tomato starts')!.id;
    expect(await ids('q=tomato&sort=newest')).toContain(starts);
    for (const query of ['q=tomato', 'q=starts', 'public=true&q=tomato', 'friends=true&q=tomato', 'within_miles=1']) {
      expect(await ids(query, stranger), query).not.toContain(starts);
    }
  });

  it('keeps gone and paused listings out of search but on the owner list', async () => {
    const traded = known.find((l) => l.title === 'Traded tomato')!;
    const paused = known.find((l) => l.title === 'Paused tomato')!;
    expect(await ids('q=tomato&sort=newest')).not.toContain(traded.id);
    expect(await ids('q=tomato&sort=newest')).not.toContain(paused.id);
  });

  it('validates the filters', async () => {
    const bad = [
      ['type_id=9', 'type_id'],
      ['category_id=7', 'category_id'],
      ['min_price=-1', 'min_price'],
      ['max_price=2.5', 'max_price'],
      ['min_price=20&max_price=10', 'max_price'],
      ['within_miles=0', 'within_miles'],
      ['sort=cheapest', 'sort'],
    ];
    for (const [query, field] of bad) {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/?${query}`, as: viewer });
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json().errors), query).toContain(field);
    }
    // A cursor from one order does not fit another.
    const first = await ctx.inject({ method: 'GET', url: '/api/listings/?limit=1&sort=lowest', as: viewer });
    const cursor = new URL(nextLink(first.headers.link)!, 'http://x').searchParams.get('cursor');
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/listings/?limit=1&sort=newest&cursor=${cursor}`,
      as: viewer,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('postcode coordinates', () => {
  it('stores coordinates for a known ZIP and clears them for an unknown one', async () => {
    const user = await member(null);
    const save = (postcode: string) =>
      ctx.inject({
        method: 'POST',
        url: '/api/auth/upload-profile-image',
        as: user,
        payload: { city: 'San Francisco', state: 'CA', postcode },
      });
    expect((await save('94103')).statusCode).toBe(200);
    const stored = () =>
      ctx.db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const row = await stored();
    expect(Number(row.latitude)).toBeCloseTo(37.77, 1);
    expect(Number(row.longitude)).toBeCloseTo(-122.41, 1);
    const profile = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user });
    expect(profile.body).not.toMatch(/latitude|longitude/);
    expect((await save('99999')).statusCode).toBe(200);
    expect(await stored()).toEqual({ latitude: null, longitude: null });
  });
});
