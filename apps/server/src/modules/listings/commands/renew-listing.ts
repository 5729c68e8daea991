import { LISTING_STATES } from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import type { Writer } from '../../../plugins/events.js';

/**
 * The owner says their listing is still available: the clock restarts, the question of this cycle
 * is answered, and a paused listing is active again. Not for a gone listing. Whether it changed.
 */
export async function renewRow(db: Executor, ownerId: number, id: number, now: string) {
  const result = await db
    .updateTable('listings')
    .set({ renewed_at: now, renew_asked_at: null, paused_reason: null, is_active: 1, updated_at: now })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('state_id', '<>', LISTING_STATES.gone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Renews one of the owner's listings (`renewRow`); false for a gone one or none. */
export async function renewListing(app: Writer, ownerId: number, id: number, now: string) {
  if (!(await renewRow(app.db, ownerId, id, now))) return false;
  await app.events.emit('listing.changed', { listingId: id, ownerId });
  return true;
}
