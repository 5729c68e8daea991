import { type Coordinates, boundingBox, haversineMiles } from '../../lib/geo.js';
import type { WordRule } from '../../lib/word-rule.js';
import { itemWords } from '../notifications/matcher.js';

/** A new public listing as a digest shows it, placed at its owner's postcode centre. */
export interface RecentListing {
  id: number;
  owner_id: number;
  title: string;
  category_id: number;
  type_id: number;
  price: number;
  thumbnail: string | null;
  is_public: number;
  is_active: number;
  /** Epoch ms. */
  created: number;
  latitude: number;
  longitude: number;
}

/** One grid cell's listings, each list newest first: by category, by each word of their titles, and by their set of words. */
interface Cell {
  south: number;
  west: number;
  byCategory: Map<number, RecentListing[]>;
  byWord: Map<string, RecentListing[]>;
  byWords: Map<string, RecentListing[]>;
}

/** What is near a member: per category, how many and the newest few. */
export interface NearbyCount {
  category_id: number;
  total: number;
  newest: RecentListing[];
}

/** A grid cell's side in degrees: about 7 miles of latitude, so a 25-mile circle is some 60 cells. */
const CELL = 0.1;
const cellOf = (degrees: number) => Math.floor(degrees / CELL);
const cellKey = (lat: number, lon: number) => `${lat}:${lon}`;
const wordsKey = (words: Iterable<string>) => [...words].sort().join(' ');
const newestFirst = (a: RecentListing, b: RecentListing) => b.created - a.created || b.id - a.id;
const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);

/** How many of a newest-first list were listed since `since`. */
function countSince(list: RecentListing[], since: number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]!.created >= since) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The non-empty proper subsets of a want's few words (the first eight are enough). */
function properSubsets(words: string[]): string[][] {
  const kept = words.slice(0, 8);
  const out: string[][] = [];
  for (let mask = 1; mask < (1 << kept.length) - 1; mask++) out.push(kept.filter((_, i) => mask & (1 << i)));
  return out;
}

/**
 * The week's new public listings, held once per sweep for every member it serves: in grid cells by
 * their owner's postcode centre, each list newest first. A member's digest reads only the cells
 * around them and stops in each at their last digest; a cell wholly inside their circle is counted
 * without reading it. So its cost follows the cells near them, not the town.
 */
export class NearbyListings {
  private readonly cells = new Map<string, Cell>();
  private readonly byOwner = new Map<number, RecentListing[]>();
  private readonly words = new Map<number, Set<string>>();

  constructor(
    listings: Iterable<RecentListing>,
    private readonly rule: WordRule,
  ) {
    for (const listing of listings) {
      const [lat, lon] = [cellOf(listing.latitude), cellOf(listing.longitude)];
      const key = cellKey(lat, lon);
      let cell = this.cells.get(key);
      if (!cell)
        this.cells.set(
          key,
          (cell = {
            south: lat * CELL,
            west: lon * CELL,
            byCategory: new Map(),
            byWord: new Map(),
            byWords: new Map(),
          }),
        );
      push(cell.byCategory, listing.category_id, listing);
      push(this.byOwner, listing.owner_id, listing);
      const words = itemWords(listing.title, this.rule);
      this.words.set(listing.id, words);
      for (const word of words) push(cell.byWord, word, listing);
      if (words.size) push(cell.byWords, wordsKey(words), listing);
    }
    for (const cell of this.cells.values())
      for (const lists of [cell.byCategory, cell.byWord, cell.byWords])
        for (const list of lists.values()) list.sort(newestFirst);
  }

  private *cellsAround(centre: Coordinates, miles: number): Generator<Cell> {
    const box = boundingBox(centre, miles);
    for (let lat = cellOf(box.minLatitude); lat <= cellOf(box.maxLatitude); lat++)
      for (let lon = cellOf(box.minLongitude); lon <= cellOf(box.maxLongitude); lon++) {
        const cell = this.cells.get(cellKey(lat, lon));
        if (cell) yield cell;
      }
  }

  private static inside(cell: Cell, centre: Coordinates, miles: number) {
    return [cell.south, cell.south + CELL].every((latitude) =>
      [cell.west, cell.west + CELL].every((longitude) => haversineMiles(centre, { latitude, longitude }) <= miles),
    );
  }

  /**
   * Per category, how many were listed within `miles` of `centre` since `since`, and the newest
   * `shown` of them, leaving out those of `excluded` owners (the member's own, members blocked
   * either way).
   */
  countNear(centre: Coordinates, miles: number, since: number, shown: number, excluded: Set<number>): NearbyCount[] {
    const counts = new Map<number, NearbyCount>();
    const near = (l: RecentListing) => l.created >= since && haversineMiles(centre, l) <= miles;
    for (const cell of this.cellsAround(centre, miles)) {
      const whole = NearbyListings.inside(cell, centre, miles);
      for (const [category, list] of cell.byCategory) {
        const count =
          counts.get(category) ?? counts.set(category, { category_id: category, total: 0, newest: [] }).get(category)!;
        let taken = 0;
        for (const listing of list) {
          if (listing.created < since || (whole && taken >= shown)) break;
          if (!whole && haversineMiles(centre, listing) > miles) continue;
          if (!whole) count.total += 1;
          if (taken < shown && !excluded.has(listing.owner_id)) {
            count.newest.push(listing);
            taken += 1;
          }
        }
        if (whole) count.total += countSince(list, since);
      }
    }
    for (const owner of excluded)
      for (const listing of this.byOwner.get(owner) ?? [])
        if (near(listing)) counts.get(listing.category_id)!.total -= 1;
    return [...counts.values()]
      .filter((c) => c.total > 0)
      .map((c) => ({ ...c, newest: c.newest.sort(newestFirst).slice(0, shown) }));
  }

  /**
   * Those within `miles` of `centre` listed since `since` whose titles match `want` as the wish-list
   * matcher has it (every word of one in the other): the ones holding all its words, read from the
   * cell's list of its rarest word, and the ones whose words all are in it, read by their word set.
   */
  *matching(want: string, centre: Coordinates, miles: number, since: number): Generator<RecentListing> {
    const words = [...itemWords(want, this.rule)];
    if (!words.length) return;
    const near = (l: RecentListing) => l.created >= since && haversineMiles(centre, l) <= miles;
    for (const cell of this.cellsAround(centre, miles)) {
      const rarest = words.map((w) => cell.byWord.get(w) ?? []).reduce((a, b) => (b.length < a.length ? b : a));
      for (const listing of rarest) {
        if (listing.created < since) break;
        const have = this.words.get(listing.id)!;
        if (words.every((w) => have.has(w)) && near(listing)) yield listing;
      }
      for (const subset of properSubsets(words))
        for (const listing of cell.byWords.get(wordsKey(subset)) ?? []) {
          if (listing.created < since) break;
          if (near(listing)) yield listing;
        }
    }
  }
}
