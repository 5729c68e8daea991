import {
  LISTING_TEXTS,
  type Listing,
  type ListingSort,
  type ListingsCursor,
  type ListingsQuery,
  type MapBox,
  encodeCursor,
} from '@gardenswap/shared';
import { preparedQuery } from '../../../db/prepared-query.js';
import type { Executor } from '../../../db/schema.js';
import { toIso } from '../../../db/schema.js';
import { isSqlite } from '../../../db/dialect.js';
import { invalidField } from '../../../lib/app-error.js';
import type { PhotoSigner } from '../../images/photo-urls.js';
import type { FeedViewer, Head, PublicFeed } from '../public-feed.js';
import { NOBODY } from '../visibility.js';
import { filterShape, filterValues, filtersRings, seedFiltered } from './list-filters.js';
import { boxArea, circleAround, ringShape } from './list-geo.js';
import { CURSOR_OF, DEFAULT_SORT, cursorId, nextCursor } from './list-order.js';
import type { ListPlanner } from './list-planner.js';
import { type ReadShape, type ReadValues, anyMeets, ownersHold, ringOwners, stream } from './list-read.js';
import { type TextScope, searchValues, searchWordsOf } from './list-search.js';
import { type Drive, type ListingRow, listingSelect, toListing } from './listing-row.js';
import { type Rings, nearestPage } from './nearest-rings.js';
import { type IdRow, pageOfStreams } from './row-stream.js';
import { coordinatesOf, feedViewer } from './viewer.js';

/** What a list read shares with the app: its planner, and the public feed's shared pages when given. */
export interface ListReads {
  planner: ListPlanner;
  feed?: PublicFeed;
}

/**
 * A page of listings, or a page of the public feed shared by its viewers (`PublicFeed`): what
 * it is made of, for `PublicFeed.written`, and its listings, made only when its bytes are not
 * already written.
 */
export type ListingsPage = {
  /** The cursor of the next page, when there may be one. */
  next?: string;
} & (
  | {
      listings: Listing[];
      /** The rows they were made from, in order (`ListingsJson`). */
      rows: ListingRow[];
      shared?: undefined;
    }
  | { listings?: undefined; shared: { head: Head; rows: ListingRow[]; viewer: FeedViewer; listings: () => Listing[] } }
);

/** A list as GET /listings/ asks for it, or as the map does: within its area. */
export type ListRequest = ListingsQuery & { box?: MapBox };

