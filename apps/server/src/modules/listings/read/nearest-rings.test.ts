import { describe, expect, it } from 'vitest';
import { squaredRadius } from '../../../lib/geo.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { type Ring, type RingSearch, type Rings, nearestPage } from './nearest-rings.js';
import type { IdRow, Stream } from './row-stream.js';

/** A listing of the fake marketplace: its owner's distance from the viewer, null when unknown. */
interface Placed {
  id: number;
  miles: number | null;
}

/** Rows ordered as the database orders a ring: nearness, then newest. */
const byNearness = (a: IdRow, b: IdRow) => a.nearness! - b.nearness! || b.id - a.id;

const streamOf = (rows: IdRow[]): Stream => ({
  count: async (cap) => Math.min(rows.length, cap),
  rows: async (offset, limit) => rows.slice(offset, offset + limit),
});

/**
 * The rings of `listings` as the SQL of list-read.ts reads them, from an array, counting each
 * statement it would run: a ring holds the listings within its outer circle from where it starts.
 */
function ringsOver(listings: Placed[], bounds: Rings['bounds'], search?: RingSearch) {
  let statements = 0;
  const located = listings
    .filter((l) => l.miles !== null)
    .map((l) => ({ id: l.id, price: 0, nearness: squaredRadius(l.miles!) }));
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
    rows: (offset, limit) => ((statements += 1), stream.rows(offset, limit)),
  });
  const rings: Rings = {
    search,
    bounds,
    ring: (ring) => counted(streamOf(inRing(ring, false))),
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
  return { rings, statements: () => statements };
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
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    miles: random() < 0.08 ? null : random() < 0.5 ? places[Math.floor(random() * places.length)]! : random() * 200,
  }));
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
  for (const search of [undefined, 'gathers', 'eachRow'] as const) {
    it(`pages through every listing in order of nearness, then newest (${search ?? 'no search'})`, async () => {
      for (const seed of [1, 2, 3]) {
        const listings = marketplace(seed, 300);
        for (const bounds of [
          { ringRows: 2_000, ringPages: 4 },
          { ringRows: 3, ringPages: 1 },
        ]) {
          for (const take of [1, 7, 50]) {
            const { rings } = ringsOver(listings, bounds, search);
            expect(await allPages(rings, take), `seed ${seed} take ${take}`).toEqual(expected(listings));
          }
        }
      }
    });
  }

  it('keeps within a circle and leaves out the listings without a postcode', async () => {
    const listings = marketplace(4, 200);
    for (const miles of [0.1, 25, 150]) {
      const { rings } = ringsOver(listings, { ringRows: 5, ringPages: 1 });
      expect(await allPages(rings, 4, miles), `${miles} miles`).toEqual(expected(listings, miles));
    }
  });

  it('never splits listings at the same distance between two pages or two rings', async () => {
    // Forty listings of one owner and one far away: every ring boundary falls on a tie.
    const listings: Placed[] = [
      ...Array.from({ length: 40 }, (_, i) => ({ id: i + 1, miles: 3 })),
      { id: 41, miles: 900 },
    ];
    const { rings } = ringsOver(listings, { ringRows: 2, ringPages: 1 });
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
