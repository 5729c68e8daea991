import { LISTING_PHOTOS_MAX } from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import type { Writer } from '../../../plugins/events.js';
import { nowIso } from '../../../db/schema.js';
import { type SavedPhoto, lockOwnListing, orderedPhotos, writeOrder } from '../listing-photos.queries.js';

/** Whether a photo write changed anything: not refused (`full`, `missing`, `mismatch`). */
const changed = (result: unknown) => result !== 'full' && result !== 'missing' && result !== 'mismatch';

/**
 * Runs a photo write on one of the owner's listings, locked for its transaction (undefined when
 * the owner has no such listing); once it commits, tells that the listing's photos changed.
 */
async function photoWrite<R>(
  app: Writer,
  ownerId: number,
  listingId: number,
  write: (trx: Executor) => Promise<R>,
): Promise<R | undefined> {
  const result = await app.db
    .transaction()
    .execute(async (trx) => ((await lockOwnListing(trx, ownerId, listingId)) ? write(trx) : undefined));
  if (result !== undefined && changed(result))
    await app.events.emit('listing.changed', { listingId, ownerId, photosOnly: true });
  return result;
}

export type AddPhotoResult = 'added' | 'full' | undefined;

/**
 * Adds a photo at the end of one of the owner's listings (it becomes the cover when it is the
 * first). `full` at the limit; undefined when the owner has no such listing.
 */
export async function addListingPhoto(
  app: Writer,
  ownerId: number,
  listingId: number,
  photo: SavedPhoto,
  /** Written in the same transaction once the photo is added (the request's Idempotency-Key). */
  alsoWrite: (trx: Executor) => Promise<void> = async () => {},
): Promise<AddPhotoResult> {
  return photoWrite(app, ownerId, listingId, async (trx) => {
    const photos = await orderedPhotos(trx, listingId);
    if (photos.length >= LISTING_PHOTOS_MAX) return 'full';
    const row = await trx
      .insertInto('listing_photos')
      .values({ listing_id: listingId, position: photos.length, ...photo, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOrder(trx, listingId, [...photos, { id: row.id, ...photo }]);
    await alsoWrite(trx);
    return 'added';
  });
}

/**
 * Replaces the cover of one of the owner's listings (or adds it when there is none): the answer of
 * the single-photo call. Returns the replaced paths for removal; undefined when there is no such listing.
 */
export async function replaceCoverPhoto(
  app: Writer,
  ownerId: number,
  listingId: number,
  photo: SavedPhoto,
  /** Written in the same transaction once the cover is replaced (the request's Idempotency-Key). */
  alsoWrite: (trx: Executor) => Promise<void> = async () => {},
): Promise<{ removed: string[] } | undefined> {
  return photoWrite(app, ownerId, listingId, async (trx) => {
    const photos = await orderedPhotos(trx, listingId);
    const [cover, ...rest] = photos;
    if (cover) await trx.deleteFrom('listing_photos').where('id', '=', cover.id).execute();
    const row = await trx
      .insertInto('listing_photos')
      .values({ listing_id: listingId, position: 0, ...photo, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOrder(trx, listingId, [{ id: row.id, ...photo }, ...rest]);
    await alsoWrite(trx);
    return { removed: cover ? [cover.image, cover.thumbnail] : [] };
  });
}

/**
 * Removes one photo of one of the owner's listings (the next becomes the cover when it was the
 * cover); `photoId` undefined removes the cover. Returns its paths for removal from the store;
 * `missing` when the listing has no such photo; undefined when the owner has no such listing.
 */
export async function removeListingPhoto(
  app: Writer,
  ownerId: number,
  listingId: number,
  photoId?: number,
): Promise<{ removed: string[] } | 'missing' | undefined> {
  return photoWrite(app, ownerId, listingId, async (trx) => {
    const photos = await orderedPhotos(trx, listingId);
    const photo = photoId === undefined ? photos[0] : photos.find((p) => p.id === photoId);
    if (!photo) return photoId === undefined ? { removed: [] } : 'missing';
    await trx.deleteFrom('listing_photos').where('id', '=', photo.id).execute();
    await writeOrder(
      trx,
      listingId,
      photos.filter((p) => p.id !== photo.id),
    );
    return { removed: [photo.image, photo.thumbnail] };
  });
}

/**
 * Puts one of the owner's listings' photos in a new order, the cover first. `mismatch` unless the
 * ids are exactly the listing's photos, each once; undefined when there is no such listing.
 */
export async function reorderListingPhotos(
  app: Writer,
  ownerId: number,
  listingId: number,
  photoIds: number[],
): Promise<'ok' | 'mismatch' | undefined> {
  return photoWrite(app, ownerId, listingId, async (trx) => {
    const photos = await orderedPhotos(trx, listingId);
    const byId = new Map(photos.map((p) => [p.id, p]));
    const ordered = photoIds.map((id) => byId.get(id));
    if (new Set(photoIds).size !== photos.length || photoIds.length !== photos.length || ordered.includes(undefined))
      return 'mismatch';
    await writeOrder(trx, listingId, ordered as typeof photos);
    return 'ok';
  });
}
