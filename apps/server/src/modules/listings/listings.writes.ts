import {
  type CreateListingInput,
  LISTING_STATES,
  type UpdateListingInput,
  priceProblem,
  storedPrice,
  TRADE_TEXTS,
} from '@gardenswap/shared';
import type { DB, Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { insertCoverPhoto } from './listing-photos.queries.js';

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
  if (image) await insertCoverPhoto(db, row.id, image);
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
    .returning(['type_id', 'price', 'featured_image', 'thumbnail', 'state_id', 'reserved_for_id'])
    .executeTakeFirst();
}

export type UpdateResult =
  /** `unreservedFor`: the member the listing was reserved for until this edit moved it off Reserved. */
  | { ok: true; unreservedFor: number | null }
  | { ok: false; field: 'price' | 'state_id'; problem: string }
  /** A handed-over listing cannot come back: its trade says it changed hands. */
  | { ok: false; conflict: string }
  | undefined;

/**
 * Whether a status set by hand agrees with the trade: Reserved only through "Reserve for …"
 * (so it stays when already reserved and is refused otherwise), and a listing handed over
 * through a trade stays Gone. Any other change is allowed: Gone without a trade is a sale
 * outside the app.
 */
async function stateProblem(
  trx: Executor,
  id: number,
  current: { state_id: number },
  next: number | undefined,
): Promise<Exclude<UpdateResult, { ok: true } | undefined> | undefined> {
  if (next === undefined || next === current.state_id) return undefined;
  if (next === LISTING_STATES.reserved)
    return { ok: false, field: 'state_id', problem: TRADE_TEXTS.reserveThroughTrade };
  if (current.state_id === LISTING_STATES.gone) {
    const trade = await trx.selectFrom('trades').select('id').where('listing_id', '=', id).executeTakeFirst();
    if (trade) return { ok: false, conflict: TRADE_TEXTS.listingGone };
  }
  return undefined;
}

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
    if (problem) return { ok: false, field: 'price', problem };
    const refused = await stateProblem(trx, id, current, patch.state_id);
    if (refused) return refused;
    // Leaving Reserved (to Available or Gone) ends the reservation, as un-reserving does.
    const unreserve =
      patch.state_id !== undefined &&
      patch.state_id !== LISTING_STATES.reserved &&
      current.state_id === LISTING_STATES.reserved;
    const { is_active, is_public, ...fields } = patch;
    await trx
      .updateTable('listings')
      .set({
        ...fields,
        ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
        ...(is_public === undefined ? {} : { is_public: is_public ? 1 : 0 }),
        ...(unreserve ? { reserved_for_id: null, pickup_note: null } : {}),
        type_id: typeId,
        price: storedPrice(typeId, price),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return { ok: true, unreservedFor: unreserve ? current.reserved_for_id : null };
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