/**
 * One page of GET /listings/. Each tab keeps to an index: mine and user_id walk
 * listings_owner_id (owner_id, id), public walks listings_public_feed (is_public,
 * is_active, id) or listings_feed_category with a category, price sorts the (price, id)
 * indexes; `q` starts from the full-text index. `within_miles` starts from the owners in its
 * box when the circle holds few listings (`ListPlanner.crowded`), and otherwise walks the page's order
 * like the tab does. Gone listings stay on their owner's lists only: every other list leaves
 * them out.
 *
 * `relevance` puts the listings whose title holds every word first, then those that match
 * through the description too; newest first within each. Both halves are index-ordered
 * scans that stop at the page, so no search ranks every match. Every order pages by keyset
 * (`CURSOR_OF`), so a deep page costs what the first does.
 *
 * `within_miles` needs the viewer's coordinates: without them it answers 422 (a filter
 * that silently did nothing would show far-away listings as if near). `nearest` without
 * them, and `relevance` without `q`, fall back to newest.
 */
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListRequest,
  sign: PhotoSigner,
  reads: { planner: ListPlanner; feed?: undefined },
): Promise<ListingsPage & { listings: Listing[] }>;
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListRequest,
  sign: PhotoSigner,
  reads: ListReads,
): Promise<ListingsPage>;
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListRequest,
  sign: PhotoSigner,
  { planner, feed }: ListReads,
): Promise<ListingsPage> {
  if (feed && opensPublicFeed(query)) {
    const page = await publicFeedPage(db, feed, viewerId, query, sign);
    if (page) return page;
  }
  const viewer = feed ? (await feedViewer(db, feed, viewerId)).coordinates : await coordinatesOf(db, viewerId);
  const search = query.q ? await searchWordsOf(db, query.q) : { words: [], completions: [] };
  const words = search.words;
  let sort: ListingSort = query.sort ?? (words.length > 0 ? 'relevance' : DEFAULT_SORT);
  if (sort === 'relevance' && words.length === 0) sort = DEFAULT_SORT;
  if (sort === 'nearest' && !viewer) sort = DEFAULT_SORT;
  // One member's listings are all as near as that member: nearest first is newest first. (Read
  // in rings, those between the viewer and a seller far away were counted ring by ring.)
  const oneMember = query.mine || query.user_id !== undefined;
  if (sort === 'nearest' && oneMember) sort = DEFAULT_SORT;
  // A map's area is read in the list's other orders (the map asks newest first when the list is nearest).
  if (sort === 'nearest' && query.box) sort = DEFAULT_SORT;
  if (query.within_miles !== undefined && !viewer) throw invalidField('within_miles', LISTING_TEXTS.locationNeeded);
  // A `nearest` cursor of one member's list, handed out while it was read in rings: that order
  // was already newest first, so the page after its listing is the same.
  const cursor: ListingsCursor | undefined =
    oneMember && query.cursor?.kind === 'near' ? { kind: 'id', id: query.cursor.id } : query.cursor;
  const cursorKind = CURSOR_OF[sort];
  // A relevance offset handed out before tiers still reads.
  const readable = cursor?.kind === cursorKind || (sort === 'relevance' && cursor?.kind === 'offset');
  if (cursor && !readable) throw invalidField('cursor', LISTING_TEXTS.cursorInvalid);

  const filters = filterShape(query, viewerId, isSqlite(db), sort);
  const values = filterValues(query, viewerId);
  const text = words.length > 0;
  const match = (scope: TextScope) => (text ? searchValues(db, search, scope) : {});
  const offset = cursor?.kind === 'offset' ? cursor.offset : 0;
  // One row more than the page tells whether a next page exists without counting.
  const take = query.limit + 1;
  let rows: IdRow[];
  /** Relevance: the tier of each row. */
  let tiers: (0 | 1)[] = [];
  if (sort === 'nearest' && !text && filtersRings(filters) && !(await anyMeets(db, query, viewerId))) {
    rows = [];
  } else if (sort === 'nearest') {
    const gathers = text && (await planner.nearestGathers(db, search));
    const rings: Rings = {
      search: gathers ? 'gathers' : text || filtersRings(filters) ? 'eachRow' : undefined,
      readsWhole: isSqlite(db),
      firstWidth: planner.firstRingWidth(db, viewer!),
      fitted: (width) => planner.fittedFirstRing(db, viewer!, width),
      bounds: planner.bounds,
      ring: ({ outer, start }) => {
        const circle = circleAround(viewer!, outer);
        return stream(
          db,
          // Gathered: the matches first, each owner looked up; else the owners in the ring's box first.
          {
            filters,
            from: gathers ? 'listings' : 'owners',
            text,
            ring: ringShape(start),
            wide: planner.isWide(circle),
            sort,
          },
          { ...values, ...match('any'), ...circle, innerRadius2: start?.radius2, cursorId: start?.afterId },
        );
      },
      held: ({ outer, start }, cap) => {
        const circle = circleAround(viewer!, outer);
        return ownersHold(db, circle, start, cap, planner.isWide(circle));
      },
      owners: ({ outer, start }, cap, heldCap) => {
        const circle = circleAround(viewer!, outer);
        return ringOwners(db, circle, start, cap, heldCap, planner.isWide(circle));
      },
      // The owner's own list, as a seller's page reads it: newest first, from the owner's index,
      // each listing checked for the words.
      ownerListings: (ownerId, beforeId) =>
        stream(
          db,
          {
            filters: { ...filters, seller: true },
            from: 'listings',
            text,
            eachRow: text,
            sort: 'newest',
            cursor: beforeId ? 'id' : undefined,
          },
          { ...values, ...match('any'), sellerId: ownerId, cursorId: beforeId },
        ),
      unlocated: (beforeId) =>
        stream(
          db,
          { filters, from: 'listings', text, unlocated: true, sort: 'newest', cursor: beforeId ? 'id' : undefined },
          { ...values, ...match('any'), cursorId: beforeId },
        ),
    };
    rows = await nearestPage(rings, cursor?.kind === 'near' ? cursor : undefined, take, query.within_miles);
  } else {
    const within = query.within_miles !== undefined ? circleAround(viewer!, query.within_miles) : undefined;
    const circle = query.box ? boxArea(query.box, within) : within;
    let from: Drive = 'listings';
    if (circle && !(await planner.crowded(db, circle))) from = 'owners';
    const shape: ReadShape = {
      filters,
      from,
      eachRow: from === 'listings' && (await planner.commonInPriceOrder(db, search, sort)),
      text,
      circle: circle && (from === 'owners' ? 'owners' : 'listings'),
      wide: from === 'owners' && planner.isWide(circle!),
      sort,
      cursor: cursor?.kind,
    };
    const after = { cursorId: cursorId(cursor), cursorPrice: cursor?.kind === 'price' ? cursor.price : undefined };
    const searched = (scope: TextScope, more: Partial<ReadValues>, readShape = shape) =>
      planner.searchStreams(db, readShape, { ...values, ...circle, ...more }, search, scope, offset + take);
    if (sort === 'relevance') {
      // After a tier cursor: the rest of its tier (older than its listing), then the tiers after it.
      const at = cursor?.kind === 'tier' ? cursor : undefined;
      const streams = (['title', 'notTitle'] as const).flatMap((scope, tier) => {
        if (at && tier < at.tier) return [];
        const resumed = at?.tier === tier;
        const read = searched(scope, resumed ? { cursorId: at.id } : {}, {
          ...shape,
          cursor: resumed ? 'id' : undefined,
        });
        return read.map((stream) => ({ stream, tier: tier as 0 | 1 }));
      });
      const page = await pageOfStreams(
        streams.map((s) => s.stream),
        offset,
        take,
      );
      rows = page.rows;
      tiers = page.from.map((i) => streams[i]!.tier);
    } else if (text && sort === 'newest') {
      rows = (await pageOfStreams(searched('any', after), 0, take)).rows;
    } else {
      rows = await stream(db, shape, { ...values, ...circle, ...match('any'), ...after }).rows(0, take);
    }
  }
  return pageOf(rows, query.limit, cursorKind, tiers, async (ids) => {
    const read = await listRows(db, ids, feed);
    return { rows: read, listings: read.map((row) => toListing(row, viewer, sign)) };
  });
}

