import type { ListingSort, ListingsCursor, ListingsQuery } from '@gardenswap/shared';
import { sql } from 'kysely';
import { preparedQuery } from '../../../db/prepared-query.js';
import type { Executor } from '../../../db/schema.js';
import { isSqlite } from '../../../db/dialect.js';
import { type FilterShape, type FilterValues, filterShape, filterValues, filteredListings } from './list-filters.js';
import {
  type Circle,
  type RingShape,
  inRing,
  listingsWithin,
  ownersInRing,
  ownersWithin,
  ringShape,
} from './list-geo.js';
import { inOrder } from './list-order.js';
import { matching } from './list-search.js';
import { friendIdsOf } from '../../relations/index.js';
import { type Drive, type ListingQuery, listingIds, newest } from './listing-row.js';
import type { RingOwner, RingStart } from './nearest-rings.js';
import type { Stream } from './row-stream.js';

// A list read's SQL, made from its shape (`ReadShape`) and compiled once per shape.

/** What decides a list read's SQL; its values (`ReadValues`) are bound on each call. */
export interface ReadShape {
  filters: FilterShape;
  /** What the query reads first. */
  from: Drive;
  /** Whether a search narrows it (`match`). */
  text: boolean;
  /** The within_miles circle: on the owners read first, or on each listing as the walk reaches it. */
  circle?: 'owners' | 'listings';
  /** A ring of `nearest`: the circle's owners (from where it starts), in order of nearness. */
  ring?: RingShape;
  /** Only owners without a known postcode (the end of `nearest`). */
  unlocated?: boolean;
  /** A ring or an `owners` circle whose box is wide (`isWide`). */
  wide?: boolean;
  /** PostgreSQL: the newest `recent` listings, or the older ones (`searchStreams`). */
  window?: 'recent' | 'older';
  /** With `older`: the tier of a search by relevance, told apart by the title's own index. */
  tier?: 'title' | 'notTitle';
  /** SQLite: the walk checks each listing's stems for the search (`matching`), rather than starting from its matches. */
  eachRow?: boolean;
  sort: ListingSort;
  cursor?: ListingsCursor['kind'];
}

export type ReadValues = FilterValues &
  Partial<Circle> & {
    match?: string;
    /** SQLite: the search as each row's stems are checked against it (`searchStems`). */
    stems?: string;
    recent?: number;
    innerRadius2?: number;
    cursorId?: number;
    cursorPrice?: number;
    /** Rows from `offset`, at most `limit`; a count goes no further than `limit`. */
    offset: number;
    limit: number;
  };

/**
 * PostgreSQL's friends tab in a plain order reads friend by friend (`friendByFriend`): gathered
 * from the owner index at once, every listing of every friend was read and sorted for a page, and
 * a few friends who list hundreds of things each made that thousands. SQLite walks the listings
 * in the page's order and stops there.
 */
const readsFriendByFriend = (s: ReadShape) =>
  s.filters.friendsArray &&
  !s.text &&
  !s.circle &&
  !s.ring &&
  !s.unlocated &&
  !s.window &&
  (s.sort === 'newest' || s.sort === 'oldest');

/**
 * The friends tab as each friend's listings in the page's order, from the owner index, no further
 * than the page (a lateral join per friend), then the page of them all: bounded by friends times
 * the page, not by how much they list.
 */
function friendByFriend(db: Executor, v: ReadValues, s: ReadShape) {
  const one = filteredListings(db, 'listings', { ...s.filters, oneFriend: true }, v, undefined, false);
  const theirs = inOrder(one, sql.ref<number>('listings.id'), s.sort, s.cursor, v)
    .limit(sql<number>`cast(${v.offset} as integer) + cast(${v.limit} as integer)`)
    .as('theirs');
  return db
    .selectFrom(friendIdsOf(v.viewerId).as('friend'))
    .innerJoinLateral(theirs, (join) => join.onTrue())
    .select(['theirs.id', 'theirs.price'])
    .orderBy('theirs.id', s.sort === 'oldest' ? 'asc' : 'desc') as unknown as ReturnType<typeof inOrder>;
}

/** Every list read, from its shape. */
function listRead(db: Executor, v: ReadValues, s: ReadShape) {
  if (readsFriendByFriend(s)) return friendByFriend(db, v, s);
  const circle = v as Circle;
  const drive = s.text && s.from === 'listings' && !s.eachRow ? 'matches' : s.from;
  // A page after a cursor walks the listings before it.
  const recent = s.window && { rows: v.recent!, before: s.cursor === 'id' ? v.cursorId : undefined };
  // Only a read driven by the owners, of a ring, or narrowed to those without a postcode, needs them joined.
  const owner = s.from === 'owners' || !!s.ring || !!s.unlocated;
  let q = filteredListings(db, drive, s.filters, v, s.window === 'recent' ? recent : undefined, owner);
  let id = sql.ref<number>('listings.id');
  if (s.circle) q = s.circle === 'owners' ? ownersWithin(q, circle, !!s.wide) : listingsWithin(q, circle);
  if (s.text) {
    const eachRow = s.from === 'owners' || !!s.eachRow;
    // SQLite checks each row read against its stems; only the values bound are read (`preparedQuery`).
    const text = eachRow && isSqlite(db) ? v.stems! : v.match!;
    ({ q, id } = matching(db, q, text, eachRow, s.tier, s.window === 'recent'));
  }
  if (s.window === 'older') {
    // `id + 0`, which the primary key does not serve: the older matches are gathered and sorted.
    id = sql<number>`(${sql.ref('listings.id')} + 0)`;
    const floor = sql<number>`(select min(${sql.ref('w.id')}) from (${newest(db, recent!.rows, recent!.before).select('listings.id')}) as ${sql.id('w')})`;
    q = q.where(id, '<', floor);
  }
  if (s.unlocated) q = q.where((eb) => eb.or([eb('owner.latitude', 'is', null), eb('owner.longitude', 'is', null)]));
  return s.ring ? inRing(q, circle, { ...s.ring, wide: s.wide }, v) : inOrder(q, id, s.sort, s.cursor, v);
}

