import type { Event } from '@gardenswap/shared/events';

const RANGE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * "Sat, Jun 14, 10:00 AM – 2:00 PM": an event's start and end in the browser's zone, the day
 * written once when both fall on it; the year only when it is not this one; `zone` adds the zone's name.
 */
export function eventTimeRange(event: Pick<Event, 'starts_at' | 'ends_at'>, { zone = false } = {}): string {
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  const options: Intl.DateTimeFormatOptions = {
    ...RANGE,
    ...(start.getFullYear() !== new Date().getFullYear() ? { year: 'numeric' } : {}),
    ...(zone ? { timeZoneName: 'short' } : {}),
  };
  return new Intl.DateTimeFormat('en-US', options).formatRange(start, end);
}

/** "Sat, Jun 14, 10:00 AM": an instant a notice carries, in the browser's zone; null when it holds none. */
export function eventStartText(iso: string | null): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return new Intl.DateTimeFormat('en-US', RANGE).format(new Date(iso));
}

/** Whether the event is over. */
export const hasEnded = (event: Pick<Event, 'ends_at'>, now = Date.now()) => Date.parse(event.ends_at) <= now;
