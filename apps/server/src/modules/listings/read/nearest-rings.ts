// The order of `nearest` over row streams alone: no SQL here, so it is tested without a database.
import { MILES_PER_DEGREE_LATITUDE, squaredRadius } from '../../../lib/geo.js';
import type { IdRow, Stream } from './row-stream.js';

/** Rings of `nearest` start at least this wide (miles) and grow until they hold the whole globe. */
const FIRST_RING_MILES = 0.25;
const LAST_RING_MILES = 32_768;
/** A ring is never halved below this width (miles). */
const NARROWEST_RING_MILES = 1e-3;

/**
 * How wide the ring after one from `inner` of `width` miles, whose owners hold `held` listings,
 * is. Without a search a ring is sized on the indexes alone, so the next one reaches at most
 * twice as far, and no further than the last one's crowding says holds about half the `bound`
 * (a ring's listings grow with its area): in a town, the next ring is counted once instead of
 * being halved and counted again. With a search sizing a ring reads its listings, so the next
 * one is only twice as wide: a page deep in a crowded stretch keeps to narrow rings instead of
 * halving a wide one again, and an empty stretch is still crossed in a few.
 */
function nextRingWidth(search: RingSearch | undefined, inner: number, width: number, held: number, bound: number) {
  if (search) return Math.max(2 * width, NARROWEST_RING_MILES);
  const grown = Math.max(inner + width, FIRST_RING_MILES);
  if (held === 0) return grown;
  const outer = inner + width;
  const fits = Math.sqrt(outer ** 2 + ((outer ** 2 - inner ** 2) * bound) / (2 * held)) - outer;
  return Math.max(Math.min(grown, fits), NARROWEST_RING_MILES);
}

/** A ring width that about fits half the bound, from a first ring out to `outer` holding `held`. */
const fittingFirstRing = (outer: number, held: number, bound: number) => outer * Math.sqrt(bound / (2 * held));

/**
 * Where a ring of `nearest` starts: beyond `radius2` (squared degrees), and with `afterId` also
 * at `radius2` itself for listings older than that one (the page after a cursor).
 */
export interface RingStart {
  radius2: number;
  afterId?: number;
}

/** Rows in the order of a ring's read: nearness, then newest. */
export const byNearness = (a: IdRow, b: IdRow) => a.nearness! - b.nearness! || b.id - a.id;

/** A ring of `nearest`, between two distances in miles. */
export interface Ring {
  inner: number;
  outer: number;
  start?: RingStart;
}

/**
 * How a search or a filter meets a ring's listings. A search matching few listings `gathers`
 * them: its matches are read from the full-text index and sorted by nearness, in one ring out
 * to the last, whatever their owners hold (rings checking each row would read everything on the
 * way to the few). Otherwise both databases check `eachRow` of the ring for the words (SQLite
 * against each listing's stems), a filter or the friends tab, so tight rings are cheaper. The
 * ring is sized by what it shows, not by all its owners hold, and the next ring is twice as
 * wide: a filter that few listings meet crosses the map in a few rings (sized by all the
 * listings there, every ring stayed small, and a price no listing asks for was read ring after
 * ring across the whole map).
 */
export type RingSearch = 'gathers' | 'eachRow';

/**
 * An owner of a ring, how near (squared degrees, as the ring's rows carry it), and how many
 * listings of every kind they hold (counted no further than asked).
 */
export interface RingOwner {
  id: number;
  nearness: number;
  held: number;
}

/** The rings of `nearest`: the listings of a ring in order, and how many listings its owners hold. */
export interface Rings {
  ring(ring: Ring): Stream;
  /**
   * The ring's owners, nearest first, up to `cap` (each one's listings counted up to `heldCap`), with `ownerListings` (one owner's listings of
   * the list, newest first, older than `beforeId`): a crowded ring of few owners is read owner by
   * owner.
   */
  owners?(ring: Ring, cap: number, heldCap: number): Promise<RingOwner[]>;
  ownerListings?(ownerId: number, beforeId?: number): Stream;
  /** Every listing of the ring's owners, counted on the indexes alone (up to `cap`). */
  held(ring: Ring, cap: number): Promise<number>;
  /** The listings of owners without a known postcode, newest first (older than `beforeId`). */
  unlocated(beforeId?: number): Stream;
  /** How a search narrows the rings, if one does (the count on the indexes then says little of them). */
  search?: RingSearch;
  /**
   * A ring checked row by row is read in no order up to one row more than the bound, rather
   * than counted and then read (SQLite, whose plan of the read is fixed): a ring that is not
   * crowded is then read once.
   */
  readsWhole?: boolean;
  /** How wide the first ring of a first page starts, when known (`fitted` told it before). */
  firstWidth?: number;
  /** Hears how wide a first page's first ring would hold about half the bound. */
  fitted?(width: number): void;
  /**
   * A ring holding more than `ringPages` pages (at most `ringRows` rows) is halved first, unless
   * it has at most `ringOwners` owners: it is then read owner by owner.
   */
  bounds: { ringRows: number; ringPages: number; ringOwners?: number };
}

