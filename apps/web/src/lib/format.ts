import { LISTING_TYPES } from '@gardenswap/shared/constants';

/** "$12" for sell listings, else "exchange" or "giveaway" (spec: price or the type's word). */
export function priceLabel(listing: { type_id: number; price: number }): string {
  if (listing.type_id === LISTING_TYPES.exchange) return 'exchange';
  if (listing.type_id === LISTING_TYPES.giveaway) return 'giveaway';
  return `$${Math.round(listing.price)}`;
}

/** "14:05": hour and minute of a message, in the member's time zone. */
export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** A chat's date divider: "Today", "Yesterday" or the date. */
export function dayLabel(iso: string, now = new Date()): string {
  const day = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return day.toLocaleDateString([], { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** "city, state", or the spec's "Location not specified". */
export function locationLabel(place: { city?: string | null; state?: string | null }): string {
  const parts = [place.city, place.state].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Location not specified';
}

/**
 * "2.3 mi" from the server's distance_miles (already rounded to 0.1): one decimal nearby,
 * whole miles from 10 on; undefined when either postcode is unknown.
 */
export function distanceLabel(miles: number | null | undefined): string | undefined {
  if (miles === null || miles === undefined) return undefined;
  if (miles < 0.1) return '< 0.1 mi';
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles).toLocaleString('en-US')} mi`;
}
