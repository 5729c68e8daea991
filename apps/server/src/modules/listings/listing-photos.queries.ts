import type { ListingPhoto } from '@gardenswap/shared';
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
export async function lockOwnListing(trx: Executor, ownerId: number, listingId: number) {
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
export function orderedPhotos(db: Executor, listingId: number) {
  return selectOrderedPhotos(db, { listingId });
}

/** Numbers the listing's photos 0.. in the given order and mirrors the first (the cover) on the listing. */
export async function writeOrder(
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