/**
 * The page of `rows` (one more than `limit` when a next page follows) and its next cursor, its
 * listings made by `listingsOf` from their ids. A listing deleted since its id was read is left
 * out, as it would be from a page read a moment later.
 */
async function pageOf(
  rows: IdRow[],
  limit: number,
  cursorKind: Exclude<ListingsCursor['kind'], 'offset'>,
  tiers: (0 | 1)[],
  listingsOf: (ids: number[]) => Promise<{ rows: ListingRow[]; listings: Listing[] }>,
): Promise<ListingsPage> {
  const shown = rows.slice(0, limit);
  const read = await listingsOf(shown.map((row) => row.id));
  const last = shown.at(-1);
  if (rows.length <= limit || !last) return read;
  const at = { tier: tiers[shown.length - 1] ?? 0, nearness: last.nearness, width: last.ringWidth };
  return { ...read, next: encodeCursor(nextCursor(cursorKind, last, at)) };
}

/** How many ids one read of rows takes at most; fewer are padded to a power of two (`readListingRows`). */
const ROWS_PER_READ = 256;

const selectRows = preparedQuery(
  (db, v: Record<string, number>, count: number) =>
    listingSelect(db, 'keys').where(
      'listings.id',
      'in',
      Array.from({ length: count }, (_, i) => v[`id${i}`]!),
    ),
  { onePlan: true },
);

