import type { ListingSort } from '@gardenswap/shared';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../db/schema.js';
import { isSqlite } from '../../../db/dialect.js';
import { type Circle, isWide } from './list-geo.js';
import { type ReadShape, type ReadValues, ownersHold, stream } from './list-read.js';
import { type SearchWords, type TextScope, matchesMoreThan, searchText, searchValues } from './list-search.js';
import type { Stream } from './row-stream.js';

/**
 * The bounds that choose between two plans giving the same rows (bench/README.md tells what
 * each was measured against). Tests lower them, to see each plan answer on a small marketplace.
 */
export const PLAN_BOUNDS = {
  /**
   * A `within_miles` circle holding at most this many listings is read from its owners and
   * sorted; a more crowded one is walked in the page's order instead, each listing's owner
   * checked against the circle, which reads about (listings / circle) rows per row of the page.
   */
  circleGather: 5_000,
  /** SQLite: a search matching more listings than this is walked in price order, not sorted (`ListPlanner.commonInPriceOrder`). */
  priceWalk: 5_000,
  /**
   * `nearest` gathers a search matching at most this many listings and sorts them by nearness
   * (`nearestGathers`); a commoner one is read in rings, each row checked for the words.
   */
  nearestGather: 2_000,
  /**
   * PostgreSQL: a search walks at least `recentLeast` of the newest listings, and
   * `recentPerRow` for each row of the page and those before it, before it gathers the older
   * matches (`searchStreams`).
   */
  recentLeast: 10_000,
  recentPerRow: 50,
  /**
   * `nearest` reads and sorts a ring whole, so one holding more than `ringPages` times the rows
   * of the page (at most `ringRows`) is halved first.
   */
  ringRows: 2_000,
  ringPages: 4,
  /**
   * A crowded ring of at most this many owners is read owner by owner instead of halved: each
   * owner's listings newest first, up to what the page still needs (`ownerListings`). A few
   * members who list hundreds of things each crowd a ring no halving thins (an owner's listings
   * share one distance), and reading such a ring whole sorted all of them for one page.
   */
  ringOwners: 8,
  /**
   * PostgreSQL: a read of the owners in a box reaching more than this many degrees of latitude
   * from its center (about 200 miles) is planned for its values each time; a narrower one is
   * planned once per connection. Planning a ring of `nearest` cost more than running it, and in
   * a narrow box the plan is always the same: the box on users_latitude, then each owner's
   * listings. A much wider box holds most owners, and reading the users table whole is then
   * quicker than the index: PostgreSQL does so when it plans for the box, which the one plan,
   * made without the box's size, never does.
   */
  samePlanDegrees: 3,
};

export type PlanBounds = typeof PLAN_BOUNDS;

/** How long, and for how many circles (or searches), `crowded` (or `common`) remembers its answer. */
const CROWDED = { ttl: 60_000, max: 1_000 };
/** For how many places the first ring's width is remembered. */
const FIRST_RING_PLACES = 1_000;

/**
 * Chooses between plans that give the same rows, and remembers what it learned doing so: one per
 * app (its caches are the app's, not the process's), made from the bounds it is given.
 */
export class ListPlanner {
  readonly bounds: PlanBounds;
  private readonly crowdedCircles = new LRUCache<string, boolean, { db: Executor; circle: Circle; bound: number }>({
    ...CROWDED,
    fetchMethod: async (_key, _stale, { context: { db, circle, bound } }) =>
      (await ownersHold(db, circle, undefined, bound + 1, this.isWide(circle))) > bound,
  });
  private readonly commonSearches = new LRUCache<string, boolean, { db: Executor; search: SearchWords; bound: number }>(
    {
      ...CROWDED,
      fetchMethod: (_key, _stale, { context: { db, search, bound } }) => matchesMoreThan(db, search, bound),
    },
  );
  /**
   * How wide the first ring of a first page of `nearest` holds about half its bound, by where the
   * viewer lives: in a town the first page is then one count and one read, not several counts of
   * halved rings first. Only a hint (rings of any width give the same rows), so never dropped.
   */
  private readonly firstRingWidths = new LRUCache<string, number>({ max: FIRST_RING_PLACES });

  constructor(bounds: Partial<PlanBounds> = {}) {
    this.bounds = { ...PLAN_BOUNDS, ...bounds };
  }

  /** Whether a read of the owners in this circle's box is planned for its values each time. */
  isWide(circle: Circle) {
    return isWide(circle, this.bounds.samePlanDegrees);
  }

