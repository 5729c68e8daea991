import { createHash } from 'node:crypto';
import zipcodes from 'zipcodes';

/** A point on the globe in degrees; only the server ever holds one (never answered). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
export const MILES_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_MILES) / 180;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A radius in miles as squared degrees of latitude, the unit the nearness queries compare in. */
export const squaredRadius = (miles: number) => (miles / MILES_PER_DEGREE_LATITUDE) ** 2;

/**
 * The centroid of a US ZIP code, from the offline `zipcodes` table; null for anything it
 * does not know (a foreign postcode, a typo). ZIP+4 counts by its first five digits.
 */
export function coordinatesOfZip(postcode: string | null | undefined): Coordinates | null {
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(postcode ?? '')?.[1];
  const found = zip ? zipcodes.lookup(zip) : undefined;
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** The `users.latitude`/`longitude` columns for a postcode: nulls when it is not a known US ZIP code. */
export function zipCoordinateColumns(postcode: string | null | undefined) {
  const found = coordinatesOfZip(postcode);
  return { latitude: found?.latitude ?? null, longitude: found?.longitude ?? null };
}

/** Great-circle distance in miles. */
export function haversineMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to one decimal as the API answers them, or null when either side is unknown. */
export function distanceMiles(a: Coordinates | null, b: Coordinates | null): number | null {
  if (!a || !b) return null;
  return Math.round(haversineMiles(a, b) * 10) / 10;
}

/**
 * A latitude/longitude box that holds every point within `miles` of `center` (and a little
 * more near the corners): cheap to test in SQL, then refined by the exact distance.
 */
export function boundingBox(center: Coordinates, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // Near the poles a degree of longitude shrinks to nothing: the box then spans every longitude.
  const cosLat = Math.cos(radians(center.latitude));
  const dLon = cosLat > 1e-6 ? Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * cosLat)) : 180;
  return {
    minLatitude: center.latitude - dLat,
    maxLatitude: center.latitude + dLat,
    minLongitude: center.longitude - dLon,
    maxLongitude: center.longitude + dLon,
  };
}

/**
 * Weights of the equirectangular squared distance `(Δlat)² + (k·Δlon)²` with k = cos(lat) of
 * the viewer: good enough to order members by nearness at garden-swap distances, and it is
 * plain arithmetic that SQLite and PostgreSQL both compute.
 */
export function longitudeWeight(center: Coordinates): number {
  return Math.cos(radians(center.latitude));
}

/** How far a member's map spot lies from their ZIP code's centre, in miles: at least, at most. */
export const SPOT_MILES = { min: 0.15, max: 0.6 } as const;

/**
 * Where a map shows a member: their ZIP code's centre moved by an offset of their own, its
 * direction and length drawn from a hash of their id. The same for every viewer and every request,
 * so it cannot be averaged away, and made of nothing but the ZIP code (which their listings show
 * anyway): never their address. To 5 decimals (about a yard).
 */
export function mapSpot(memberId: number, centre: Coordinates): Coordinates {
  const hash = createHash('sha256').update(`gardenswap map spot ${memberId}`).digest();
  const angle = (hash.readUInt32BE(0) / 2 ** 32) * 2 * Math.PI;
  const miles = SPOT_MILES.min + (hash.readUInt32BE(4) / 2 ** 32) * (SPOT_MILES.max - SPOT_MILES.min);
  const dLat = (miles * Math.cos(angle)) / MILES_PER_DEGREE_LATITUDE;
  const dLon = (miles * Math.sin(angle)) / (MILES_PER_DEGREE_LATITUDE * Math.cos(radians(centre.latitude)));
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  return { latitude: round(centre.latitude + dLat), longitude: round(centre.longitude + dLon) };
}
