import { TZDate } from '@date-fns/tz';
import { DIGEST_HOUR, DIGEST_WEEKDAY } from '@gardenswap/shared';

/** The member's next Saturday morning after `now`, in their own zone (daylight saving included), as a UTC instant. */
export function nextDigestAt(timeZone: string, now: number): string {
  const local = new TZDate(now, timeZone);
  const slot = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), DIGEST_HOUR, 0, 0, timeZone);
  slot.setDate(slot.getDate() + ((DIGEST_WEEKDAY - slot.getDay() + 7) % 7));
  if (slot.getTime() <= now) slot.setDate(slot.getDate() + 7);
  return new Date(slot.getTime()).toISOString();
}
