import type { Listing } from '@gardenswap/shared';
import { preparedQuery } from '../../../db/prepared-query.js';
import type { Executor } from '../../../db/schema.js';
import { type Coordinates, mapSpot } from '../../../lib/geo.js';
import type { PhotoSigner } from '../../images/photo-urls.js';
import { type PhotoRow, photosFromJson, photosJson, signedPhotos } from '../listing-photos.queries.js';
import type { PublicFeed } from '../public-feed.js';
import { NOBODY, visibleTo } from '../visibility.js';
import { type ListingRow, listingSelect, photoAccess, toListing } from './listing-row.js';
import { coordinates, feedViewer } from './viewer.js';

/**
 * A listing the viewer may see, with its photos and the viewer's own coordinates, in one query:
 * on PostgreSQL each round trip costs more than the lookups themselves.
 */
const selectVisibleListing = preparedQuery(
  (db, { viewerId, id }: { viewerId: number; id: number }) => {
    const viewer = db.selectFrom('users as viewer').where('viewer.id', '=', viewerId);
    return listingSelect(db)
      .where('listings.id', '=', id)
      .where(visibleTo(viewerId))
      .select((eb) => [
        photosJson(db, eb.ref('listings.id')).as('photos'),
        viewer.select('viewer.latitude').as('viewer_latitude'),
        viewer.select('viewer.longitude').as('viewer_longitude'),
      ]);
  },
  { onePlan: true },
);

/**
 * One listing if the viewer may see it; undefined alike for a missing and a hidden one. With
 * `feed`, a listing open to every member is read once for all of them (`PublicFeed.listing`):
 * the visibility rule leaves it to everyone but members blocked either way with its owner, which
 * the viewer's shared blocks tell. Any other listing is read for the viewer, as without it.
 */
export async function getVisibleListing(
  db: Executor,
  viewerId: number,
  id: number,
  sign: PhotoSigner,
  feed?: PublicFeed,
): Promise<Listing | undefined> {
  if (feed) {
    const open = await feed.listing(id, async () => {
      const [row] = await selectVisibleListing(db, { viewerId: NOBODY, id });
      return row ? { row, photos: photosFromJson(row.photos) } : null;
    });
    if (open) {
      const viewer = await feedViewer(db, feed, viewerId);
      if (open.row.owner_id !== viewerId && viewer.blocked.has(open.row.owner_id)) return undefined;
      return withPhotos(open.row, open.photos, viewer.coordinates, sign);
    }
  }
  const [row] = await selectVisibleListing(db, { viewerId, id });
  if (!row) return undefined;
  return withPhotos(row, photosFromJson(row.photos), coordinates(row.viewer_latitude, row.viewer_longitude), sign);
}

/** A listing's page: the listing as lists show it, its photos, and where a map shows it. */
const withPhotos = (row: ListingRow, photos: PhotoRow[], viewer: Coordinates | null, sign: PhotoSigner) => {
  const centre = coordinates(row.owner_latitude, row.owner_longitude);
  return {
    ...toListing(row, viewer, sign),
    photos: signedPhotos(photos, sign, photoAccess(row)),
    spot: centre && mapSpot(row.owner_id, centre),
  };
};

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