/**
 * A page in order of nearness (then newest), without sorting the table: the listings are read
 * in rings around the viewer, narrowest first, each ring driven from the owners in its box
 * (users_latitude) to their listings (listings_owner_id). A ring much wider than the page is
 * halved first, and reading stops when the page is full. Every ring holds whole distances (a tie
 * never straddles two), so the order is exactly nearness, then id descending. A page after a
 * cursor starts its first ring at the cursor's own nearness, as wide as the ring that ended the
 * page before (its `width`): a deep page in a crowded town then reads one ring of the right
 * width instead of halving a wide one again and again. Owners without a known postcode come
 * last, newest first.
 *
 * `withinMiles` ends the rings there instead, and leaves out owners without a postcode: the
 * rings then hold exactly the `within_miles` circle. (A second box on the same index would
 * leave SQLite free to read the wider one for every ring.)
 */
export async function nearestPage(
  rings: Rings,
  after: { nearness?: number; id: number; width?: number } | undefined,
  take: number,
  withinMiles?: number,
): Promise<IdRow[]> {
  const last = withinMiles ?? LAST_RING_MILES;
  if (after && after.nearness === undefined) {
    return withinMiles === undefined ? rings.unlocated(after.id).rows(0, take) : [];
  }
  const { ringRows, ringPages } = rings.bounds;
  const bound = Math.min(ringRows, ringPages * take);
  rings = askingOwnersOnce(rings);
  const from = after ? Math.sqrt(after.nearness!) * MILES_PER_DEGREE_LATITUDE : 0;
  const hint = after ? after.width : rings.firstWidth;
  const first =
    rings.search === 'gathers'
      ? LAST_RING_MILES
      : hint
        ? Math.min(Math.max(hint, NARROWEST_RING_MILES), LAST_RING_MILES)
        : rings.search
          ? FIRST_RING_MILES
          : Math.max(from, FIRST_RING_MILES);
  const queue: Ring[] = [
    {
      inner: from,
      outer: Math.max(from, Math.min(from + first, last)),
      start: after && { radius2: after.nearness!, afterId: after.id },
    },
  ];
  const rows: IdRow[] = [];
  /** The ring after the last one queued, once it is read: sized by how many listings it held. */
  const queueNext = (ring: Ring, held: number) => {
    if (queue.length > 0 || ring.outer >= last) return;
    const width = nextRingWidth(rings.search, ring.inner, ring.outer - ring.inner, held, bound);
    queue.push({
      inner: ring.outer,
      outer: Math.min(ring.outer + width, last),
      start: { radius2: squaredRadius(ring.outer) },
    });
  };
  while (queue.length > 0 && rows.length < take) {
    const ring = queue.shift()!;
    const stream = rings.ring(ring);
    if (rings.search === 'gathers') {
      const read = await stream.rows(0, take - rows.length);
      rows.push(...read.map((row) => ({ ...row, ringWidth: ring.outer - ring.inner })));
      queueNext(ring, read.length);
      continue;
    }
    // A search or a filter checks each row, so counting a ring crowded by a few prolific owners
    // reads their listings: its owners are looked at first, on the indexes (an empty ring is
    // then not counted at all).
    const prolific = rings.search ? await ownersToRead(rings, ring, bound, true) : undefined;
    // A search or a filter counts what the viewer sees of the ring first (PostgreSQL plans the
    // read of so crowded a ring badly); with `readsWhole` it reads up to one row more than the
    // bound in no order instead, which stops where the count would and, when the ring is not
    // crowded, holds its rows (sorted here). Without one, every listing of its owners is counted
    // on the indexes.
    const unordered =
      rings.search && rings.readsWhole && prolific === undefined && stream.unordered
        ? await stream.unordered(bound + 1)
        : undefined;
    const read = unordered && unordered.length <= bound ? unordered.sort(byNearness) : undefined;
    const held =
      prolific !== undefined
        ? 0
        : unordered
          ? unordered.length
          : rings.search
            ? await stream.count(bound + 1)
            : await rings.held(ring, bound + 1);
    const few = prolific ?? (held > bound ? await ownersToRead(rings, ring, bound) : undefined);
    if (few && few.owners.length > 0) {
      // Whole distances, nearest first, as a ring's read gives them; then the rest of the ring,
      // or the next ring as after any other.
      const wanted = take - rows.length;
      rows.push(
        ...(await ownerByOwner(rings, few.owners, ring, wanted)).map((row) => ({
          ...row,
          ringWidth: ring.outer - ring.inner,
        })),
      );
      if (few.restBeyond === undefined) queueNext(ring, held);
      else
        queue.unshift({
          inner: Math.sqrt(few.restBeyond) * MILES_PER_DEGREE_LATITUDE,
          outer: ring.outer,
          start: { radius2: few.restBeyond },
        });
      continue;
    }
    if (held > bound && ring.outer - ring.inner > NARROWEST_RING_MILES) {
      const mid = (ring.inner + ring.outer) / 2;
      queue.unshift(
        { inner: ring.inner, outer: mid, start: ring.start },
        { inner: mid, outer: ring.outer, start: { radius2: squaredRadius(mid) } },
      );
      continue;
    }
    // A first page remembers how wide its first ring should have been, unless it started from
    // what it remembered and that fitted. The fit assumes listings spread evenly, so a town may
    // take a few reads to settle; once it has, answers (their cursors, which carry the width)
    // stay the same.
    const hintFits = ring.outer === first && rings.firstWidth !== undefined && held >= bound / 8;
    if (!after && ring.inner === 0 && held > 0 && !rings.search && !hintFits)
      rings.fitted?.(fittingFirstRing(ring.outer, held, bound));
    queueNext(ring, held);
    const ringWidth = ring.outer - ring.inner;
    const wanted = take - rows.length;
    // What was read to size a ring holds it all, unless it is crowded (too narrow to halve).
    const ringRows = read ? read.slice(0, wanted) : held > 0 ? await stream.rows(0, wanted) : [];
    rows.push(...ringRows.map((row) => ({ ...row, ringWidth })));
  }
  if (rows.length >= take || withinMiles !== undefined) return rows;
  return [...rows, ...(await rings.unlocated().rows(0, take - rows.length))];
}

