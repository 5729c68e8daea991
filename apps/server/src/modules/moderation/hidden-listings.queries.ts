import { type HiddenListing, MODERATION_REPORTS_LIMIT } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { MODERATION_LISTING_COLUMNS, membersById, toModerationListing } from './moderation.queries.js';

/** The listings a moderator hid, the newest listing first, with their owners; photos signed for the moderator. */
export async function listHiddenListings(db: Executor, sign: PhotoSigner): Promise<HiddenListing[]> {
  const rows = await db
    .selectFrom('listings')
    .select(MODERATION_LISTING_COLUMNS)
    .where('listings.hidden_reason', 'is not', null)
    .orderBy('listings.id', 'desc')
    .limit(MODERATION_REPORTS_LIMIT)
    .execute();
  const owners = await membersById(db, [...new Set(rows.map((r) => r.owner_id))]);
  return rows.flatMap((row) => {
    const member = owners.get(row.owner_id);
    return member ? [{ listing: toModerationListing(row, sign), member }] : [];
  });
}

/** A listing as unhiding it needs: its owner, its title and whether it is hidden. */
export function findListingToUnhide(db: Executor, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'title', 'hidden_reason', 'owner_suspended'])
    .where('id', '=', listingId)
    .executeTakeFirst();
}

/**
 * Shows a hidden listing again (to whom the visibility rule lets see it). Conditional, so two
 * moderators unhiding at once change it once. Whether it was hidden.
 */
export async function unhideListingRow(db: Executor, listingId: number) {
  const shown = await db
    .updateTable('listings')
    .set({ hidden_reason: null })
    .where('id', '=', listingId)
    .where('hidden_reason', 'is not', null)
    .executeTakeFirst();
  return Number(shown.numUpdatedRows) > 0;
}