/**
 * The rows of these listings, by id, whoever may see them: the list's query of ids has decided
 * that. Padded to a power of two with the last id, so a handful of statements serve every page
 * size, each prepared once.
 */
async function readListingRows(db: Executor, ids: number[]): Promise<Map<number, ListingRow>> {
  const byId = new Map<number, ListingRow>();
  for (let start = 0; start < ids.length; start += ROWS_PER_READ) {
    const chunk = ids.slice(start, start + ROWS_PER_READ);
    const count = 2 ** Math.ceil(Math.log2(chunk.length));
    const values: Record<string, number> = {};
    for (let i = 0; i < count; i++) values[`id${i}`] = chunk[Math.min(i, chunk.length - 1)]!;
    for (const row of await selectRows(db, values, count)) {
      // PostgreSQL's timestamps arrive as Dates: made ISO once here, not each time a shared
      // row is answered (toISOString was the costliest call of a list page served from them).
      row.renewed_at = toIso(row.renewed_at);
      row.created_at = toIso(row.created_at);
      row.updated_at = toIso(row.updated_at);
      byId.set(row.id, row);
    }
  }
  return byId;
}

/**
 * The rows of a page's listings in the order of `ids`, from what `feed` shares when given
 * (`PublicFeed.listRows`). A listing deleted since its id was read is left out.
 */
async function listRows(db: Executor, ids: number[], feed?: PublicFeed): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const read = await (feed ? feed.listRows(ids, (missing) => readListingRows(db, missing)) : readListingRows(db, ids));
  return ids.flatMap((id) => read.get(id) ?? []);
}

/**
 * The public feed newest first, narrowed by nothing else: what `PublicFeed` shares, its first
 * page and those after it as far as the head reaches.
 */
const opensPublicFeed = (query: ListRequest) =>
  !!query.public &&
  !query.mine &&
  !query.friends &&
  query.user_id === undefined &&
  !query.q &&
  !query.type_id?.length &&
  query.category_id === undefined &&
  query.min_price === undefined &&
  query.max_price === undefined &&
  query.within_miles === undefined &&
  query.box === undefined &&
  !seedFiltered(query) &&
  (query.cursor === undefined || query.cursor.kind === 'id') &&
  (query.sort === undefined || query.sort === 'newest');

/**
 * A page of the viewer's public feed from what `feed` shares: the newest open listings (older
 * than the cursor's) less the viewer's own and those of members blocked either way, which is
 * what the visibility rule and the public tab leave of them. Undefined when the head holds too
 * few of them for the page (a cursor deep in the feed, or a viewer who blocks many of its
 * members): that page is read as usual.
 */
async function publicFeedPage(
  db: Executor,
  feed: PublicFeed,
  viewerId: number,
  query: ListRequest,
  sign: PhotoSigner,
): Promise<ListingsPage | undefined> {
  const shape: ReadShape = {
    filters: filterShape(query, NOBODY, isSqlite(db), 'newest'),
    from: 'listings',
    text: false,
    sort: 'newest',
  };
  const head = await feed.head(async (rows) => {
    const ids = (await stream(db, shape, { viewerId: NOBODY }).rows(0, rows)).map((row) => row.id);
    return listRows(db, ids, feed);
  });
  const before = query.cursor?.kind === 'id' ? query.cursor.id : Infinity;
  // A cursor past the head's oldest listing: nothing of the viewer is worth reading.
  const oldest = head.rows.at(-1);
  if (!head.complete && (!oldest || before <= oldest.id)) return undefined;
  const viewer = await feedViewer(db, feed, viewerId);
  const take = query.limit + 1;
  const rows = head.rows
    .filter((row) => row.id < before && row.owner_id !== viewerId && !viewer.blocked.has(row.owner_id))
    .slice(0, take);
  if (rows.length < take && !head.complete) return undefined;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    next: rows.length > query.limit && last ? encodeCursor({ kind: 'id', id: last.id }) : undefined,
    shared: { head, rows: shown, viewer, listings: () => shown.map((row) => toListing(row, viewer.coordinates, sign)) },
  };
}