/** The rings, with a ring's owners asked of the database once however often a page looks at them. */
function askingOwnersOnce(rings: Rings): Rings {
  const { owners } = rings;
  if (!owners) return rings;
  const asked = new Map<string, Promise<RingOwner[]>>();
  return {
    ...rings,
    owners: (ring, cap, heldCap) => {
      const key = `${ring.inner} ${ring.outer} ${ring.start?.radius2} ${ring.start?.afterId} ${cap} ${heldCap}`;
      let answer = asked.get(key);
      if (!answer) asked.set(key, (answer = owners(ring, cap, heldCap)));
      return answer;
    },
  };
}

/**
 * Which owners of a crowded ring are read owner by owner: all of them when they are at most
 * `ringOwners`. Else the nearest, up to the first owner past `ringOwners`, when they hold at least
 * `bound` listings between them (a few prolific owners, a farm stand or a seed library): the rest
 * of the ring then starts beyond them (`restBeyond`, squared degrees). Halving such a ring by
 * distance would count it again and again, each count reading their hundreds of listings.
 * `onlyProlific`: before the ring is counted, only owners holding that many, or none at all (an
 * empty ring). Undefined: the ring is counted, halved or read whole.
 */
async function ownersToRead(
  rings: Rings,
  ring: Ring,
  bound: number,
  onlyProlific = false,
): Promise<{ owners: RingOwner[]; restBeyond?: number } | undefined> {
  const most = rings.bounds.ringOwners ?? 0;
  if (!rings.owners || !rings.ownerListings || most === 0) return undefined;
  const owners = await rings.owners(ring, most + 1, bound);
  // No owner: nothing to read.
  if (owners.length === 0) return { owners };
  const past = owners.length > most ? owners[most]!.nearness : Infinity;
  const nearer = owners.filter((owner) => owner.nearness < past);
  const prolific = nearer.reduce((sum, owner) => sum + owner.held, 0) >= bound;
  if (owners.length <= most && !onlyProlific) return { owners };
  if (nearer.length === 0 || !prolific) return undefined;
  return past === Infinity ? { owners } : { owners: nearer, restBeyond: nearer.at(-1)!.nearness };
}

/**
 * Up to `wanted` rows of a ring from its owners, nearest first, then newest: owners at the same
 * distance are merged, each read no further than `wanted`. An owner at the ring's start after a
 * cursor gives only listings older than the cursor's, as the ring's own read would.
 */
async function ownerByOwner(rings: Rings, owners: RingOwner[], ring: Ring, wanted: number): Promise<IdRow[]> {
  const rows: IdRow[] = [];
  for (let i = 0; i < owners.length && rows.length < wanted;) {
    const nearness = owners[i]!.nearness;
    let end = i;
    while (end < owners.length && owners[end]!.nearness === nearness) end++;
    const beforeId =
      ring.start?.afterId !== undefined && nearness === ring.start.radius2 ? ring.start.afterId : undefined;
    const read = await Promise.all(
      owners.slice(i, end).map((owner) => rings.ownerListings!(owner.id, beforeId).rows(0, wanted - rows.length)),
    );
    const tied = read.flat().sort((a, b) => b.id - a.id);
    rows.push(...tied.slice(0, wanted - rows.length).map((row) => ({ ...row, nearness })));
    i = end;
  }
  return rows;
}
