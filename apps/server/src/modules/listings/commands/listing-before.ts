import type { Executor } from '../../../db/schema.js';
import type { ListingBefore } from '../listing-events.js';

/** A listing as it is now, for the event of a change about to be made (`ListingBefore`). */
export function listingBefore(db: Executor, id: number): Promise<ListingBefore | undefined> {
  return db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'title', 'category_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
