import type { Spot } from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import { mapSpot } from '../../../lib/geo.js';

/** The map spot of each owner (null for one without a ZIP code), from their postcode's centre. */
export async function ownerSpots(db: Executor, ownerIds: number[]): Promise<Map<number, Spot | null>> {
  const spots = new Map<number, Spot | null>();
  if (ownerIds.length === 0) return spots;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'latitude', 'longitude'])
    .where('id', 'in', [...new Set(ownerIds)])
    .execute();
  for (const row of rows) {
    spots.set(
      row.id,
      row.latitude === null || row.longitude === null
        ? null
        : mapSpot(row.id, { latitude: Number(row.latitude), longitude: Number(row.longitude) }),
    );
  }
  return spots;
}
