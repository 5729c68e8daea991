import { describe, expect, it } from 'vitest';
import { squaredRadius } from '../../../lib/geo.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { type Ring, type RingSearch, type Rings, byNearness, nearestPage } from './nearest-rings.js';
import type { IdRow, Stream } from './row-stream.js';

/** A listing of the fake marketplace: its owner, and the owner's distance from the viewer (null when unknown). */
interface Placed {
  id: number;
  miles: number | null;
  owner?: number;
}

const streamOf = (rows: IdRow[]): Stream => ({
  count: async (cap) => Math.min(rows.length, cap),
  rows: async (offset, limit) => rows.slice(offset, offset + limit),
  // Any order: the database's is whatever its plan gives.
  unordered: async (limit) => [...rows].reverse().slice(0, limit),
});

/**
 * The rings of `listings` as the SQL of list-read.ts reads them, from an array, counting each
 * statement it would run: a ring holds the listings within its outer circle from where it starts.
 */
function ringsOver(
  listings: Placed[],
  bounds: Rings['bounds'],
  search?: RingSearch,
  byOwner = true,
  readsWhole = false,
) {
  let statements = 0;
  let rowsRead = 0;
  const located = listings
    .filter((l) => l.miles !== null)
    .map((l) => ({ id: l.id, price: 0, nearness: squaredRadius(l.miles!), owner: l.owner ?? -l.id }));
  const inRing = ({ outer, start }: Ring, counting: boolean) =>
    located
      .filter((row) => row.nearness <= squaredRadius(outer))
      .filter((row) => {
        if (!start) return true;
        if (start.afterId === undefined) return row.nearness > start.radius2;
        if (counting) return row.nearness >= start.radius2;
        return row.nearness > start.radius2 || (row.nearness === start.radius2 && row.id < start.afterId);
      })
      .sort(byNearness);
  const counted = (stream: Stream): Stream => ({
    count: (cap) => ((statements += 1), stream.count(cap)),
    unordered: async (limit) => {
      statements += 1;
      const rows = await stream.unordered!(limit);
      rowsRead += rows.length;
      return rows;
    },
    rows: async (offset, limit) => {
      statements += 1;
      const rows = await stream.rows(offset, limit);
      rowsRead += rows.length;
      return rows;
    },
  });
  const withoutOwner = ({ owner: _, ...row }: IdRow & { owner: number }): IdRow => row;
  const rings: Rings = {
    search,
    readsWhole,
    bounds,
    ring: (ring) => counted(streamOf(inRing(ring, false).map(withoutOwner))),
    ...(byOwner && {
      owners: async (ring, cap, heldCap) => {
        statements += 1;
        const owners = new Map(inRing(ring, true).map((row) => [row.owner, row.nearness]));
        const held = (owner: number) => Math.min(located.filter((row) => row.owner === owner).length, heldCap);
        return [...owners]
          .map(([id, nearness]) => ({ id, nearness, held: held(id) }))
          .sort((a, b) => a.nearness - b.nearness || a.id - b.id)
          .slice(0, cap);
      },
      ownerListings: (owner, beforeId) =>
        counted(
          streamOf(
            located
              .filter((row) => row.owner === owner && (beforeId === undefined || row.id < beforeId))
              .sort((a, b) => b.id - a.id)
              .map(({ id, price }) => ({ id, price })),
          ),
        ),
    }),
    held: async (ring, cap) => ((statements += 1), Math.min(inRing(ring, true).length, cap)),
    unlocated: (beforeId) =>
      counted(
        streamOf(
          listings
            .filter((l) => l.miles === null && (beforeId === undefined || l.id < beforeId))
            .map((l) => ({ id: l.id, price: 0 }))
            .sort((a, b) => b.id - a.id),
        ),
      ),
  };
  return { rings, statements: () => statements, rowsRead: () => rowsRead };
}

/** Every page of `nearest`, following each page's cursor as list-listings.ts does. */
async function allPages(rings: Rings, take: number, withinMiles?: number) {
  const seen: number[] = [];
  let after: { nearness?: number; id: number; width?: number } | undefined;
  for (let page = 0; page < 500; page++) {
    const rows = await nearestPage(rings, after, take + 1, withinMiles);
    const shown = rows.slice(0, take);
    seen.push(...shown.map((row) => row.id));
    const last = shown.at(-1);
    if (rows.length <= take || !last) return seen;
    after = { nearness: last.nearness, id: last.id, width: last.ringWidth };
  }
  throw new Error('more than 500 pages');
}

