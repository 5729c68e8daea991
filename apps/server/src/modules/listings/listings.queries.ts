import {
  type CreateListingInput,
  LISTING_STATES,
  type Listing,
  type ListingsQuery,
  type UpdateListingInput,
  encodeListingsCursor,
  priceProblem,
  storedPrice,
} from '@gardenswap/shared';
import type { DB, Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { friendIdsOf } from '../friends/friends.sql.js';
import { visibleTo } from './visibility.js';

/**
 * Every listing read starts here: the listing's columns and its owner's public fields in
 * one join (never a query per card). The owner's address and apt are not selected.
 */
export function listingSelect(db: Executor) {
  return db
    .selectFrom('listings')
    .innerJoin('users as owner', 'owner.id', 'listings.owner_id')
    .select([
      'listings.id',
      'listings.title',
      'listings.description',
      'listings.price',
      'listings.featured_image',
      'listings.thumbnail',
      'listings.is_active',
      'listings.is_public',
      'listings.type_id',
      'listings.state_id',
      'listings.category_id',
      'listings.owner_id',
      'listings.created_at',
      'listings.updated_at',
      'owner.username as owner_username',
      'owner.profile_picture as owner_profile_picture',
      'owner.city as owner_city',
      'owner.state as owner_state',
      'owner.zip_code as owner_zip_code',
    ]);
}

export type ListingRow = Awaited<ReturnType<ReturnType<typeof listingSelect>['executeTakeFirstOrThrow']>>;

/** A row of `listingSelect` as the API answers it: flags as booleans, ISO timestamps. */
export function toListing(row: ListingRow): Listing {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    featured_image: row.featured_image,
    thumbnail: row.thumbnail,
    is_active: row.is_active === 1,
    is_public: row.is_public === 1,
    type_id: row.type_id,
    state_id: row.state_id,
    category_id: row.category_id,
    owner_id: row.owner_id,
    owner: {
      id: row.owner_id,
      username: row.owner_username,
      profile_picture: row.owner_profile_picture,
      city: row.owner_city,
      state: row.owner_state,
      zip_code: row.owner_zip_code,
    },
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** One listing if the viewer may see it; undefined alike for a missing and a hidden one. */
export async function getVisibleListing(db: Executor, viewerId: number, id: number): Promise<Listing | undefined> {
  const row = await listingSelect(db).where('listings.id', '=', id).where(visibleTo(viewerId)).executeTakeFirst();
  return row && toListing(row);
}

/** Who owns a listing the viewer may see (for the owner-only calls' 403 versus 404). */
export async function getVisibleOwner(db: Executor, viewerId: number, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('listings')
    .select('listings.owner_id')
    .where('listings.id', '=', id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
  return row?.owner_id;
}

export interface ListingsPage {
  listings: Listing[];
  /** The cursor of the next page, when there may be one. */
  next?: string;
}

/**
 * One page of GET /listings/, newest first, keyset on id. Each tab keeps to an index:
 * mine and user_id walk listings_owner_id (owner_id, id), public walks
 * listings_public_feed (is_public, is_active, id). Gone listings stay on their owner's
 * lists only: the public and friends tabs and other members' pages leave them out.
 */
export async function listListings(db: Executor, viewerId: number, query: ListingsQuery): Promise<ListingsPage> {
  let q = listingSelect(db).where(visibleTo(viewerId));
  if (query.mine) q = q.where('listings.owner_id', '=', viewerId);
  if (query.user_id !== undefined) q = q.where('listings.owner_id', '=', query.user_id);
  if (query.public) {
    q = q
      .where('listings.is_public', '=', 1)
      .where('listings.is_active', '=', 1)
      .where('listings.owner_id', '<>', viewerId);
  }
  if (query.friends) {
    q = q.where('listings.is_active', '=', 1).where('listings.owner_id', 'in', friendIdsOf(viewerId));
  }
  const othersOnly = query.public || query.friends || (query.user_id !== undefined && query.user_id !== viewerId);
  if (othersOnly) q = q.where('listings.state_id', '<>', LISTING_STATES.gone);
  if (query.cursor !== undefined) q = q.where('listings.id', '<', query.cursor);
  // One row more than the page tells whether a next page exists without counting.
  const rows = await q
    .orderBy('listings.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const listings = rows.slice(0, query.limit).map(toListing);
  const last = listings.at(-1);
  return rows.length > query.limit && last ? { listings, next: encodeListingsCursor(last.id) } : { listings };
}

/** Inserts a member's new listing, with its photo's paths when one was uploaded. */
export async function insertListing(
  db: Executor,
  ownerId: number,
  input: CreateListingInput,
  image?: { image: string; thumbnail: string },
): Promise<number> {
  const row = await db
    .insertInto('listings')
    .values({
      owner_id: ownerId,
      title: input.title,
      description: input.description,
      price: input.price,
      is_active: input.is_active ? 1 : 0,
      is_public: input.is_public ? 1 : 0,
      type_id: input.type_id,
      state_id: input.state_id,
      category_id: input.category_id,
      featured_image: image?.image ?? null,
      thumbnail: image?.thumbnail ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stamps `updated_at` on one of the owner's listings and returns what it held. Writing
 * first takes the row lock on PostgreSQL (SQLite runs one writer at a time anyway), so
 * what the caller reads cannot change under it until the transaction ends.
 */
function lockOwnListing(trx: Executor, ownerId: number, id: number) {
  return trx
    .updateTable('listings')
    .set({ updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(['type_id', 'price', 'featured_image', 'thumbnail'])
    .executeTakeFirst();
}

export type UpdateResult = { ok: true } | { ok: false; problem: string } | undefined;

/**
 * Applies an owner's edit. The price rule is checked against the listing as it will be
 * (stored type and price merged with the change); a non-sell listing stores price 0.
 * Undefined when the owner has no such listing.
 */
export function updateOwnListing(
  db: DB,
  ownerId: number,
  id: number,
  patch: UpdateListingInput,
): Promise<UpdateResult> {
  return db.transaction().execute(async (trx) => {
    const current = await lockOwnListing(trx, ownerId, id);
    if (!current) return undefined;
    const typeId = patch.type_id ?? current.type_id;
    const price = patch.price ?? Number(current.price);
    const problem = priceProblem(typeId, price);
    if (problem) return { ok: false, problem };
    const { is_active, is_public, ...fields } = patch;
    await trx
      .updateTable('listings')
      .set({
        ...fields,
        ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
        ...(is_public === undefined ? {} : { is_public: is_public ? 1 : 0 }),
        type_id: typeId,
        price: storedPrice(typeId, price),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return { ok: true };
  });
}

/**
 * Points one of the owner's listings at a new photo (or none) and returns the paths it
 * held before, for the caller to remove; undefined when the owner has no such listing.
 */
export function setListingImage(
  db: DB,
  ownerId: number,
  id: number,
  image: { image: string; thumbnail: string } | null,
): Promise<{ featured_image: string | null; thumbnail: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const previous = await lockOwnListing(trx, ownerId, id);
    if (!previous) return undefined;
    await trx
      .updateTable('listings')
      .set({ featured_image: image?.image ?? null, thumbnail: image?.thumbnail ?? null })
      .where('id', '=', id)
      .execute();
    return { featured_image: previous.featured_image, thumbnail: previous.thumbnail };
  });
}

/** Public or friends only, for one of the owner's listings; false when there is none. */
export async function setListingVisibility(db: Executor, ownerId: number, id: number, isPublic: boolean) {
  const result = await db
    .updateTable('listings')
    .set({ is_public: isPublic ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes one of the owner's listings and returns its photo paths for removal. */
export function deleteOwnListing(db: Executor, ownerId: number, id: number) {
  return db
    .deleteFrom('listings')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(['featured_image', 'thumbnail'])
    .executeTakeFirst();
}
