import { nowIso } from '../../../db/schema.js';
import type { Writer } from '../../../plugins/events.js';
import { listingBefore } from './listing-before.js';

/** Public or friends only, for one of the owner's listings; false when there is none. */
export async function setListingVisibility(app: Writer, ownerId: number, id: number, isPublic: boolean) {
  const before = await listingBefore(app.db, id);
  const result = await app.db
    .updateTable('listings')
    .set({ is_public: isPublic ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await app.events.emit('listing.changed', { listingId: id, ownerId, before });
  return true;
}
