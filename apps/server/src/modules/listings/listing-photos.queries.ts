import { LISTING_PHOTOS_MAX, type ListingPhoto } from '@gardenswap/shared';
import type { Expression } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { isSqlite } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { DB, Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { PhotoSigner } from '../images/photo-urls.js';

/** A stored photo's two paths, as `app.images.save` answers them. */
export interface SavedPhoto {
  image: string;
  thumbnail: string;
}

/**
 * Stamps `updated_at` on one of the owner's listings, taking its row lock on PostgreSQL (SQLite
 * runs one writer at a time anyway), so two photo calls on one listing never interleave.
 * False when the owner has no such listing.
 */
async function lockOwnListing(trx: Executor, ownerId: number, listingId: number) {
  const result = await trx
    .updateTable('listings')
    .set({ updated_at: nowIso() })
    .where('id', '=', listingId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type PhotoRow = Awaited<ReturnType<typeof selectOrderedPhotos>>[number];

const selectOrderedPhotos = preparedQuery(
  (db, { listingId }: { listingId: number }) =>
    db
      .selectFrom('listing_photos')
      .select(['id', 'image', 'thumbnail'])
      .where('listing_id', '=', listingId)
      .orderBy('position')
      .orderBy('id'),
  { onePlan: true },
);

/** A listing's photo rows in order, the cover first (whoever asks: see `signedPhotos`). */
function orderedPhotos(db: Executor, listingId: number) {
  return selectOrderedPhotos(db, { listingId });
}

/** Numbers the listing's photos 0.. in the given order and mirrors the first (the cover) on the listing. */
async function writeOrder(
  trx: Executor,
  listingId: number,
  photos: { id: number; image: string; thumbnail: string }[],
) {
  for (const [position, photo] of photos.entries()) {
    await trx.updateTable('listing_photos').set({ position }).where('id', '=', photo.id).execute();
  }
  const cover = photos[0];
  await trx
    .updateTable('listings')
    .set({ featured_image: cover?.image ?? null, thumbnail: cover?.thumbnail ?? null })
    .where('id', '=', listingId)
    .execute();
}

/**
 * A listing's photos as one JSON array, for the listing's own query to carry them (`listing`: the
 * listing's id there). `photosFromJson` reads it.
 */
export function photosJson(db: Executor, listing: Expression<number>) {
  const photos = db
    .selectFrom('listing_photos')
    .select(['id', 'image', 'thumbnail', 'position'])
    .where('listing_id', '=', listing);
  return isSqlite(db) ? sqliteJsonArrayFrom(photos) : postgresJsonArrayFrom(photos);
}

/**
 * The photos `photosJson` carried, in order, the cover first. SQLite hands JSON over as text, and
 * neither database promises the order an aggregate meets its rows in.
 */
export function photosFromJson(json: unknown): PhotoRow[] {
  const photos = (typeof json === 'string' ? JSON.parse(json) : json) as (PhotoRow & { position: number })[];
  return photos
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(({ id, image, thumbnail }) => ({ id, image, thumbnail }));
}

/** A listing's photos in order, the cover first, with paths as this viewer may fetch them. */
export function signedPhotos(rows: PhotoRow[], sign: PhotoSigner, access: Parameters<PhotoSigner>[1]): ListingPhoto[] {
  return rows.map((r) => ({ id: r.id, image: sign(r.image, access)!, thumbnail: sign(r.thumbnail, access)! }));
}

/** Records the first photo of a listing just created (`insertListing` wrote it on the row already). */
export async function insertCoverPhoto(db: Executor, listingId: number, photo: SavedPhoto) {
  await db
    .insertInto('listing_photos')
    .values({ listing_id: listingId, position: 0, ...photo, created_at: nowIso() })
    .execute();
}

export type AddPhotoResult = 'added' | 'full' | undefined;

/**
 * Adds a photo at the end of one of the owner's listings (it becomes the cover when it is the
 * first). `full` at the limit; undefined when the owner has no such listing.
 */
export function addListingPhoto(
  db: DB,
  ownerId: number,
  listingId: number,
  photo: SavedPhoto,
  /** Written in the same transaction once the photo is added (the request's Idempotency-Key). */
  alsoWrite: (trx: Executor) => Promise<void> = async () => {},
): Promise<AddPhotoResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnListing(trx, ownerId, listingId))) return undefined;
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
export function replaceCoverPhoto(
  db: DB,
  ownerId: number,
  listingId: number,
  photo: SavedPhoto,
  /** Written in the same transaction once the cover is replaced (the request's Idempotency-Key). */
  alsoWrite: (trx: Executor) => Promise<void> = async () => {},
): Promise<{ removed: string[] } | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnListing(trx, ownerId, listingId))) return undefined;
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
export function removeListingPhoto(
  db: DB,
  ownerId: number,
  listingId: number,
  photoId?: number,
): Promise<{ removed: string[] } | 'missing' | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnListing(trx, ownerId, listingId))) return undefined;
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
export function reorderListingPhotos(
  db: DB,
  ownerId: number,
  listingId: number,
  photoIds: number[],
): Promise<'ok' | 'mismatch' | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnListing(trx, ownerId, listingId))) return undefined;
    const photos = await orderedPhotos(trx, listingId);
    const byId = new Map(photos.map((p) => [p.id, p]));
    const ordered = photoIds.map((id) => byId.get(id));
    if (new Set(photoIds).size !== photos.length || photoIds.length !== photos.length || ordered.includes(undefined))
      return 'mismatch';
    await writeOrder(trx, listingId, ordered as typeof photos);
    return 'ok';
  });
}

/**
 * Deletes one of the owner's listings and returns every stored path of its photos for removal
 * (the rows go by cascade). Locked first, so a photo added meanwhile is either in the answer or refused.
 */
export function deleteListingWithPhotos(db: DB, ownerId: number, listingId: number): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnListing(trx, ownerId, listingId))) return undefined;
    const photos = await orderedPhotos(trx, listingId);
    const listing = await trx
      .deleteFrom('listings')
      .where('id', '=', listingId)
      .returning(['featured_image', 'thumbnail'])
      .executeTakeFirstOrThrow();
    const paths = [listing.featured_image, listing.thumbnail, ...photos.flatMap((p) => [p.image, p.thumbnail])];
    return [...new Set(paths.filter((p): p is string => p !== null))];
  });
}

/** How many photos a listing has (a cheap refusal at the limit before an upload is processed). */
export async function countListingPhotos(db: Executor, listingId: number): Promise<number> {
  const row = await db
    .selectFrom('listing_photos')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