// Compiled once per shape: building and compiling these queries cost as much as SQLite answering them.
/**
 * Each shape keeps to its index (see listListings), so on PostgreSQL one plan per connection
 * serves it, but for a search, a price range and a wide box (`samePlanDegrees`). A search's best
 * plan hangs on how many listings its words match, and a price range's on how many prices it
 * holds, which a plan made once cannot know: kept generic, a search in price order with a price
 * range, a deep page of filters with a price range and a ring of a search by nearness each read
 * slower than planned for their values. A search's window of the newest listings
 * (`searchStreams`) is the exception: its subquery fixes the walk whatever the words, and its
 * words are parsed once (`matching`), so one plan serves it, quicker than one planned each time.
 */
const samePlan = {
  onePlan: (s: { wide?: boolean; text?: boolean; window?: ReadShape['window']; filters?: FilterShape }) =>
    !s.wide && (!s.text || s.window === 'recent') && !s.filters?.minPrice && !s.filters?.maxPrice,
};
const readRows = preparedQuery(
  (db, v: ReadValues, s: ReadShape) => listRead(db, v, s).offset(v.offset).limit(v.limit),
  samePlan,
);
const readUnordered = preparedQuery(
  (db, v: ReadValues, s: ReadShape) => listRead(db, v, s).clearOrderBy().limit(v.limit),
  samePlan,
);
const readCount = preparedQuery(
  (db, v: ReadValues, s: ReadShape) => counted(db, listRead(db, v, s), v.limit),
  samePlan,
);
const ownersHoldQuery = preparedQuery(
  (db, v: Circle & { innerRadius2?: number; limit: number }, ring: RingShape & { wide: boolean }) =>
    counted(db, inRing(listingIds(db, 'owners'), v, ring, v), v.limit),
  samePlan,
);

const ringOwnersQuery = preparedQuery(
  (db, v: Circle & { innerRadius2?: number; limit: number; heldCap: number }, ring: RingShape & { wide: boolean }) =>
    db
      .selectFrom(ownersInRing(db, v, ring, v).limit(v.limit).as('near'))
      .select(['near.id', 'near.nearness'])
      // Counted on the owner index alone, no further than `heldCap`, for the few owners kept only.
      .select((eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('listings')
              .select(sql<number>`1`.as('one'))
              .whereRef('listings.owner_id', '=', 'near.id')
              .limit(v.heldCap)
              .as('theirs'),
          )
          .select(eb.fn.countAll<number>().as('n'))
          .as('held'),
      )
      .orderBy('near.nearness')
      .orderBy('near.id'),
  samePlan,
);

/**
 * The members living in the ring (from where it starts), nearest first, up to `cap`, with how
 * many listings each holds (up to `heldCap`).
 */
export async function ringOwners(
  db: Executor,
  circle: Circle,
  start: RingStart | undefined,
  cap: number,
  heldCap: number,
  wide: boolean,
): Promise<RingOwner[]> {
  const rows = await ringOwnersQuery(
    db,
    { ...circle, innerRadius2: start?.radius2, limit: cap, heldCap },
    { ...ringShape(start, true), wide },
  );
  return rows.map((row) => ({ id: row.id, nearness: Number(row.nearness), held: Number(row.held) }));
}

/**
 * How many listings of every kind the circle's owners hold (from where the ring starts), up to
 * `cap`, counted on the indexes alone: at least what any list can show there.
 */
export async function ownersHold(
  db: Executor,
  circle: Circle,
  start: RingStart | undefined,
  cap: number,
  wide: boolean,
) {
  const [row] = await ownersHoldQuery(
    db,
    { ...circle, innerRadius2: start?.radius2, limit: cap },
    { ...ringShape(start, true), wide },
  );
  return Number(row!.n);
}

export function stream(db: Executor, shape: ReadShape, values: Omit<ReadValues, 'offset' | 'limit'>): Stream {
  return {
    count: async (cap) => Number((await readCount(db, { ...values, offset: 0, limit: cap }, shape))[0]!.n),
    rows: (offset, limit) => readRows(db, { ...values, offset, limit }, shape),
    unordered: (limit) => readUnordered(db, { ...values, offset: 0, limit }, shape),
  };
}

/** How many rows `q` has, counting no further than `cap` (a bounded read whatever the table holds). */
function counted(db: Executor, q: ListingQuery, cap: number) {
  return db
    .selectFrom(
      q
        .clearSelect()
        .clearOrderBy()
        .select(sql<number>`1`.as('one'))
        .limit(cap)
        .as('counted'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * Whether any listing the viewer may see meets the list's tab and filters, wherever it is: one
 * row in price order, which the price and category indexes serve on both databases. A filter
 * that nothing meets then answers `nearest` at once instead of crossing the map in rings.
 */
export async function anyMeets(db: Executor, query: ListingsQuery, viewerId: number) {
  const shape: ReadShape = {
    filters: filterShape(query, viewerId, isSqlite(db), 'lowest'),
    from: 'listings',
    text: false,
    sort: 'lowest',
  };
  return (await stream(db, shape, filterValues(query, viewerId)).rows(0, 1)).length > 0;
}
