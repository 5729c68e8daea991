import type { Gardener } from '@gardenswap/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { type Coordinates, coordinatesOfZip, distanceMiles, longitudeWeight } from '../../lib/geo.js';
import { blockedEitherWay } from '../relations/index.js';
import { friendCountOf } from '../relations/index.js';

interface Located {
  latitude: number | null;
  longitude: number | null;
  zip_code: string | null;
}

/** Where a member is, from the stored coordinates or else from the postcode's centroid. */
function pointOf(row: Located): Coordinates | null {
  if (row.latitude !== null && row.longitude !== null) return { latitude: row.latitude, longitude: row.longitude };
  return coordinatesOfZip(row.zip_code);
}

/**
 * What other members see of a member (a gardener's card, a listing's owner), and where they live,
 * which only ever leaves the server as a distance.
 */
export const MEMBER_CARD_COLUMNS = [
  'users.id',
  'users.username',
  'users.profile_picture',
  'users.city',
  'users.state',
  'users.zip_code',
  'users.latitude',
  'users.longitude',
] as const;

function members(db: Executor, viewerId: number) {
  return db
    .selectFrom('users')
    .select(MEMBER_CARD_COLUMNS)
    .select((eb) => friendCountOf(eb).as('friend_count'))
    .where('users.id', '<>', viewerId)
    .where('users.deleted_at', 'is', null)
    .where((eb: ExpressionBuilder<Database, 'users'>) => eb.not(blockedEitherWay(viewerId, eb.ref('users.id'), eb)));
}

async function viewerPoint(db: Executor, viewerId: number) {
  const row = await db
    .selectFrom('users')
    .select(['latitude', 'longitude', 'zip_code'])
    .where('id', '=', viewerId)
    .executeTakeFirst();
  return row ? pointOf(row) : null;
}

type Row = Located &
  Omit<Gardener, 'distance_miles' | 'friend_count'> & { friend_count: number | string | bigint | null };

function toGardener(row: Row, from: Coordinates | null): Gardener {
  const { latitude: _lat, longitude: _lon, ...rest } = row;
  return { ...rest, friend_count: Number(row.friend_count), distance_miles: distanceMiles(from, pointOf(row)) };
}

/** Members whose username contains `q` (any case), shortest names first, without me or blocked pairs. */
export async function searchGardeners(db: Executor, viewerId: number, q: string, limit: number): Promise<Gardener[]> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [rows, from] = await Promise.all([
    members(db, viewerId)
      .where(sql<boolean>`lower(users.username) like ${pattern} escape '\\'`)
      .orderBy(sql`length(users.username)`)
      .orderBy('users.username')
      .limit(limit)
      .execute(),
    viewerPoint(db, viewerId),
  ]);
  return rows.map((row) => toGardener(row, from));
}

/**
 * Members with known coordinates, nearest first. The database orders by a flat-earth
 * distance (longitude scaled by the cosine of my latitude), which ranks like the real one at
 * the scale of a neighbourhood and needs no trigonometry in SQL; the answer carries real miles.
 */
export async function nearbyGardeners(db: Executor, viewerId: number, limit: number): Promise<Gardener[]> {
  const from = await viewerPoint(db, viewerId);
  if (!from) return [];
  const scale = longitudeWeight(from);
  const rows = await members(db, viewerId)
    .where('users.latitude', 'is not', null)
    .where('users.longitude', 'is not', null)
    .orderBy(
      sql`(users.latitude - ${from.latitude}) * (users.latitude - ${from.latitude}) + (users.longitude - ${from.longitude}) * ${scale} * (users.longitude - ${from.longitude}) * ${scale}`,
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => toGardener(row, from));
}
