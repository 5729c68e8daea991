/** A map's area as the address and the server write it: west,south,east,north in degrees. */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The lower 48 states, where a map with no area of its own starts. */
export const WHOLE_COUNTRY: MapArea = { west: -125, south: 24, east: -66, north: 50 };

/** Five decimals, about a yard: an address that stays short and reads the same for the same view. */
const fixed = (degrees: number) => Number(degrees.toFixed(5));

export const areaText = (a: MapArea) => [a.west, a.south, a.east, a.north].map(fixed).join(',');

/** The area an address names, or undefined for none or one that is not an area. */
export function readArea(text: string | null): MapArea | undefined {
  if (!text) return undefined;
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return undefined;
  const [west, south, east, north] = parts as [number, number, number, number];
  if (west < -180 || east > 180 || south < -90 || north > 90 || west >= east || south >= north) return undefined;
  return { west, south, east, north };
}

/** The same area kept inside the server's bounds (a view zoomed far out may reach past them). */
export const clampArea = (a: MapArea): MapArea => ({
  west: Math.max(-180, a.west),
  south: Math.max(-90, a.south),
  east: Math.min(180, a.east),
  north: Math.min(90, a.north),
});
