import { LISTING_STATES, SWAP_CANDIDATES_PER_WANT, SWAP_OFFERS_MAX } from '@gardenswap/shared';
import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { isSqlite } from '../../db/dialect.js';
import { blockedEitherWay } from '../relations/index.js';
import { searchOfEachRow } from '../listings/index.js';
import { visibleTo } from '../listings/index.js';

/** A want as the swap finder reads it. */
export interface WantItem {
  id: number;
  title: string;
  category_id: number;
}

/** A member's want list. */
export function wantsOf(db: Executor, userId: number): Promise<WantItem[]> {
  return db
    .selectFrom('want_listings')
    .select(['id', 'title', 'category_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** One want of a member, or undefined. */
export function wantOf(db: Executor, userId: number, wantId: number): Promise<WantItem | undefined> {
  return db
    .selectFrom('want_listings')
    .select(['id', 'title', 'category_id'])
    .where('id', '=', wantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What a member can offer in a swap: their own listings that others may see at all (active, not
 * gone, neither hidden by a moderator nor suspended), newest first, at most `SWAP_OFFERS_MAX`.
 */
export function offersOf(db: Executor, userId: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'title', 'category_id', 'is_public'])
    .where('owner_id', '=', userId)
    .where('is_active', '=', 1)
    .where('state_id', '<>', LISTING_STATES.gone)
    .where('hidden_reason', 'is', null)
    .where('owner_suspended', '=', 0)
    .orderBy('id', 'desc')
    .limit(SWAP_OFFERS_MAX)
    .execute();
}
export type Offer = Awaited<ReturnType<typeof offersOf>>[number];

/**
 * Other members' listings that may satisfy one want of the viewer: the full-text index finds
 * titles holding any word of the want (the word matcher has the last word), then only those the
 * one visibility rule shows the viewer, on offer, whose owner wants something in a category the
 * viewer lists in. Newest first, at most `SWAP_CANDIDATES_PER_WANT`: bounded work per want.
 */
export async function candidateListings(
  db: Executor,
  viewerId: number,
  want: { category_id: number },
  words: string[],
  offerCategories: number[],
  onlyOwner?: number,
) {
  if (words.length === 0 || offerCategories.length === 0) return [];
  let q = db
    .selectFrom('listings')
    .select(['listings.id', 'listings.title', 'listings.owner_id'])
    .where('listings.category_id', '=', want.category_id)
    .where('listings.owner_id', '<>', viewerId)
    .where('listings.state_id', '<>', LISTING_STATES.gone)
    .where(visibleTo(viewerId))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('want_listings as ow')
          .select('ow.id')
          .whereRef('ow.user_id', '=', 'listings.owner_id')
          .where('ow.category_id', 'in', offerCategories),
      ),
    )
    .$if(onlyOwner !== undefined, (qb) => qb.where('listings.owner_id', '=', onlyOwner!));
  // Words are letters and digits only (the matcher's own split), so they cannot break either syntax.
  if (isSqlite(db)) {
    const match = `{title}: (${words.map((w) => `"${w}"`).join(' OR ')})`;
    const fts = sql<{ rowid: number }>`listings_fts`.as('fts');
    const sameRow = sql<SqlBool>`${sql.ref('fts.rowid')} = ${sql.ref('listings.id')}`;
    q = (onlyOwner === undefined
      ? q
          .innerJoin(fts, (join) => join.on(sameRow))
          .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${match}`)
          // FTS5 walks its rowids in order and stops at the limit.
          .orderBy(sql.ref('fts.rowid'), 'desc')
      : // One member's listings (their few, through the owner index) each looked up in the
        // full-text index by rowid: a CROSS JOIN keeps SQLite from walking every listing
        // holding the word, which grows with the marketplace.
        q
          .crossJoin(fts)
          .where(sameRow)
          .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${match}`)
          .orderBy('listings.id', 'desc')) as unknown as typeof q;
  } else if (onlyOwner === undefined) {
    const text = words.map((w) => `${w}:A`).join(' | ');
    q = q
      .where(sql<SqlBool>`${sql.ref('listings.search')} @@ to_tsquery('english', ${text})`)
      .orderBy('listings.id', 'desc');
  } else {
    // One member's few listings through the owner index, each checked on its own row: asked of
    // an index (`search`, or the titles' own), PostgreSQL would AND the owner's rows with every
    // listing holding the word (tens of thousands at 1M).
    const text = words.map((w) => `${w}:A`).join(' | ');
    q = q.where(sql<SqlBool>`${searchOfEachRow} @@ to_tsquery('english', ${text})`).orderBy('listings.id', 'desc');
  }
  return q.limit(SWAP_CANDIDATES_PER_WANT).execute();
}

/** The wants of the given members in the given categories (at most five per category each). */
export function wantsOfMembers(db: Executor, userIds: number[], categories: number[]) {
  if (userIds.length === 0 || categories.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('want_listings')
    .select(['id', 'title', 'category_id', 'user_id'])
    .where('user_id', 'in', userIds)
    .where('category_id', 'in', categories)
    .orderBy('id')
    .execute();
}

/** The public fields and coordinates of the given members (coordinates stay on the server). */
export function membersByIds(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'username', 'profile_picture', 'city', 'state', 'latitude', 'longitude'])
    .where('id', 'in', userIds)
    .where('deleted_at', 'is', null)
    .execute();
}

/** A member's accepted friends' ids. */
export async function friendIdList(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('friendships')
    .select(['user_low', 'user_high'])
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
    .execute();
  return new Set(rows.map((r) => (r.user_low === userId ? r.user_high : r.user_low)));
}

/** A listing's owner, title and category (whatever its state), or undefined. */
export function listingForSwaps(db: Executor, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'title', 'category_id'])
    .where('id', '=', listingId)
    .executeTakeFirst();
}

/** Wants in a category held by members other than `ownerId`, neither of whom blocked the other. */
export function wantsInCategory(db: Executor, ownerId: number, categoryId: number) {
  return db
    .selectFrom('want_listings as w')
    .select(['w.user_id', 'w.title'])
    .where('w.category_id', '=', categoryId)
    .where('w.user_id', '<>', ownerId)
    .where((eb) => eb.not(blockedEitherWay(ownerId, eb.ref('w.user_id'), eb)))
    .execute();
}
