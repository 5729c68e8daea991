import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** What an event's calendar entry says. */
export interface EventEntry {
  eventId: number;
  title: string;
  description: string;
  /** UTC instants. */
  startsAt: string;
  endsAt: string;
  /** The place, its address and ZIP code, as one line. */
  location: string;
  hostName: string;
  /** The reader's zone: the entry is written in it, with its VTIMEZONE. */
  timeZone: string;
  /** The event's page, from the server's public origin. */
  url: string;
  /** How many changes the event has had: a later entry for it replaces an earlier one. */
  sequence: number;
  cancelled?: boolean;
}

/**
 * An event as an iCalendar file (RFC 5545): one entry in the reader's zone, named by the event so
 * that a changed or cancelled event replaces the entry a calendar already holds (same UID, higher SEQUENCE).
 */
export function eventCalendar(entry: EventEntry): string {
  const host = new URL(entry.url).hostname;
  const calendar = ical({
    prodId: { company: 'Gardenswap', product: 'Events', language: 'EN' },
    method: entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // No zone for the calendar itself, so DTSTAMP stays in UTC; the event's zone gets its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const about = entry.description ? `${entry.description}\n\n` : '';
  calendar.createEvent({
    id: `event-${entry.eventId}@${host}`,
    sequence: entry.sequence,
    stamp: new Date(),
    start: new TZDate(entry.startsAt, entry.timeZone),
    end: new TZDate(entry.endsAt, entry.timeZone),
    timezone: entry.timeZone,
    summary: entry.title,
    description: `${about}Hosted by ${entry.hostName} on Gardenswap. ${entry.url}`,
    location: entry.location,
    url: entry.url,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The place of an event as one line: its name, address and ZIP code. */
export const locationOf = (event: { place_name: string; address: string | null; zip_code: string }) =>
  [event.place_name, event.address, event.zip_code].filter(Boolean).join(', ');
