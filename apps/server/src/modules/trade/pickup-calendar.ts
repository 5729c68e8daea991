import { TZDate } from '@date-fns/tz';
import { PICKUP_CALENDAR_MINUTES } from '@gardenswap/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** What a pickup's calendar entry says. */
export interface PickupEntry {
  listingId: number;
  listingTitle: string;
  /** The agreed UTC instant. */
  time: string;
  place: string | null;
  /** The member the reader meets. */
  withName: string;
  /** The reader's zone: the entry is written in it, with its VTIMEZONE. */
  timeZone: string;
  /** The listing's page, from the server's public origin. */
  url: string;
  /** When the pickup last changed: a later entry for the same listing replaces an earlier one. */
  updatedAt: string;
  cancelled?: boolean;
}

/**
 * A pickup as an iCalendar file (RFC 5545): one event in the reader's zone, named by the listing so
 * that a moved or cancelled pickup replaces the entry a calendar already holds (same UID, higher SEQUENCE).
 */
export function pickupCalendar(entry: PickupEntry): string {
  const host = new URL(entry.url).hostname;
  const start = new TZDate(entry.time, entry.timeZone);
  const end = new TZDate(Date.parse(entry.time) + PICKUP_CALENDAR_MINUTES * 60_000, entry.timeZone);
  const calendar = ical({
    prodId: { company: 'Gardenswap', product: 'Pickups', language: 'EN' },
    method: entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // No zone for the calendar itself, so DTSTAMP stays in UTC; each event's zone gets its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: `pickup-${entry.listingId}@${host}`,
    sequence: Math.floor(Date.parse(entry.updatedAt) / 1000),
    stamp: new Date(),
    start,
    end,
    timezone: entry.timeZone,
    summary: `Pickup: ${entry.listingTitle}`,
    description: `Meet ${entry.withName} to hand over “${entry.listingTitle}”. ${entry.url}`,
    location: entry.place,
    url: entry.url,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
