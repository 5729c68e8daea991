import { CATEGORIES, LISTING_STATES, type ListingsQuery, type ListingSort } from '@gardenswap/shared';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../../db/schema.js';
import { friendIdsOf } from '../../relations/index.js';
import { visibleTo } from '../visibility.js';
import { type Drive, type Recent, listingIds } from './listing-row.js';

export interface FilterShape {
  mine: boolean;
  seller: boolean;
  /** Only the viewer's own listings: the gone ones stay. */
  ownOnly: boolean;
  public: boolean;
  friends: boolean;
  /** How many types are asked for. */
  types: number;
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  /** A seed lot's: how many pollinations are asked for, organic only, can mail only, packed since a year. */
  pollinations: number;
  organic: boolean;
  canMail: boolean;
  packedSince: boolean;
  /**
   * On SQLite, price bounds reach the price indexes only for a page in price order: in another
   * order its sampled statistics can make a bounded range look small enough to read whole and
   * sort. PostgreSQL's statistics judge the range well, and hiding the column from them would
   * make it guess instead.
   */
  priceHidden: boolean;
  /**
   * PostgreSQL reads the friends tab's friends once, as an array its owner index looks up. As a
   * subquery they were pulled up into a join that walked the listings newest first and compared
   * each with every friend, slower than reading the friends' own listings.
   */
  friendsArray: boolean;
  /** The friends tab read one friend at a time, the friend being `friend.id` (`friendByFriend`). */
  oneFriend?: boolean;
}

/**
 * The values of a list's tab and filters; `type0`, `type1`... are the types asked for,
 * `pollination0`... the pollinations, `packedSince` the earliest year packed.
 */
export type FilterValues = {
  viewerId: number;
  sellerId?: number;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  packedSince?: number;
} & Record<`type${number}`, number> &
  Record<`pollination${number}`, string>;

/**
 * Whether the list asks for a seed lot's details. Only seed lots keep them, so the list is of
 * seed lots: said as the seeds category too, which the category indexes walk (a public feed of
 * seeds walks listings_feed_category, not every listing), each row then checked for the details.
 */
export const seedFiltered = (query: ListingsQuery) =>
  !!query.pollination?.length || !!query.organic || !!query.can_mail || query.packed_within_years !== undefined;

export function filterShape(query: ListingsQuery, viewerId: number, sqlite: boolean, sort: ListingSort): FilterShape {
  return {
    mine: !!query.mine,
    seller: query.user_id !== undefined,
    ownOnly: !!query.mine || query.user_id === viewerId,
    public: !!query.public,
    friends: !!query.friends,
    types: query.type_id?.length ?? 0,
    category: query.category_id !== undefined || seedFiltered(query),
    minPrice: query.min_price !== undefined,
    maxPrice: query.max_price !== undefined,
    pollinations: query.pollination?.length ?? 0,
    organic: !!query.organic,
    canMail: !!query.can_mail,
    packedSince: query.packed_within_years !== undefined,
    priceHidden: sqlite && sort !== 'lowest' && sort !== 'highest',
    friendsArray: !!query.friends && !sqlite,
  };
}

/** The earliest year packed of "packed in the last `years` years": this year and the `years` - 1 before. */
export const packedSince = (years: number, now = Date.now()) => new Date(now).getUTCFullYear() - years + 1;

export function filterValues(query: ListingsQuery, viewerId: number): FilterValues {
  const values: FilterValues = {
    viewerId,
    sellerId: query.user_id,
    categoryId: query.category_id ?? (seedFiltered(query) ? CATEGORIES.seeds : undefined),
    minPrice: query.min_price,
    maxPrice: query.max_price,
    packedSince: query.packed_within_years === undefined ? undefined : packedSince(query.packed_within_years),
  };
  query.type_id?.forEach((type, i) => (values[`type${i}`] = type));
  query.pollination?.forEach((pollination, i) => (values[`pollination${i}`] = pollination));
  return values;
}

/**
 * The listings of a tab and its filters that the viewer may see, before any text or order.
 * It uses `values` only as values, so a page can be compiled once per shape (`listRead`).
 */
export function filteredListings(
  db: Executor,
  from: Drive,
  shape: FilterShape,
  v: FilterValues,
  recent?: Recent,
  owner = true,
) {
  return narrowed(listingIds(db, from, recent, owner), shape, v);
}

/** A query of listings, whatever else it joins. */
type OfListings = SelectQueryBuilder<Database, 'listings', object>;

/** `query` narrowed to what the viewer may see of the tab and its filters (on listings' own columns). */
function narrowed<Q>(query: Q, shape: FilterShape, v: FilterValues): Q {
  let q = (query as unknown as OfListings).where(visibleTo(v.viewerId));
  if (shape.mine) q = q.where('listings.owner_id', '=', v.viewerId);
  if (shape.seller) q = q.where('listings.owner_id', '=', v.sellerId!);
  if (shape.public) {
    q = q
      .where('listings.is_public', '=', 1)
      .where('listings.is_active', '=', 1)
      .where('listings.owner_id', '<>', v.viewerId);
  }
  if (shape.friends) {
    const friends = friendIdsOf(v.viewerId);
    q = q
      .where('listings.is_active', '=', 1)
      .where((eb) =>
        shape.oneFriend
          ? eb('listings.owner_id', '=', sql.ref<number>('friend.id'))
          : shape.friendsArray
            ? eb('listings.owner_id', '=', eb.fn<number>('any', [sql`array(${friends})`]))
            : eb('listings.owner_id', 'in', friends),
      );
  }
  if (!shape.ownOnly) {
    q = q.where((eb) =>
      eb.or([eb('listings.owner_id', '=', v.viewerId), eb('listings.state_id', '<>', LISTING_STATES.gone)]),
    );
  }
  if (shape.types > 0) {
    const types = Array.from({ length: shape.types }, (_, i) => v[`type${i}`]!);
    q = q.where('listings.type_id', 'in', types);
  }
  if (shape.category) q = q.where('listings.category_id', '=', v.categoryId!);
  const price = (eb: ExpressionBuilder<Database, 'listings'>) =>
    shape.priceHidden ? eb('listings.price', '+', 0) : eb.ref('listings.price');
  if (shape.minPrice) q = q.where((eb) => eb(price(eb), '>=', v.minPrice!));
  if (shape.maxPrice) q = q.where((eb) => eb(price(eb), '<=', v.maxPrice!));
  // A seed lot's details: checks of each row walked, as the type and price are (no index holds them).
  if (shape.pollinations > 0) {
    const pollinations = Array.from({ length: shape.pollinations }, (_, i) => v[`pollination${i}`]!);
    q = q.where('listings.pollination', 'in', pollinations);
  }
  if (shape.organic) q = q.where('listings.organic', '=', 1);
  if (shape.canMail) q = q.where('listings.can_mail', '=', 1);
  if (shape.packedSince) q = q.where('listings.packed_year', '>=', v.packedSince!);
  return q as unknown as Q;
}

/** Whether a list shows fewer of a ring's listings than the visibility rule leaves (`RingSearch`). */
export const filtersRings = (f: FilterShape) =>
  f.friends ||
  f.types > 0 ||
  f.category ||
  f.minPrice ||
  f.maxPrice ||
  f.pollinations > 0 ||
  f.organic ||
  f.canMail ||
  f.packedSince;
