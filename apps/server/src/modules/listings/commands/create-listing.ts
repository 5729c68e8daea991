import type { CreateListingInput } from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import type { Writer } from '../../../plugins/events.js';
import { type SavedPhoto, insertCoverPhoto } from '../listing-photos.queries.js';
import { seedLotColumns } from '../seed-lot-columns.js';

/**
 * Lists a member's new listing, with its photo's paths when one was uploaded (and, a seed lot,
 * its details: the input schema has already emptied them for any other category). `alongside` runs in
 * the same transaction with the new id (the request's idempotency record).
 */
export async function createListing(
  app: Writer,
  ownerId: number,
  input: CreateListingInput,
  image?: SavedPhoto,
  alongside?: (trx: Executor, id: number) => Promise<void>,
): Promise<number> {
  const id = await app.db.transaction().execute(async (trx) => {
    const row = await trx
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
        ...seedLotColumns(input),
        featured_image: image?.image ?? null,
        thumbnail: image?.thumbnail ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (image) await insertCoverPhoto(trx, row.id, image);
    await alongside?.(trx, row.id);
    return row.id;
  });
  await app.events.emit('listing.created', { listingId: id, ownerId });
  return id;
}
