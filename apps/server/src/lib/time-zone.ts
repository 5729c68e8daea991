import tzLookup from '@photostructure/tz-lookup';

/** The zone of times shown to a member who has told us none and has no ZIP code. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

/**
 * A member's time zone: the one their browser last gave, else their ZIP code centre's (looked up
 * from its coordinates), else the fallback.
 */
export function memberTimeZone(member: {
  time_zone: string | null;
  latitude: number | null;
  longitude: number | null;
}): string {
  if (member.time_zone) return member.time_zone;
  if (member.latitude !== null && member.longitude !== null) {
    try {
      return tzLookup(member.latitude, member.longitude);
    } catch {
      return FALLBACK_TIME_ZONE;
    }
  }
  return FALLBACK_TIME_ZONE;
}