  /**
   * Whether a `within_miles` circle holds more than `circleGather` listings of every kind, counted
   * on the indexes alone (what a tab shows there is fewer, so a circle under the bound is gathered
   * and sorted within the bound). Remembered for a minute: members of a ZIP code share its center,
   * and how crowded a town is does not change by the minute. Either answer gives the same rows.
   */
  async crowded(db: Executor, circle: Circle): Promise<boolean> {
    const bound = this.bounds.circleGather;
    const key = `${isSqlite(db) ? 's' : 'p'} ${bound} ${circle.latitude} ${circle.longitude} ${circle.radius2}`;
    return (await this.crowdedCircles.fetch(key, { context: { db, circle, bound } }))!;
  }

  /** The key `nearest` remembers its first ring's width by: the database, the bounds, the place. */
  private place(db: Executor, at: { latitude: number; longitude: number }) {
    const { ringPages, ringRows } = this.bounds;
    return `${isSqlite(db) ? 's' : 'p'} ${ringPages} ${ringRows} ${at.latitude} ${at.longitude}`;
  }

  firstRingWidth(db: Executor, at: { latitude: number; longitude: number }) {
    return this.firstRingWidths.get(this.place(db, at));
  }

  fittedFirstRing(db: Executor, at: { latitude: number; longitude: number }, width: number) {
    this.firstRingWidths.set(this.place(db, at), width);
  }

  /**
   * Whether more than `bound` listings match the search, counted in the full-text index no
   * further, and remembered for a minute: how common a word is does not change by the minute, and
   * PostgreSQL's GIN index gathers every match of a common word before the count can stop (40 ms
   * for "tomato" at a million listings). Either answer gives the same rows.
   */
  private async common(db: Executor, search: SearchWords, bound: number): Promise<boolean> {
    const key = `${isSqlite(db) ? 's' : 'p'} ${bound} ${search.words.join(' ')} | ${search.completions.join(' ')}`;
    return (await this.commonSearches.fetch(key, { context: { db, search, bound } }))!;
  }

  /**
   * SQLite: whether a search in price order is better read by walking the price index, checking
   * each listing against its stems, than by sorting every match. FTS5 hands its matches out newest
   * first only, so sorting them by price reads them all; the walk reads about (listings / matches)
   * rows per row of the page. PostgreSQL's statistics choose between the same two plans by themselves.
   */
  async commonInPriceOrder(db: Executor, search: SearchWords, sort: ListingSort): Promise<boolean> {
    if (!isSqlite(db) || search.words.length === 0 || (sort !== 'lowest' && sort !== 'highest')) return false;
    return this.common(db, search, this.bounds.priceWalk);
  }

  /**
   * Whether `nearest` gathers a search's matches and sorts them by nearness (`RingSearch`): when
   * they are at most `nearestGather`, which costs what they are, where rings checking each row
   * would read every listing on the way to the few.
   */
  async nearestGathers(db: Executor, search: SearchWords): Promise<boolean> {
    return search.words.length > 0 && !(await this.common(db, search, this.bounds.nearestGather));
  }

  /**
   * A search's matches newest first, as streams for `pageOfStreams`. SQLite's FTS5 hands its
   * matches out newest first. PostgreSQL's GIN index cannot: PostgreSQL either walks the listings
   * newest first, checking each, or gathers every match from the index and sorts them, and picks
   * by its estimate of how many match. That estimate fails both ways: a word as a prefix is
   * always guessed at 2% of the listings (a common one then had every match gathered and sorted
   * for a deep page), and a word's weight is ignored (a word found in descriptions alone had the
   * title tier walk every listing).
   *
   * So neither is left to the estimate. The newest listings (`PLAN_BOUNDS`, by the `depth` of
   * the page: its rows and those before it) are read as a table of their own and
   * walked: a common word fills the page there. The older matches are gathered from the index
   * and sorted, which is cheap exactly when the walk did not fill the page. The tiers are told
   * apart there by the title's own index: asked of `search`'s weights, every listing holding the
   * word anywhere would be read to look at them.
   */
  searchStreams(
    db: Executor,
    shape: ReadShape,
    values: Omit<ReadValues, 'offset' | 'limit'>,
    search: SearchWords,
    scope: TextScope,
    depth: number,
  ): Stream[] {
    if (isSqlite(db) || shape.from === 'owners')
      return [stream(db, shape, { ...values, ...searchValues(db, search, scope) })];
    const match = searchText(db, search, scope);
    const recent = Math.max(this.bounds.recentLeast, this.bounds.recentPerRow * depth);
    const older = scope === 'any' ? { match } : { match: searchText(db, search, 'any'), tier: scope };
    return [
      stream(db, { ...shape, window: 'recent' }, { ...values, match, recent }),
      stream(db, { ...shape, window: 'older', tier: older.tier }, { ...values, match: older.match, recent }),
    ];
  }
}
