import { preparedQuery } from '../../../db/prepared-query.js';
import type { Executor } from '../../../db/schema.js';
import type { Coordinates } from '../../../lib/geo.js';
import { blockedEitherWayIds } from '../../relations/index.js';
import type { PublicFeed } from '../public-feed.js';

const selectCoordinates = preparedQuery(
  (db, { userId }: { userId: number }) =>
    db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', userId),
  { onePlan: true },
);

/** The coordinates of a member's postcode, or null while unknown. */
export async function coordinatesOf(db: Executor, userId: number): Promise<Coordinates | null> {
  const [row] = await selectCoordinates(db, { userId });
  return row ? coordinates(row.latitude, row.longitude) : null;
}

export const coordinates = (latitude: number | string | null, longitude: number | string | null) =>
  latitude === null || longitude === null ? null : { latitude: Number(latitude), longitude: Number(longitude) };

/** What sets the viewer's public feed apart (postcode and blocks), shared until a change drops it. */
export const feedViewer = (db: Executor, feed: PublicFeed, viewerId: number) =>
  feed.viewer(viewerId, async () => {
    const [coordinates, blocked] = await Promise.all([coordinatesOf(db, viewerId), blockedEitherWayIds(db, viewerId)]);
    return { coordinates, blocked };
  });