/** A marketplace of `count` listings in clusters (shared owners tie on distance) and a few without a postcode. */
function marketplace(seed: number, count: number): Placed[] {
  const random = seededRandom(seed);
  const places = Array.from({ length: 12 }, () => random() ** 3 * 3_000);
  // Two owners at each place, so owners tie on distance too.
  return Array.from({ length: count }, (_, i) => {
    if (random() < 0.08) return { id: i + 1, miles: null };
    if (random() < 0.5) {
      const place = Math.floor(random() * places.length);
      return { id: i + 1, miles: places[place]!, owner: place * 2 + (random() < 0.5 ? 0 : 1) };
    }
    return { id: i + 1, miles: random() * 200 };
  });
}

const expected = (listings: Placed[], withinMiles?: number) =>
  listings
    .filter((l) => (withinMiles === undefined ? true : l.miles !== null && l.miles <= withinMiles))
    .sort(
      (a, b) =>
        (a.miles === null ? 1 : 0) - (b.miles === null ? 1 : 0) || (a.miles ?? 0) - (b.miles ?? 0) || b.id - a.id,
    )
    .map((l) => l.id);

describe('nearest first, read in rings', () => {
  for (const [search, readsWhole] of [
    [undefined, false],
    ['gathers', false],
    ['eachRow', false],
    ['eachRow', true],
  ] as const) {
    for (const byOwner of [true, false]) {
      const how = `${search ?? 'no search'}${readsWhole ? ' read whole' : ''}, ${byOwner ? 'crowded rings of few owners read owner by owner' : 'rings only'}`;
      it(`pages through every listing in order of nearness, then newest (${how})`, async () => {
        for (const seed of [1, 2, 3]) {
          const listings = marketplace(seed, 300);
          for (const bounds of [
            { ringRows: 2_000, ringPages: 4, ringOwners: 8 },
            { ringRows: 3, ringPages: 1, ringOwners: 2 },
          ]) {
            for (const take of [1, 7, 50]) {
              const { rings } = ringsOver(listings, bounds, search, byOwner, readsWhole);
              expect(await allPages(rings, take), `seed ${seed} take ${take}`).toEqual(expected(listings));
            }
          }
        }
      });
    }
  }

  it('reads a ring crowded by a few prolific owners no further than the page, whatever they hold', async () => {
    // A farm stand and a seed library a mile away with thousands of listings each, tied on
    // distance, and a neighbour nearer with a few.
    const listings: Placed[] = Array.from({ length: 6_000 }, (_, i) => ({
      id: i + 1,
      miles: i % 500 === 0 ? 0.2 : 1,
      owner: i % 500 === 0 ? 3 : 1 + (i % 2),
    }));
    const bounds = { ringRows: 2_000, ringPages: 4, ringOwners: 8 };
    const { rings, rowsRead } = ringsOver(listings, bounds);
    const page = await nearestPage(rings, undefined, 51);
    expect(page.map((row) => row.id)).toEqual(expected(listings).slice(0, 51));
    expect(rowsRead()).toBeLessThanOrEqual(3 * 51);
    // The next page, after a cursor inside the tie, reads as little.
    const last = page.at(-1)!;
    const before = rowsRead();
    const next = await nearestPage(rings, { nearness: last.nearness, id: last.id, width: last.ringWidth }, 51);
    expect(next.map((row) => row.id)).toEqual(expected(listings).slice(51, 102));
    expect(rowsRead() - before).toBeLessThanOrEqual(3 * 51);
    // Read as rings only, the same pages sort a whole ring of thousands.
    const only = ringsOver(listings, bounds, undefined, false);
    expect((await nearestPage(only.rings, undefined, 51)).map((row) => row.id)).toEqual(
      expected(listings).slice(0, 51),
    );
  });

  it('asks for a crowded ring’s owners once, though a search looks at them before and after counting it', async () => {
    // Many owners of a few listings each in one town far away: each crowded ring's owners are looked at
    // for prolific ones before it is read, and again for few owners once it turned out crowded.
    const listings: Placed[] = Array.from({ length: 3_000 }, (_, i) => ({
      id: i + 1,
      miles: 200 + (i % 300) / 10,
      owner: 1 + (i % 300),
    }));
    const { rings } = ringsOver(listings, { ringRows: 2_000, ringPages: 4, ringOwners: 8 }, 'eachRow', true, true);
    const asked: string[] = [];
    const owners = rings.owners!;
    rings.owners = (ring, cap, heldCap) => {
      asked.push(`${ring.inner} ${ring.outer} ${ring.start?.radius2} ${cap} ${heldCap}`);
      return owners(ring, cap, heldCap);
    };
    const page = await nearestPage(rings, undefined, 51);
    expect(page.map((row) => row.id)).toEqual(expected(listings).slice(0, 51));
    expect(asked.length).toBeGreaterThan(1);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('reads the nearest of many prolific owners owner by owner, then the rest of their ring', async () => {
    // Twenty community gardens far from the viewer, a mile apart, with two hundred listings each:
    // the first ring to reach them holds thousands, and no halving leaves at most eight owners
    // without counting it again and again.
    const listings: Placed[] = Array.from({ length: 4_000 }, (_, i) => ({
      id: i + 1,
      miles: 300 + (i % 20),
      owner: 1 + (i % 20),
    }));
    const bounds = { ringRows: 2_000, ringPages: 4, ringOwners: 8 };
    for (const search of ['eachRow', undefined] as const) {
      const { rings, statements } = ringsOver(listings, bounds, search);
      expect(await allPages(rings, 50), `${search}`).toEqual(expected(listings));
      const first = ringsOver(listings, bounds, search);
      expect((await nearestPage(first.rings, undefined, 51)).map((row) => row.id)).toEqual(
        expected(listings).slice(0, 51),
      );
      // Rings out to the gardens, one count, their owners, and the nearest garden's listings.
      expect(first.statements(), `${search}`).toBeLessThanOrEqual(16);
      expect(statements()).toBeGreaterThan(0);
      // The page after, starting among the gardens: their owners, then their listings, no count.
      const page = await nearestPage(first.rings, undefined, 51);
      const last = page.at(-2)!;
      const before = first.statements();
      const next = await nearestPage(first.rings, { nearness: last.nearness, id: last.id, width: last.ringWidth }, 51);
      expect(next.map((row) => row.id)).toEqual(expected(listings).slice(50, 101));
      if (search) expect(first.statements() - before).toBeLessThanOrEqual(2);
    }
  });

  it('keeps within a circle and leaves out the listings without a postcode', async () => {
    const listings = marketplace(4, 200);
    for (const miles of [0.1, 25, 150]) {
      const { rings } = ringsOver(listings, { ringRows: 5, ringPages: 1, ringOwners: 3 });
      expect(await allPages(rings, 4, miles), `${miles} miles`).toEqual(expected(listings, miles));
    }
  });

  it('never splits listings at the same distance between two pages or two rings', async () => {
    // Forty listings of one owner and one far away: every ring boundary falls on a tie.
    const listings: Placed[] = [
      ...Array.from({ length: 40 }, (_, i) => ({ id: i + 1, miles: 3, owner: 1 + (i % 2) })),
      { id: 41, miles: 900 },
    ];
    const { rings } = ringsOver(listings, { ringRows: 2, ringPages: 1, ringOwners: 2 });
    expect(await allPages(rings, 3)).toEqual(expected(listings));
  });

  it('remembers how wide a first ring fits the bound, and starts the next first page there', async () => {
    // A town: every listing within two miles of the viewer.
    const listings = marketplace(5, 400).map((l) => ({ ...l, miles: l.miles === null ? null : l.miles / 1_500 }));
    const { rings, statements } = ringsOver(listings, { ringRows: 40, ringPages: 4 });
    let remembered: number | undefined;
    rings.fitted = (width) => (remembered = width);
    const first = await nearestPage(rings, undefined, 11);
    expect(remembered).toBeGreaterThan(0);
    const coldStatements = statements();
    rings.firstWidth = remembered;
    expect((await nearestPage(rings, undefined, 11)).map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(statements() - coldStatements).toBeLessThanOrEqual(coldStatements);
  });
});
